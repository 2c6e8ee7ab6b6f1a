import Glibc
import Host
import Output
import TouchBridge
import TouchInput
import TouchKit

/// `run`'s arguments as values (`RunArguments` reads them against `RunOption.all`): checked
/// and run here, by the daemon's program and the command line alike.
public struct RunInvocation {
    /// Event nodes or recordings; none: every touchscreen udev knows.
    public var sources: [String] = []
    /// `--scene FILE`.
    public var scene: String?
    /// `--log-level`.
    public var logLevel = Diagnostics.Level.info
    /// Everything else, as the daemon takes it.
    package var options = RunOptions()
    /// `--spots`: every contact shown on the panels' displays (`spots` started beside the daemon).
    public var spots = false

    public init() {}

    /// The checks that weigh one option against another or against the sources.
    public func validate() throws(UsageError) {
        let files = sources.filter(Self.isRecording).count
        if files > 0 && files < sources.count { throw UsageError("give either recordings or devices, not both") }
        if options.forwardContacts != nil && !options.virtualTouchscreen {
            throw UsageError("--forward-contacts is for --virtual-touchscreen (it limits what that device carries)")
        }
        if options.realtime && files == 0 {
            throw UsageError("--realtime is for recordings (it keeps their recorded pace)")
        }
        if options.output != nil && files > 0 { throw UsageError(RunChecks.outputForRecordings) }
        if options.waitForClient && (files == 0 || options.socketPath == nil) {
            throw UsageError("--wait-for-client is for recordings played with --socket (and --realtime)")
        }
        if options.startDelay != nil && (files == 0 || !options.realtime) {
            throw UsageError("--start-delay is for recordings played with --realtime")
        }
        if spots && files > 0 { throw UsageError("--spots is for live panels: a recording has no display") }
        if spots && options.grab {
            throw UsageError(
                "--spots reads the panels beside the daemon, which --grab keeps from it: give one or the other")
        }
        if options.socketPath != nil && files > 0 && !options.realtime {
            throw UsageError(
                "--socket with recordings needs --realtime (played as fast as possible, they would end before a client connects)"
            )
        }
    }

    /// Loads the scene, opens the sources and runs until they end (or a signal stops it);
    /// errors are thrown as they are, for the caller to say and map to an exit code.
    public func run() throws {
        Diagnostics.threshold = logLevel
        // The scene is checked before any device is opened.
        let loaded = try scene.map { try Scene.load(path: $0) }
        var options = options
        if spots {
            guard let program = InterfaceProgram.path else {
                throw UsageError(
                    "--spots needs the command-line interface (\(InterfaceProgram.name)), not found in "
                        + InterfaceProgram.candidates().joined(separator: ", "))
            }
            options.spotsProgram = program
        }
        try Kiosk(sources: sources, runOptions: options).run(scene: loaded, file: scene)
    }

    /// A recording: a regular file, or a named pipe a generator writes into (streamed).
    package static func isRecording(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return (st.st_mode & S_IFMT) == S_IFREG || (st.st_mode & S_IFMT) == S_IFIFO
    }
}
