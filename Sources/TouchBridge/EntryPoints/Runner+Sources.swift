import Evdev
import Glibc
import Host
import LivePanels
import Output
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
}
