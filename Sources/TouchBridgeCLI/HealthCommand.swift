import ArgumentParser
import DeviceTools
import Discovery
import Evdev
import Glibc
import InputEvents
import Output
import PanelHealth
import Pipeline
import Runtime
import TouchBridge
import TouchInput

struct HealthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "A panel's health report: report rate, resting jitter, ghosts, stuck contacts, coverage.",
        discussion: """
            Reads a live panel until SIGINT/SIGTERM or --duration, or a recording to its end, and \
            reports: the report rate per contact (idle gaps left out), the jitter of a resting finger, \
            stuck and ghost contacts (and where ghosts recur, with the mask that would silence them), \
            tracking-id churn, slots out of range, SYN_DROPPED, the most contacts at once, a coverage \
            grid and the pressure and touch-size ranges seen. docs/hardware-testing.md ("touchbridge health") defines every figure. With \
            --fail-on, exits 1 when a criterion is met (e.g. --fail-on "rate<100,ghosts>0").
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Flag(help: "One JSON object instead of text.")
    var json = false

    @Option(help: "Stop after this many seconds (live: of reading; recordings: of recorded time).")
    var duration: Double?

    @Option(
        name: .customLong("fail-on"),
        help:
            "Exit 1 when any criterion is met: FIGURE<LIMIT, … (<, <=, >, >=, =); figures: \(FailCriteria.figures.map(\.name).joined(separator: ", "))."
    )
    var failOn: String?

    @Option(help: "A contact down this long without a report is stuck (seconds).")
    var stuck: Double = 5

    @OptionGroup var grid: GridOption

    @OptionGroup(title: "Screen mapping, for ghost masks in screen points (default: the panel's size at 96 dpi)")
    var mapping: MappingOptions

    func validate() throws {
        if mapping.output != nil { throw ValidationError("--output is for run, touches, watch, calibrate and qualify") }
        if let duration, !SceneDuration.isValid(duration, allowingZero: false) {
            throw ValidationError("--duration takes \(SceneDuration.expected(allowingZero: false))")
        }
        guard SceneDuration.isValid(stuck, allowingZero: false) else {
            throw ValidationError("--stuck takes \(SceneDuration.expected(allowingZero: false))")
        }
        if let failOn {
            do { _ = try FailCriteria(parsing: failOn) } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        var settings = HealthSettings()
        settings.stuckAfter = stuck
        (settings.gridColumns, settings.gridRows) = grid.size
        var criteria: FailCriteria?
        if let failOn {
            do { criteria = try FailCriteria(parsing: failOn) } catch { throw ValidationError(error.description) }
        }
        let input: InputSource
        do { input = try InputSource.open(source, clock: CLOCK_MONOTONIC, device: reading.device) } catch {
            throw fail(error)
        }
        let report: HealthReport
        switch input {
        case .recording(let recording, let path):
            report = try analyse(recording, source: path, settings: settings)
        case .device(let device):
            report = try follow(device, settings: settings)
        }
        let met = criteria?.met(by: report) ?? []
        let out = OutputSink.standardOutput()
        out.write(json ? HealthJSON.write(report, failed: criteria == nil ? nil : met) : HealthText.write(report))
        guard met.isEmpty else {
            for (c, v) in met {
                Diagnostics.print(
                    "touchbridge: health: \(c.text) met ("
                        + (v.map { "value \(HealthText.plain($0))" } ?? "figure unavailable") + ")",
                    level: .error)
            }
            throw ExitCode(1)
        }
    }

    private func screenMapper(_ d: DeviceDescription) -> ScreenMapper? {
        ScreenMapper(
            device: d, calibration: mapping.matrix ?? .identity, rotation: mapping.rotation ?? .none,
            screen: mapping.screenSize)
    }

    /// Refuses what is no touchscreen; `marked`: udev marks it as a panel (mouse mode).
    private func check(_ d: DeviceDescription, marked: Bool) throws {
        if let problem = touchscreenProblem(d, contactKey: TouchProtocol.contactKey(of: d, marked: marked)) {
            throw fail(DeviceError.unsuitable(path: source, reason: problem))
        }
    }

    private func analyse(_ r: Recording, source path: String, settings: HealthSettings) throws -> HealthReport {
        let info = r.recordedInfo(at: path)
        let marked = info?.isMarkedPanel == true
        try check(r.description, marked: marked)
        var analyzer = HealthAnalyzer(
            description: r.description, source: path, settings: settings, screen: screenMapper(r.description),
            udevFuzz: info?.libinputFuzz ?? [:])
        let warnings = WarningList()
        var tracker = InputChain.uncorrected(description: r.description, marked: marked) { warnings.items.append($0) }
        let limit = duration.flatMap { d in r.events.first.map { $0.time.inSeconds + d } }
        var lastTime = r.events.first?.time
        for e in r.events {
            if let limit, e.time.inSeconds > limit { break }
            analyzer.event(e)
            tracker.process(e) { analyzer.frame($0) }
            for w in warnings.items { analyzer.warning(w) }
            warnings.items.removeAll()
            lastTime = e.time
        }
        return analyzer.report(at: lastTime)
    }

    private func follow(_ device: EvdevDevice, settings: HealthSettings) throws -> HealthReport {
        let d = device.description
        let info = (try? DeviceDiscovery())?.device(devnode: device.path)
        let marked = info?.isMarkedPanel == true
        try check(d, marked: marked)
        let signals = SignalWatch()
        let udevFuzz = info?.libinputFuzz ?? [:]
        var analyzer = HealthAnalyzer(
            description: d, source: device.path, settings: settings, screen: screenMapper(d),
            udevFuzz: udevFuzz)
        let warnings = WarningList()
        var tracker = InputChain.uncorrected(description: d, marked: marked) { warnings.items.append($0) }
        let start = monotonicNow()
        analyzer.frame(tracker.open(at: start, device: device))
        let deadline = duration.map { start.inSeconds + $0 }
        Diagnostics.print(
            "touchbridge: \(device.path): measuring \(d.name)"
                + (duration.map { " for \(HealthText.plain($0)) s" } ?? "") + "; interrupt to report")
        let failure = readUntilStopped(device, signals: signals, deadline: deadline) { e, isSync in
            analyzer.event(e)
            tracker.process(e, isSync: isSync) { analyzer.frame($0) }
            for w in warnings.items { analyzer.warning(w) }
            warnings.items.removeAll()
        }
        // A panel unplugged mid-test still gets its report (then the error).
        let report = analyzer.report(at: monotonicNow())
        if let failure { Diagnostics.print("touchbridge: \(failure)", level: .error) }
        return report
    }
}

/// The tracker's warnings, gathered between its calls (its callback outlives any one call).
private final class WarningList {
    var items: [TrackerWarning] = []
}
