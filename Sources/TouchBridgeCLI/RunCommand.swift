import ArgumentParser
import Evdev
import Glibc
import InputEvents
import Output
import RunCommandLine
import TouchBridge
import TouchInput
import TouchKit

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "The daemon: panels (or recordings) → touches → a window built from a scene → one log line per handler call.",
        discussion: """
            Touches go through hit testing, gesture recognizers, controls and the responder chain of the \
            scene's window; every handler call is written to standard output (text, or JSON Lines with \
            --json), diagnostics to standard error. Without a device, every touchscreen udev knows is \
            used. A regular file is read as an evemu recording: its recorded times drive the clock, so \
            it gives the same log every time. SIGINT/SIGTERM cancel the touches still down, flush the \
            log and exit 0. An unplugged panel's touches end as cancelled, and the daemon waits for it \
            to come back (or, without named devices, for any touchscreen). Recordings end the run when \
            the last one ends.
            """)

    @Argument(help: "Event nodes such as /dev/input/event3, or evemu recordings (default: every touchscreen).")
    var sources: [String] = []

    @OptionGroup var recorded: RecordedDeviceOption

    @Option(
        help: "The scene file, in JSON (default: one full-screen window whose root view 'screen' logs every touch).")
    var scene: String?

    @Flag(help: "JSON Lines instead of text.")
    var json = false

    @Flag(
        help:
            "Read devices with keys too: media keys become remote-control events (never by default: reading keyboards is sensitive; a scene that names presses or consumes remoteControlReceived turns it on). Only the media keys and the scene's presses are ever read into the log."
    )
    var keys = false

    @OptionGroup(
        title:
            "Screen mapping (default screen: the scene's 'screen', else its windows, else the mode of the display the first live panel is on, else the panel's size at 96 dpi)"
    )
    var mapping: MappingOptions

    @Flag(help: "Grab the devices for exclusive access.")
    var grab = false

    @Flag(
        help: ArgumentHelp(
            "Re-create each panel, corrected (mapping, jitter filter, masks, palms), as a uinput touchscreen named \"touchbridge: PANEL on DISPLAY\" (its WL_OUTPUT with the project's udev rule), for apps that read touch through libinput or evdev; with --grab they see only it.",
            discussion: "Needs a writable /dev/uinput."))
    var virtualTouchscreen = false

    @Flag(
        help: ArgumentHelp(
            "Give each panel a uinput absolute pointer named \"touchbridge pointer: PANEL on DISPLAY\", for apps built for a mouse: a tap clicks where the finger was, a long press right-clicks, a one-finger drag holds the left button, a two-finger pan scrolls. Touches the scene keeps or claims never move it.",
            discussion: "Needs a writable /dev/uinput."))
    var virtualPointer = false

    @Option(
        help: ArgumentHelp(
            "The virtual pointer's two-finger scrolling: natural (content follows the fingers) or traditional (as a wheel).",
            valueName: "DIRECTION"))
    var pointerScroll: String = "natural"

    @Option(
        help: ArgumentHelp(
            "The virtual touchscreen carries at most the first N contacts down (1 turns off pinch-zoom and multi-finger swipes in apps). Later fingers still reach the scene.",
            valueName: "N"))
    var forwardContacts: Int?

    @Option(
        help: ArgumentHelp(
            "Cancel a contact that stays within its panel's jitter (its fuzz, else 1 mm) this long, everywhere it reached, and log it as a ghost (default: never).",
            valueName: "SECONDS"))
    var ghostAfter: Double?

    @Flag(help: "Send fingers already on the glass at start to the window (default: ignored until lifted).")
    var adoptInitialTouches = false

    @Flag(
        help:
            "Let a panel's fingers touch while its pen is near (default: their touches are cancelled and new ones left out, as libinput arbitrates)."
    )
    var noPenArbitration = false

    @Flag(help: "Recordings only: keep the recorded pace (default: as fast as possible).")
    var realtime = false

    @OptionGroup(title: "Panels: placement and corrections")
    var panelOptions: PanelOptions

    @Option(
        name: .customLong("metrics-file"),
        help: ArgumentHelp(
            "Keep a Prometheus text file of counters and input latency up to date (for node_exporter's textfile collector).",
            valueName: "PATH"))
    var metricsFile: String?

    @Option(
        help: ArgumentHelp(
            "Serve the handler log on a Unix stream socket: each client gets a hello line, then every line as JSON Lines (or what it subscribes to).",
            valueName: "PATH"))
    var socket: String?

    @Option(
        help: ArgumentHelp("Disconnect a socket client that goes on losing lines for this long.", valueName: "SECONDS"))
    var socketStallLimit: Double = 30

    @Option(
        help: ArgumentHelp(
            "Serve only these kinds of line on the socket (default: all; a PIN pad keeps touches off it): the kinds of --log-events.",
            valueName: "KINDS"))
    var socketEvents: String?

    @Option(
        help: ArgumentHelp(
            "Write only these kinds of line to standard output (default: all): touches, gesture, gestureChanged, action, device, motion, remoteControl, presses, command, scene, idle, ghost, screen.",
            valueName: "KINDS"))
    var logEvents: String?

    @Option(help: "Diagnostics on stderr down to this level: error, warning, notice, info or debug.")
    var logLevel: String = "info"

    /// The arguments as plain values, which `run` is made of (the daemon's own fast parse
    /// makes the same value: `RunArguments`).
    var invocation: RunInvocation {
        var r = RunInvocation()
        r.sources = sources
        r.scene = scene
        r.json = json
        r.keys = keys
        r.screen = mapping.screen
        r.rotate = mapping.rotate
        r.calibration = mapping.calibration
        r.output = mapping.output
        r.grab = grab
        r.virtualTouchscreen = virtualTouchscreen
        r.virtualPointer = virtualPointer
        r.pointerScroll = pointerScroll
        r.forwardContacts = forwardContacts
        r.ghostAfter = ghostAfter
        r.adoptInitialTouches = adoptInitialTouches
        r.penArbitration = !noPenArbitration
        r.realtime = realtime
        r.panels = panelOptions.panels
        r.panelDevices = panelOptions.panelDevices
        r.hysteresis = panelOptions.hysteresis
        r.masks = panelOptions.masks
        r.metricsFile = metricsFile
        r.socket = socket
        r.socketStallLimit = socketStallLimit
        r.socketEvents = socketEvents
        r.logEvents = logEvents
        r.logLevel = logLevel
        r.device = recorded.index
        return r
    }

    func validate() throws {
        do { try invocation.validate() } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        do { try invocation.run() } catch { throw fail(error) }
    }
}
