import ControlProtocol
import Glibc
import Output
import Pipeline
import TouchBridge
import TouchInput
import TouchKit

extension RunOption {
    /// Every option of `run`, in the order its help lists them.
    public static let all: [RunOption] = general + mappingAndPanels + outputs + diagnostics

    static let general: [RunOption] = [
        RunOption(
            "scene", value: "FILE",
            help: "The scene file, in JSON (default: one full-screen window whose root view 'screen' logs every touch)."
        ) { r, v in r.scene = v },
        RunOption("json", help: "JSON Lines instead of text.") { r, _ in r.options.format = .json },
        RunOption(
            "keys",
            help:
                "Read devices with keys too: media keys become remote-control events (never by default: reading keyboards is sensitive; a scene that names presses or consumes remoteControlReceived turns it on). Only the media keys and the scene's presses are ever read into the log."
        ) { r, _ in r.options.keys = true },
        RunOption("grab", help: "Grab the devices for exclusive access.") { r, _ in r.options.grab = true },
        RunOption(
            "reset-on-wake",
            help:
                "When a display comes back on (udev's news of it: connected and lit again after it was off or unplugged), re-bind the driver of each panel on it that delivered events before and none since it went off (the reset doctor does by hand; needs root)."
        ) { r, _ in r.options.resetOnWake = true },
        RunOption(
            "spots",
            help:
                "Show every contact on the panels' displays while running, as touchbridge spots does (an overlay over the compositor, or the display itself with none), never with --grab."
        ) { r, _ in r.spots = true },
        RunOption(
            "adopt-initial-touches",
            help: "Send fingers already on the glass at start to the window (default: ignored until lifted)."
        ) { r, _ in r.options.adoptInitialTouches = true },
        RunOption(
            "no-pen-arbitration",
            help:
                "Let a panel's fingers touch while its pen is near (default: their touches are cancelled and new ones left out, as libinput arbitrates)."
        ) { r, _ in r.options.penArbitration = false },
        RunOption("realtime", help: "Recordings only: keep the recorded pace (default: as fast as possible).") {
            r, _ in r.options.realtime = true
        },
        RunOption(
            "wait-for-client",
            help:
                "Recordings with --socket: start playing once the first client has connected and sent its subscription (or a second after it connected without one), so it sees the first touch."
        ) { r, _ in r.options.waitForClient = true },
        RunOption(
            "start-delay", value: "S",
            help: "Recordings with --realtime: wait S seconds (0 to 3600) before playing, for consumers started beside."
        ) { r, v throws(UsageError) in
            guard let s = Double(v), s.isFinite, s >= 0, s <= 3600 else {
                throw UsageError("--start-delay takes seconds from 0 to 3600 (not '\(v)')")
            }
            r.options.startDelay = s
        },
        RunOption(
            "device", value: "N",
            help:
                "Of a libinput record file holding several devices, only this one (from 0; default: each of them, played together)."
        ) { r, v throws(UsageError) in
            r.options.recordedDevice = try integer(v, "device", from: 0, "a device's index from 0")
        },
    ]

    static let mappingAndPanels: [RunOption] = [
        RunOption(
            "screen", value: "WxH", group: .mapping, help: "Screen size in points, WxH, each side at most 100000.",
            default: { _ in
                "the scene's 'screen', else its windows, else the mode of the display the first live panel is on, else the panel's size at 96 dpi"
            },
            take: { r, v throws(UsageError) in r.options.screen = try screen(v) }),
        RunOption(
            "rotate", value: "DEGREES", group: .mapping,
            help: "Screen rotation clockwise: 0, 90, 180 or 270 (default: the display's panel orientation, else 0)."
        ) { r, v throws(UsageError) in
            guard let n = Int(v), let rotation = ScreenMapper.Rotation(rawValue: n) else {
                throw UsageError("--rotate takes 0, 90, 180 or 270")
            }
            r.options.rotation = rotation
        },
        RunOption(
            "calibration", value: "MATRIX", group: .mapping,
            help:
                "Calibration matrix \"a b c d e f\" in libinput's convention (default: the device's LIBINPUT_CALIBRATION_MATRIX)."
        ) {
            r, v throws(UsageError) in r.options.calibration = try calibration(v)
        },
        RunOption(
            "output", value: "NAME", group: .mapping,
            help:
                "The display the panel is on, by its connector's name as compositors use it (HDMI-A-1, eDP-1), instead of the matching rules (touchbridge screens)."
        ) { r, v in r.options.output = v },
        RunOption(
            "panel", value: "MATCH=x,y,w,h[@rotation]", group: .panels,
            help:
                "Map a panel onto a rectangle of the screen space, with an optional rotation (repeatable). MATCH is an event node (or a /dev/input/by-* link), udev's ID_PATH, or the device's name."
        ) {
            r, v throws(UsageError) in r.options.rules.rects.append(try panel(v))
        },
        .correction(
            Hysteresis.self,
            help:
                "Jitter filter: a finger moves only once it leaves this many millimetres around where it rests, instead of libinput's fuzz filter (0: off; repeatable per panel)."
        ),
        .correction(
            Masks.self,
            help:
                "Ignore contacts that begin in these rectangles of screen points, e.g. a cracked corner (repeatable per panel)."
        ),
        RunOption(
            "noise-filter", value: "[MATCH=]all|none|RULE[:VALUE],…", group: .panels,
            help:
                "Phantom touches filtered before the window, the virtual devices and the socket see them: all, none, or rules among far-apart, aligned, single-position, repeating, edge, pressure, palm (any panel) and variance, debounce (single touch), each with an optional setting (pressure:0.25), as udev's TOUCHBRIDGE_NOISE_FILTERS and the scene's noiseFilters (default: none; repeatable per panel)."
        ) {
            r, v throws(UsageError) in r.options.rules.noise.append(try noiseFilter(v))
        },
        RunOption(
            "panel-device", value: "MATCH", group: .panels,
            help:
                "Read this device as a touch panel though it presents as an absolute mouse (a touch controller in mouse mode: BTN_LEFT is the contact), as udev's TOUCHBRIDGE_PANEL=1 does (repeatable)."
        ) {
            r, v throws(UsageError) in r.options.rules.panelDevices.append(try panelDevice(v))
        },
    ]

