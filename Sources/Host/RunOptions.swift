import InputEvents
import Pipeline
import TouchInput
import TouchKit
import TouchScene

/// How `touchbridge run` was asked to work.
package struct RunOptions: Sendable {
    /// Text or JSON Lines (`--json`).
    public var format: HandlerLog.Format = .text
    /// The screen in points; nil: the scene's, else the first panel's display's mode, else its
    /// own size.
    public var screen: Size?
    /// The mode of the display the first panel is on (`Displays`' matching), which the daemon
    /// finds for live panels: the screen when neither the option nor the scene gives one.
    package var displayMode: Size?
    /// `--output NAME`: the display the panels read are on, instead of the matching rules.
    public var output: String?
    /// The screen's rotation clockwise (`--rotate`), for panels without one of their own; nil:
    /// their display's panel orientation, else none.
    public var rotation: ScreenMapper.Rotation?
    /// How far the picture of the display the first panel is on turns upright (its panel
    /// orientation), which `takeDisplayMode` finds: the rotation when `rotation` is nil.
    package var displayTurn: ScreenMapper.Rotation?
    /// Overrides the devices' `LIBINPUT_CALIBRATION_MATRIX`.
    public var calibration: ScreenMapper.Calibration?
    /// Grab the panels for exclusive access (`--grab`).
    public var grab = false
    /// Recordings with `--socket`: play nothing until the first client has connected and sent
    /// its subscription (or a second has passed since it connected) (`--wait-for-client`).
    public var waitForClient = false
    /// Recordings with `--realtime`: play nothing for this many seconds (`--start-delay`).
    public var startDelay: Double?
    /// Reset a panel that stays silent when its display comes back on (`--reset-on-wake`).
    public var resetOnWake = false
    /// Show every contact on the panels' displays while running (`--spots`): the command
    /// line's `spots`, at this path, started beside the daemon; nil: not shown.
    public var spotsProgram: String?
    /// Re-create each panel, corrected, as a uinput touchscreen (`--virtual-touchscreen`).
    public var virtualTouchscreen = false
    /// Give each panel a uinput absolute pointer driven by touch gestures (`--virtual-pointer`).
    public var virtualPointer = false
    /// How the virtual pointer's gestures behave (`--pointer-scroll`).
    public var pointerGestures = PointerGestures.Settings()
    /// At most this many contacts down on each virtual touchscreen (`--forward-contacts`).
    public var forwardContacts: Int?
    /// Cancel a contact that rests within its panel's jitter this long, seconds (`--ghost-after`).
    public var ghostAfter: Double?
    /// Send fingers already on the glass at start to the window (`--adopt-initial-touches`).
    public var adoptInitialTouches = false
    /// Pen and touch arbitration (`--no-pen-arbitration` turns it off).
    public var penArbitration = true
    /// Of a `libinput record` file holding several devices, only this one (`--device`; nil: each).
    public var recordedDevice: Int?
    /// Recordings only: play at the recorded pace instead of as fast as possible.
    public var realtime = false
    /// Per-panel settings from the command line (`--panel`, `--hysteresis`, `--mask`).
    public var rules = PanelRules()
    /// `--keys`: read keyboards and media keys (remote control) even when the scene does not
    /// ask for them.
    public var keys = false
    /// `--metrics-file`: a Prometheus text file kept up to date (nil: no metrics).
    public var metricsFile: String?
    /// The least time between two writes of the metrics file (seconds).
    public var metricsInterval = 1.0
    /// `--socket`: the event socket's path (nil: none, unless systemd passes one).
    public var socketPath: String?
    /// Use a listening socket systemd passes (`LISTEN_FDS`) as the event socket.
    public var socketActivation = true
    /// Seconds a socket client may go on losing lines before it is disconnected.
    public var socketStallLimit = 30.0
    /// `--socket-events`: the kinds the socket serves (a client subscribes to these or fewer).
    public var socketEvents = HandlerLog.Kinds.all
    /// The group whose members may command the kiosk over the socket, besides the daemon's
    /// uid and root (`--control-group`; nil: none). The package's group by default, when it exists.
    public var controlGroup: String? = "touchbridge-control"
    /// `--log-events`: the kinds of line standard output gets.
    public var logEvents = HandlerLog.Kinds.all

    public init() {}

    /// The screen size and where it comes from, as every tool says it: the option, else the
    /// scene's, else the panel's display's mode, else the panel's own size at 96 dpi.
    package func screenInForce(scene: Scene?, first: DeviceDescription?) -> (size: Size, source: String) {
        if let screen { return (screen, "--screen") }
        if let s = scene?.screenSize { return (Size(width: s.width, height: s.height), "the scene's") }
        if let displayMode { return (displayMode, "the mode of the display the panel is on") }
        if let d = first, let m = ScreenMapper(device: d, rotation: rotation ?? .none) {
            return (Size(width: m.width, height: m.height), "the panel's size at 96 dpi")
        }
        return (Size(width: 1920, height: 1080), "no size known")
    }

    /// The screen space and the scene to build for panels placed as `placements`: the screen
    /// is the option, else the scene's, else the bounding box of the panels' rectangles,
    /// else the first panel's own size; without a scene, the built-in one gets a window per
    /// distinct screen rectangle.
    package func layout(scene: Scene?, placements: [PanelPlacement], first: DeviceDescription?) -> (
        screen: Size, scene: Scene
    ) {
        let explicit = placements.compactMap(\.rect) + rules.rects.map(\.1)
        var size = screen ?? scene?.screenSize.map { Size(width: $0.width, height: $0.height) }
        if size == nil, let r = explicit.first {
            let u = explicit.dropFirst().reduce(r) { $0.union($1) }
            size = Size(width: u.maxX, height: u.maxY)
        }
        let s = size ?? screenInForce(scene: nil, first: first).size
        let full = Rect(x: 0, y: 0, width: s.width, height: s.height)
        var screens: [Rect] = []
        for r in placements.map({ $0.rect ?? full }) + rules.rects.map(\.1) where !screens.contains(r) {
            screens.append(r)
        }
        return (s, scene ?? Scene.standard(screens: screens.isEmpty ? [full] : screens))
    }

    /// The mapper of a panel placed as `placement` on a screen of `screen` points.
    package func mapper(for d: DeviceDescription, placement: PanelPlacement, screen: Size) -> ScreenMapper? {
        let size = placement.rect.map { Size(width: $0.width, height: $0.height) } ?? screen
        return ScreenMapper(
            device: d, calibration: placement.calibration, rotation: placement.rotation,
            screen: (size.width, size.height))
    }

}
