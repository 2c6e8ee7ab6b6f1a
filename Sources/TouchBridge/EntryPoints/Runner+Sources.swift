import Evdev
import Glibc
import Host
import LivePanels
import Output
import Replay
import Runtime

extension Runner {
    /// Live panels: every touchscreen udev knows (and every one that comes), or the ones
    /// `selection` names, opened with clock `CLOCK_MONOTONIC` and grabbed with `options.grab`.
    /// Throws `DeviceError` for a named panel that cannot be used, or when a touchscreen cannot
    /// be read for lack of permission.
    static func live(
        selection: LiveSource.Selection, content: WindowContent, options: RunOptions, sink: any TextSink,
        signals: SignalWatch, notify: SystemdNotify? = SystemdNotify(),
        warn: @escaping (String, Diagnostics.Level) -> Void
    ) throws -> Runner {
        let source = try LiveSource(selection: selection, options: options, warn: warn)
        return try Runner(source: source, content: content, sink: sink, signals: signals, notify: notify, warn: warn)
    }

    /// Recordings played through `content`: the recorded times drive the clock, so the same
    /// recordings always give the same log. The scene's commands are reaped on SIGCHLD:
    /// without the caller's signals, a watch of its own (blocked on this thread only; a
    /// program with other threads passes its own).
    package convenience init(
        recordings paths: [String], content: WindowContent, options: RunOptions, sink: any TextSink,
        signals: SignalWatch? = nil, warn: @escaping (String) -> Void = { _ in }
    ) throws {
        let commands = !(content.scene?.programs.isEmpty ?? true)
        let source = try RecordingSource(paths: paths, options: options, commands: commands, warn: warn)
        try self.init(
            source: source, content: content, sink: sink,
            signals: signals ?? (commands ? SignalWatch(signals: [SIGCHLD]) : nil), notify: nil,
            warn: { m, _ in warn(m) })
    }

    /// Recordings played through `scene` (nil: the built-in one that logs every touch).
    package convenience init(
        recordings paths: [String], scene: Scene?, options: RunOptions, sink: any TextSink,
        signals: SignalWatch? = nil, warn: @escaping (String) -> Void = { _ in }
    ) throws {
        try self.init(
            recordings: paths, content: .scene(scene, file: scene?.file), options: options, sink: sink,
            signals: signals, warn: warn)
    }
}