    static let outputs: [RunOption] = [
        RunOption(
            "virtual-touchscreen", group: .outputs,
            help:
                "Re-create each panel, corrected (mapping, jitter filter, masks, palms), as a uinput touchscreen named \"touchbridge: PANEL on DISPLAY\" (its WL_OUTPUT with the project's udev rule), for apps that read touch through libinput or evdev; with --grab they see only it. Needs a writable /dev/uinput."
        ) { r, _ in r.options.virtualTouchscreen = true },
        RunOption(
            "virtual-pointer", group: .outputs,
            help:
                "Give each panel a uinput absolute pointer named \"touchbridge pointer: PANEL on DISPLAY\", for apps built for a mouse: a tap clicks where the finger was, a long press right-clicks, a one-finger drag holds the left button, a two-finger pan scrolls. Touches the scene keeps or claims never move it. Needs a writable /dev/uinput."
        ) { r, _ in r.options.virtualPointer = true },
        RunOption(
            "pointer-scroll", value: "DIRECTION", group: .outputs,
            help:
                "The virtual pointer's two-finger scrolling: natural (content follows the fingers) or traditional (as a wheel).",
            default: { $0.options.pointerGestures.naturalScrolling ? "natural" : "traditional" },
            take: { r, v throws(UsageError) in
                guard v == "natural" || v == "traditional" else {
                    throw UsageError("--pointer-scroll takes natural or traditional")
                }
                r.options.pointerGestures.naturalScrolling = v == "natural"
            }),
        RunOption(
            "forward-contacts", value: "N", group: .outputs,
            help:
                "The virtual touchscreen carries at most the first N contacts down (1 turns off pinch-zoom and multi-finger swipes in apps). Later fingers still reach the scene."
        ) { r, v throws(UsageError) in
            r.options.forwardContacts = try integer(v, "forward-contacts", from: 1, "a number of contacts of 1 or more")
        },
        RunOption(
            "metrics-file", value: "PATH", group: .outputs,
            help:
                "Keep a Prometheus text file of counters and input latency up to date (for node_exporter's textfile collector)."
        ) { r, v in r.options.metricsFile = v },
        RunOption(
            "socket", value: "PATH", group: .outputs,
            help:
                "Serve the handler log on a Unix stream socket: each client gets a hello line, then every line as JSON Lines (or what it subscribes to)."
        ) { r, v in r.options.socketPath = v },
        RunOption(
            "socket-stall-limit", value: "SECONDS", group: .outputs,
            help: "Disconnect a socket client that goes on losing lines for this long.",
            default: { secondsText($0.options.socketStallLimit) },
            take: { r, v throws(UsageError) in r.options.socketStallLimit = try seconds(v, "socket-stall-limit") }),
        RunOption(
            "socket-events", value: "KINDS", group: .outputs,
            help:
                "Serve only these kinds of line on the socket (default: all; a PIN pad keeps touches off it): the kinds of --log-events."
        ) { r, v throws(UsageError) in r.options.socketEvents = try kinds(v, "socket-events") },
        RunOption(
            "control-group", value: "GROUP", group: .outputs,
            help:
                "Members of this group may command the kiosk over the socket (blank, wake, lock, unlock, reload, state, brightness), besides the daemon's own user and root ('none': no group).",
            default: { _ in "touchbridge-control, when it exists" },
            take: { r, v throws(UsageError) in
                if v == "none" {
                    r.options.controlGroup = nil
                    return
                }
                guard getgrnam(v) != nil else {
                    throw UsageError("--control-group: there is no group '\(v)' (sudo groupadd --system \(v))")
                }
                r.options.controlGroup = v
            }),
    ]

    static let diagnostics: [RunOption] = [
        RunOption(
            "ghost-after", value: "SECONDS", group: .diagnostics,
            help:
                "Cancel a contact that stays within its panel's jitter (its fuzz, else 1 mm) this long, everywhere it reached, and log it as a ghost (default: never)."
        ) { r, v throws(UsageError) in r.options.ghostAfter = try seconds(v, "ghost-after") },
        RunOption(
            "log-events", value: "KINDS", group: .diagnostics,
            help:
                "Write only these kinds of line to standard output (default: all): \(LineKind.names)."
        ) { r, v throws(UsageError) in r.options.logEvents = try kinds(v, "log-events") },
        RunOption(
            "log-level", value: "LEVEL", group: .diagnostics,
            help: "Diagnostics on stderr down to this level: error, warning, notice, info or debug.",
            default: { $0.logLevel.name },
            take: { r, v throws(UsageError) in
                guard let level = Diagnostics.Level(name: v) else {
                    throw UsageError("--log-level takes error, warning, notice, info or debug")
                }
                r.logLevel = level
            }),
    ]
}
