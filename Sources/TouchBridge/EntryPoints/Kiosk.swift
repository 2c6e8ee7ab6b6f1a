import Evdev
import Glibc
import Host
import InputEvents
import LivePanels
import Output
import Pipeline
import Replay
import Runtime
import SceneCommands
import Sysexits
import TextBuffers
import TouchKit

/// The loop `touchbridge run` runs — panels found and followed on hotplug, each mapped and
/// filtered, SYN_DROPPED resynced, signals, sd_notify and the watchdog — around your own
/// `Application`. Given evemu recordings instead of panels, it plays them deterministically:
/// their recorded times drive the clock, so a kiosk app can be tested on recorded sessions.
///
/// ```swift
/// let kiosk = Kiosk(sources: CommandLine.arguments.dropFirst().map(String.init))
/// try kiosk.run { screen in MyKioskApp(screen: screen) }
/// ```
public final class Kiosk {
    /// Event nodes (`/dev/input/event3`, `/dev/input/by-path/…`) or evemu recordings; empty:
    /// every touchscreen udev knows, and every one that comes.
    public let sources: [String]
    /// What the app sets of the loop: the screen, the panels' mapping, exclusive access, the
    /// pace of recordings.
    public var options = Options()
    /// `touchbridge run`'s whole set of options (its command line), in place of `options`.
    private let runOptions: RunOptions?
    /// Where the handler log goes.
    public var log: LogDestination = .standardOutput
    /// Diagnostics (standard error by default, with journald priorities under systemd).
    public var warn: (String, Diagnostics.Level) -> Void = { message, level in
        Diagnostics.print("touchbridge: \(message)", level: level)
    }
    private var watches: [(fd: Int32, handler: () -> Void)] = []
    /// The pipeline of the run under way or last run: its panels, its application and log.
    public private(set) var pipeline: TouchPipeline?

    /// A kiosk reading `sources` (all recordings, or none) with `options`.
    public init(sources: [String] = [], options: Options = Options()) {
        self.sources = sources
        self.options = options
        runOptions = nil
    }

    /// `touchbridge run`: the daemon's whole command line, its outputs among them.
    package init(sources: [String], runOptions: RunOptions) {
        self.sources = sources
        self.runOptions = runOptions
    }

    /// Watches a file descriptor of the app's own (a card reader, a serial port) in the
    /// loop: `handler` runs whenever it is readable, between input frames, so the app needs
    /// no threads. Live runs only: a recording run has no live sources. Timers need no
    /// registering: `Application.timers` fire on the input clock, live and in recordings.
    public func watch(_ fd: Int32, _ handler: @escaping () -> Void) {
        watches.append((fd, handler))
    }

    /// Runs the application `make` builds for the screen size chosen (`options.screen`, else
    /// the panels' placements, else the first panel's size at 96 dpi) until SIGINT or SIGTERM
    /// (live: touches still down are cancelled first) or until the recordings end.
    public func run(_ make: @escaping (Size) -> Application) throws {
        try run(.application(make))
    }

    /// Runs a scene (nil: the built-in one that logs every touch), as `touchbridge run` does;
    /// `file` is where SIGHUP reloads it from.
    public func run(scene: Scene?, file: String?) throws {
        try run(.scene(scene, file: file))
    }

    /// Whether the sources are recordings (regular files or named pipes), not panels.
    public var playsRecordings: Bool { !sources.isEmpty && sources.allSatisfy(Self.isRecording) }

    private func run(_ content: WindowContent) throws {
        Diagnostics.journal = Diagnostics.detectJournal()
        let signals = SignalWatch(signals: [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGCHLD])
        let warn = self.warn
        let options = runOptions ?? self.options.runOptions
        let runner: Runner
        if playsRecordings {
            // Recordings wait for their reader: the same log every time.
            runner = try Runner(
                recordings: sources, content: content, options: options, sink: log.sink(live: false), signals: signals,
                warn: { warn($0, .warning) })
        } else {
            runner = try Runner.live(
                selection: sources.isEmpty ? .allTouchscreens : .named(sources), content: content,
                options: options, sink: log.sink(live: true), signals: signals, warn: warn)
            for w in watches { _ = try runner.loop?.watch(w.fd, order: .input, w.handler) }
        }
        pipeline = runner.touchPipeline
        try runner.run()
    }

    /// The exit status for an error `run` threw, as sysexits has it (`touchbridge run`'s own):
    /// 64 usage, 65 bad data (a recording, a scene), 66 no input, 77 permission, 70 otherwise.
    public static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case let e as DeviceError: return e.exitCode
        case let e as FileError: return e.exitCode
        case let e as SystemError: return e.exitCode
        case is RecordingError, is SceneError: return Sysexits.dataError
        case let e as UnixSocket.Failure: return e.exitCode
        case let e as CommandRunner.RootRefusal: return e.exitCode
        default: return Sysexits.software
        }
    }

    /// Live panels never wait for a reader of a pipe or socket; a terminal or a file is
    /// written as it comes, and a failed write (a full disk) never stops the panels.
    fileprivate static func liveStandardOutput() -> any TextSink {
        var st = stat()
        let mayStall = fstat(1, &st) == 0 && ((st.st_mode & S_IFMT) == S_IFIFO || (st.st_mode & S_IFMT) == S_IFSOCK)
        guard mayStall else {
            let sink = OutputSink.standardOutput()
            sink.persists = true
            return sink
        }
        let queued = QueuedOutput.standardOutput()
        if Diagnostics.standardErrorIsStandardOutput() { Diagnostics.sharedOutput = queued }
        return queued
    }

    /// A recording: a regular file, or a named pipe a generator writes into (streamed).
    static func isRecording(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return (st.st_mode & S_IFMT) == S_IFREG || (st.st_mode & S_IFMT) == S_IFIFO
    }
}

/// Where a `Kiosk`'s handler log goes.
public enum LogDestination {
    /// Standard output (live: queued when it is a pipe, so a slow reader never holds the loop).
    case standardOutput
    /// Nowhere (an app that keeps its own records, a test).
    case discarded
    /// Handed to a function, a chunk of whole lines at a time (when the loop is about to sleep).
    case text((String) -> Void)

    func sink(live: Bool) -> any TextSink {
        switch self {
        case .standardOutput: return live ? Kiosk.liveStandardOutput() : OutputSink.standardOutput()
        case .discarded: return TextHandler { _ in }
        case .text(let f): return TextHandler(f)
        }
    }
}

/// A sink that hands its text to a function.
private final class TextHandler: TextSink {
    let handle: (String) -> Void
    init(_ handle: @escaping (String) -> Void) { self.handle = handle }
    func flush(_ buffer: inout TextBuffer) {
        if buffer.count > 0 { handle(buffer.string) }
        buffer.removeAll()
    }
}
