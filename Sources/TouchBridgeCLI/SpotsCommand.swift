import ArgumentParser
import DeviceTools
import Discovery
import Evdev
import InputEvents
import MarkBoards
import Output
import Pipeline
import RunCommandLine
import Runtime
import Sysexits
import TouchBridge
import TouchInput
import TouchTools

struct SpotsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spots",
        abstract: "Show every contact on the display it lands on, live, for demos and field checks.",
        discussion: """
            Draws a ring under each finger with its slot, a pen's tip as a dot sized by its pressure and \
            its hover as an outline, on each panel's own display: over whatever runs (a compositor's \
            layer-shell overlay, which lets the touches through), in a fullscreen window where the \
            compositor has no overlays, or on the display itself through KMS when no compositor runs. \
            It reads the panels without grabbing them: the app still gets every touch. Ends at Ctrl-C \
            (exit 0). Exit 66 with no touchscreen, 69 when no panel's display can be drawn on (said why).
            """)

    @Argument(help: "Event nodes (default: every touchscreen udev lists).")
    var nodes: [String] = []

    @OptionGroup(title: "Screen mapping, as run maps a panel")
    var mapping: MappingOptions

    @Flag(
        help:
            "Follow hotplug: panels plugged in later are shown too, and with none it waits for one (how run --spots starts it)."
    )
    var follow = false

    func validate() throws {
        for n in nodes where RunInvocation.isRecording(n) {
            throw ValidationError(
                "\(n): spots shows a live panel's touches, and a recording has no display (use watch)")
        }
    }

    func run() throws {
        let monitor: HotplugMonitor?
        do { monitor = follow ? try HotplugMonitor() : nil } catch { throw fail(error) }
        let paths = nodes.isEmpty ? ((try? DeviceDiscovery())?.touchscreens().map(\.devnode) ?? []) : nodes
        guard !paths.isEmpty || follow else {
            Diagnostics.print(
                "touchbridge: spots: no touchscreen (touchbridge list shows the input devices)", level: .error)
            throw ExitCode(Sysexits.noInput)
        }
        let session = SpotsSession(mapping: mapping, only: nodes)
        defer { session.close() }
        for path in paths { try session.add(path, named: !nodes.isEmpty) }
        if !follow && session.panels.isEmpty { throw ExitCode(Sysexits.unavailable) }
        try session.loop(monitor: monitor)
    }
}

/// `spots`' panels, each read beside whatever else reads it and drawn on its own display.
final class SpotsSession {
    let mapping: MappingOptions
    /// The nodes named (empty: every touchscreen).
    let only: [String]
    var panels: [SpotPanel] = []

    init(mapping: MappingOptions, only: [String]) {
        self.mapping = mapping
        self.only = only
    }

    /// Opens `path` and its display's surface; a panel named fails loudly, one found is warned about and left out.
    func add(_ path: String, named: Bool) throws {
        guard !panels.contains(where: { $0.device.path == path }) else { return }
        do {
            let (input, d, info) = try InputSource.openTouchscreen(path)
            guard case .device(let device) = input else { return }
            let (_, mapper) = try mapping.place(d, source: path, info: info)
            let board = MarkBoard.open(
                target: .of(d, info: info, mapper: mapper, pin: mapping.output), passesInput: true, noDraw: false
            ) { Diagnostics.print("touchbridge: spots: \(path): \($0)") }
            // Nowhere to draw (said above): nothing to read it for.
            guard board.isDrawing else { return }
            var tracker = InputChain.uncorrected(description: d, marked: info?.isMarkedPanel == true) {
                Diagnostics.print("touchbridge: \(path): \($0)")
            }
            var spots = SpotTracker(mapper: mapper, description: d)
            _ = spots.take(tracker.open(at: monotonicNow(), device: device))
            let panel = SpotPanel(device: device, board: board, tracker: tracker, spots: spots)
            panels.append(panel)
            panel.redraw()
        } catch {
            if named { throw error }
            Diagnostics.print("touchbridge: spots: \(path): \(error)", level: .warning)
        }
    }

    /// Reads every panel and answers every compositor until a signal; without `monitor`, also
    /// until no panel is left; with it, panels plugged in are added.
    func loop(monitor: HotplugMonitor?) throws {
        let signals = SignalWatch()
        while monitor != nil || !panels.isEmpty {
            for p in panels { p.board.willWait() }
            let boards = panels.filter { $0.board.fd != nil }
            let fixed = [signals.fd] + (monitor.map { [$0.fd] } ?? [])
            let fds = fixed + panels.map(\.device.fd) + boards.compactMap(\.board.fd)
            let ready = Set(waitReadable(fds))
            for (i, p) in boards.enumerated() {
                p.board.didWait(readable: ready.contains(fixed.count + panels.count + i))
            }
            if ready.contains(0), signals.take() != nil { return }
            for (i, p) in panels.enumerated() where ready.contains(fixed.count + i) { try p.read() }
            // Unplugged, or its surface taken away (the compositor ended: the board said so).
            panels.removeAll { p in
                let gone = p.unplugged || !p.board.isDrawing
                if gone { p.board.close() }
                return gone
            }
            if let monitor, ready.contains(1) { try hotplug(monitor) }
        }
    }

    private func hotplug(_ monitor: HotplugMonitor) throws {
        while let change = monitor.next() {
            let info = change.device
            guard change.action == .added, info.isTouchscreen, only.isEmpty || only.contains(info.devnode) else {
                continue
            }
            try add(info.devnode, named: false)
        }
    }

    func close() { for p in panels { p.board.close() } }
}

/// One panel's reading and its display's spots.
final class SpotPanel {
    let device: EvdevDevice
    let board: MarkBoard
    var tracker: ContactTracker
    var spots: SpotTracker
    var unplugged = false

    init(device: EvdevDevice, board: MarkBoard, tracker: ContactTracker, spots: SpotTracker) {
        self.device = device
        self.board = board
        self.tracker = tracker
        self.spots = spots
    }

    func redraw() {
        board.scene.spots = spots.shown
        board.show()
    }

    func read() throws {
        var changed = false
        let status = try device.read(.synced) { e, isSync in
            tracker.process(e, isSync: isSync) { f in
                if spots.take(f) { changed = true }
            }
        }
        if status == .unplugged {
            Diagnostics.print("touchbridge: spots: \(device.path) was unplugged")
            unplugged = true
            board.scene.spots = []
            board.show()
            return
        }
        if changed { redraw() }
    }
}
