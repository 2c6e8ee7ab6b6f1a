import ArgumentParser
import Glibc
import Output
import TouchBridge
import TouchInput
import TouchKit

/// `run`'s arguments as values: checked and run here, whichever parser made them — the
/// command line's (`RunCommand`) or the daemon's fast one (`RunArguments`).
struct RunInvocation: Equatable {
    var sources: [String] = []
    var scene: String?
    var json = false
    var keys = false
    var screen: String?
    var rotate: Int?
    var calibration: String?
    var grab = false
    var virtualTouchscreen = false
    var virtualPointer = false
    var pointerScroll = "natural"
    var forwardContacts: Int?
    var ghostAfter: Double?
    var adoptInitialTouches = false
    var realtime = false
    var panels: [String] = []
    var hysteresis: [String] = []
    var masks: [String] = []
    var metricsFile: String?
    var socket: String?
    var socketStallLimit = 30.0
    var logEvents: String?
    var logLevel = "info"
    var device: Int?

    /// The checks of `run` and of its screen-mapping and panel options.
    func validate() throws {
        try MappingOptions.check(screen: screen, rotate: rotate, calibration: calibration)
        try PanelOptions.check(panels: panels, hysteresis: hysteresis, masks: masks)
        if let logEvents, case let .failure(e) = HandlerLog.Kinds.parse(logEvents) { throw ValidationError("--log-events: \(e)") }
        guard socketStallLimit > 0 else { throw ValidationError("--socket-stall-limit takes a number of seconds above 0") }
        guard Diagnostics.Level(name: logLevel) != nil else {
            throw ValidationError("--log-level takes error, warning, notice, info or debug")
        }
        let files = sources.filter(isRegularFile).count
        if files > 0 && files < sources.count { throw ValidationError("give either recordings or devices, not both") }
        guard pointerScroll == "natural" || pointerScroll == "traditional" else {
            throw ValidationError("--pointer-scroll takes natural or traditional")
        }
        if let n = forwardContacts {
            guard n >= 1 else { throw ValidationError("--forward-contacts takes a number of contacts of 1 or more") }
            guard virtualTouchscreen else { throw ValidationError("--forward-contacts is for --virtual-touchscreen (it limits what that device carries)") }
        }
        if let g = ghostAfter, !(g > 0 && g.isFinite) { throw ValidationError("--ghost-after takes a number of seconds above 0") }
        if realtime && files == 0 { throw ValidationError("--realtime is for recordings (it keeps their recorded pace)") }
        if socket != nil && files > 0 && !realtime {
            throw ValidationError("--socket with recordings needs --realtime (played as fast as possible, they would end before a client connects)")
        }
    }

    func run() throws {
        Diagnostics.threshold = Diagnostics.Level(name: logLevel)!
        var options = PanelOptions.options(screen: screen, rotate: rotate, calibration: calibration,
                                           panels: panels, hysteresis: hysteresis, masks: masks)
        options.format = json ? .json : .text
        options.grab = grab
        options.virtualTouchscreen = virtualTouchscreen
        options.virtualPointer = virtualPointer
        options.pointerGestures.naturalScrolling = pointerScroll == "natural"
        options.forwardContacts = forwardContacts
        options.ghostAfter = ghostAfter
        options.adoptInitialTouches = adoptInitialTouches
        options.realtime = realtime
        options.recordedDevice = device
        options.metricsFile = metricsFile
        options.keys = keys
        options.socketPath = socket
        options.socketStallLimit = socketStallLimit
        if let logEvents, case let .success(k) = HandlerLog.Kinds.parse(logEvents) { options.logEvents = k }
        do {
            // The scene is checked before any device is opened.
            let loaded = try scene.map { try Scene.load(path: $0) }
            try Kiosk(sources: sources, options: options).run(scene: loaded, file: scene)
        } catch {
            throw fail(error)
        }
    }

    /// A recording: a regular file, or a named pipe a generator writes into (streamed).
    private func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return (st.st_mode & S_IFMT) == S_IFREG || (st.st_mode & S_IFMT) == S_IFIFO
    }
}
