import ArgumentParser
import DeviceTools
import Evdev
import InputEvents
import Output
import RunCommandLine
import Runtime
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
            It reads the panels without grabbing them: the app still gets every touch. Ends at Ctrl-C.
            """)

    @Argument(help: "Event nodes (default: every touchscreen udev lists).")
    var nodes: [String] = []

    @OptionGroup(title: "Screen mapping, as run maps a panel")
    var mapping: MappingOptions

    func validate() throws {
        for n in nodes where RunInvocation.isRecording(n) {
            throw ValidationError("\(n): spots shows a live panel's touches; a recording has no display (use watch)")
        }
    }

    func run() throws {
        let paths = nodes.isEmpty ? ((try? DeviceDiscovery())?.touchscreens().map(\.devnode) ?? []) : nodes
        guard !paths.isEmpty else {
            Diagnostics.print(
                "touchbridge: spots: no touchscreen (touchbridge list shows the input devices)", level: .error)
            throw ExitCode(66)
        }
        var panels: [SpotPanel] = []
        for path in paths {
            let (input, d, info) = try InputSource.openTouchscreen(path)
            guard case .device(let device) = input else { continue }
            let (_, mapper) = try mapping.place(d, source: path, info: info)
            let board = MarkBoard.open(
                target: .of(d, info: info, mapper: mapper, pin: mapping.output), passesInput: true, noDraw: false
            ) { Diagnostics.print("touchbridge: spots: \(path): \($0)") }
            guard board.isDrawing else { throw ExitCode(69) }
            var tracker = InputChain.uncorrected(description: d, marked: info?.isMarkedPanel == true) {
                Diagnostics.print("touchbridge: \(path): \($0)")
            }
            var spots = SpotTracker(mapper: mapper, description: d)
            _ = spots.take(tracker.open(at: monotonicNow(), device: device))
            panels.append(SpotPanel(device: device, board: board, tracker: tracker, spots: spots))
        }
        defer { for p in panels { p.board.close() } }
        for p in panels { p.redraw() }
        try SpotPanel.loop(panels)
    }
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

    /// Reads every panel and answers every compositor until a signal, or until no panel is left.
    static func loop(_ panels: [SpotPanel]) throws {
        let signals = SignalWatch()
        while panels.contains(where: { !$0.unplugged && $0.board.isDrawing }) {
            for p in panels { p.board.willWait() }
            let live = panels.filter { !$0.unplugged }
            let boards = panels.filter { $0.board.fd != nil }
            let fds = [signals.fd] + live.map(\.device.fd) + boards.compactMap(\.board.fd)
            let ready = Set(waitReadable(fds))
            for (i, p) in boards.enumerated() { p.board.didWait(readable: ready.contains(1 + live.count + i)) }
            if ready.contains(0), signals.take() != nil { return }
            for (i, p) in live.enumerated() where ready.contains(1 + i) {
                try p.read()
            }
        }
    }

    private func read() throws {
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
