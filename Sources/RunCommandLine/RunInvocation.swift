import Glibc
import Output
import TouchBridge
import TouchInput
import TouchKit

/// `run`'s arguments as values: checked and run here, whichever parser made them — the
/// command line's (`RunCommand`) or the daemon's own (`RunArguments`).
public struct RunInvocation: Equatable {
    public var sources: [String] = []
    public var scene: String?
    public var json = false
    public var keys = false
    public var screen: String?
    public var rotate: Int?
    public var calibration: String?
    public var output: String?
    public var grab = false
    public var virtualTouchscreen = false
    public var virtualPointer = false
    public var pointerScroll = "natural"
    public var forwardContacts: Int?
    public var ghostAfter: Double?
    public var adoptInitialTouches = false
    public var penArbitration = true
    public var realtime = false
    public var panels: [String] = []
    public var panelDevices: [String] = []
    public var hysteresis: [String] = []
    public var masks: [String] = []
    public var metricsFile: String?
    public var socket: String?
    public var socketStallLimit = 30.0
    public var socketEvents: String?
    public var logEvents: String?
    public var logLevel = "info"
    public var device: Int?

    public init() {}

    /// The checks of `run` and of its screen-mapping and panel options.
    public func validate() throws(UsageError) {
        try RunChecks.mapping(screen: screen, rotate: rotate, calibration: calibration)
        try RunChecks.panels(panels: panels, hysteresis: hysteresis, masks: masks)
        try RunChecks.panelDevices(panelDevices)
        if let logEvents, case .failure(let e) = HandlerLog.Kinds.parse(logEvents) {
            throw UsageError("--log-events: \(e)")
        }
        if let socketEvents, case .failure(let e) = HandlerLog.Kinds.parse(socketEvents) {
            throw UsageError("--socket-events: \(e)")
        }
        guard SceneDuration.isValid(socketStallLimit, allowingZero: false) else {
            throw UsageError("--socket-stall-limit takes \(SceneDuration.expected(allowingZero: false))")
        }
        guard Diagnostics.Level(name: logLevel) != nil else {
            throw UsageError("--log-level takes error, warning, notice, info or debug")
        }
        let files = sources.filter(Self.isRecording).count
        if files > 0 && files < sources.count { throw UsageError("give either recordings or devices, not both") }
        guard pointerScroll == "natural" || pointerScroll == "traditional" else {
            throw UsageError("--pointer-scroll takes natural or traditional")
        }
        if let n = forwardContacts {
            guard n >= 1 else { throw UsageError("--forward-contacts takes a number of contacts of 1 or more") }
            guard virtualTouchscreen else {
                throw UsageError("--forward-contacts is for --virtual-touchscreen (it limits what that device carries)")
            }
        }
        if let g = ghostAfter, !SceneDuration.isValid(g, allowingZero: false) {
            throw UsageError("--ghost-after takes \(SceneDuration.expected(allowingZero: false))")
        }
        if realtime && files == 0 { throw UsageError("--realtime is for recordings (it keeps their recorded pace)") }
        if output != nil && files > 0 { throw UsageError(RunChecks.outputForRecordings) }
        if socket != nil && files > 0 && !realtime {
            throw UsageError(
                "--socket with recordings needs --realtime (played as fast as possible, they would end before a client connects)"
            )
        }
    }

    /// Loads the scene, opens the sources and runs until they end (or a signal stops it);
    /// errors are thrown as they are, for the caller to say and map to an exit code.
    public func run() throws {
        Diagnostics.threshold = Diagnostics.Level(name: logLevel)!
        var options = RunChecks.options(
            screen: screen, rotate: rotate, calibration: calibration, output: output,
            panels: panels, hysteresis: hysteresis, masks: masks, panelDevices: panelDevices)
        options.format = json ? .json : .text
        options.grab = grab
        options.virtualTouchscreen = virtualTouchscreen
        options.virtualPointer = virtualPointer
        options.pointerGestures.naturalScrolling = pointerScroll == "natural"
        options.forwardContacts = forwardContacts
        options.ghostAfter = ghostAfter
        options.adoptInitialTouches = adoptInitialTouches
        options.penArbitration = penArbitration
        options.realtime = realtime
        options.recordedDevice = device
        options.metricsFile = metricsFile
        options.keys = keys
        options.socketPath = socket
        options.socketStallLimit = socketStallLimit
        if let socketEvents, case .success(let k) = HandlerLog.Kinds.parse(socketEvents) { options.socketEvents = k }
        if let logEvents, case .success(let k) = HandlerLog.Kinds.parse(logEvents) { options.logEvents = k }
        // The scene is checked before any device is opened.
        let loaded = try scene.map { try Scene.load(path: $0) }
        try Kiosk(sources: sources, options: options).run(scene: loaded, file: scene)
    }

    /// A recording: a regular file, or a named pipe a generator writes into (streamed).
    package static func isRecording(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return (st.st_mode & S_IFMT) == S_IFREG || (st.st_mode & S_IFMT) == S_IFIFO
    }
}
