import Glibc
import Host
import Output
import Pipeline
import Runtime
import TouchScene

extension Runner {
    /// Recordings played through `content`: the recorded times drive the clock, so the same
    /// recordings always give the same log. The scene's commands are reaped on SIGCHLD:
    /// without the caller's signals, a watch of its own (blocked on this thread only; a
    /// program with other threads passes its own). `observers` hear each frame and hover.
    package convenience init(
        recordings paths: [String], content: WindowContent, options: RunOptions, sink: any TextSink,
        signals: SignalWatch? = nil, observers: TouchPipeline.Observers = .init(),
        warn: @escaping (String) -> Void = { _ in }
    ) throws {
        let commands = !(content.scene?.programs.isEmpty ?? true)
        let source = try RecordingSource(paths: paths, options: options, commands: commands, warn: warn)
        try self.init(
            source: source, content: content, sink: sink,
            signals: signals ?? (commands ? SignalWatch(signals: [SIGCHLD]) : nil), notify: nil,
            observers: observers, warn: { m, _ in warn(m) })
    }

    /// Recordings played through `scene` (nil: the built-in one that logs every touch).
    package convenience init(
        recordings paths: [String], scene: Scene?, options: RunOptions, sink: any TextSink,
        signals: SignalWatch? = nil, observers: TouchPipeline.Observers = .init(),
        warn: @escaping (String) -> Void = { _ in }
    ) throws {
        try self.init(
            recordings: paths, content: .scene(scene, file: scene?.file), options: options, sink: sink,
            signals: signals, observers: observers, warn: warn)
    }
}
