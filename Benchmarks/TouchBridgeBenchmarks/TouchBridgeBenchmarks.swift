// Microbenchmarks of the per-event work and of the one-off costs (hit test, scene decoding):
// time and malloc counts per operation. Run: cd Benchmarks && swift package benchmark
// Metrics marked * in the output are per operation (the iteration count is scaled).
import Benchmark
import Evdev
import InputEvents
import TouchBridge
import TouchInput
import TouchKit

let perOperation: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: perOperation, maxDuration: .seconds(2))
    registerTouchKit()
    registerTracking()
    registerFormatting()
    registerParsing()
}

// MARK: - TouchKit: hit testing and dispatch

func registerTouchKit() {
    // One tree for every sample, so samples measure a warm tree as the daemon's is.
    nonisolated(unsafe) let tree = Fixtures.deepTree()
    let target = Point(x: 5, y: 5)
    precondition(tree.window.hitTest(target, with: nil) === tree.deepest)
    Benchmark("hitTest, 10 000 views, depth 20", configuration: .init(scalingFactor: .kilo)) { b in
        for _ in b.scaledIterations { blackHole(tree.window.hitTest(target, with: nil)) }
    }

    // The event loop asks for the next deadline on every wake: it must not allocate.
    Benchmark("TimerQueue.nextDeadline, 8 timers pending", configuration: .init(scalingFactor: .kilo)) { b in
        let timers = TimerQueue()
        for i in 0..<8 { timers.schedule(after: Double(8 - i) * 0.1) {} }
        b.startMeasurement()
        for _ in b.scaledIterations { blackHole(timers.nextDeadline) }
        b.stopMeasurement()
    }

    Benchmark(
        "dispatch: frame of 10 moving touches, 6-level chain, a recognizer per level",
        configuration: .init(scalingFactor: .kilo)
    ) { b in
        let chain = DispatchChain()
        b.startMeasurement()
        for _ in b.scaledIterations { chain.moveAll() }
        b.stopMeasurement()
        precondition(chain.deliveries() > 0)
    }
}

/// A recognizer that watches without deciding, so every frame goes through the arbitration
/// of six recognizers and on to the views (as recognizers do while a gesture is still possible).
final class WatchingRecognizer: GestureRecognizer {
    var moves = 0
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { moves += touches.count }
}

final class CountingView: View {
    var moves = 0
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { moves += touches.count }
}

/// Six nested views, each with a watching recognizer; ten touches down on the deepest.
final class DispatchChain {
    let app = Application()
    var levels: [CountingView] = []
    var recognizers: [WatchingRecognizer] = []
    var step = 0.0
    let fingers = (0..<10).map { UInt64(1 + $0) }
    var updates: [TouchUpdate]

    init() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "window")
        app.addWindow(window)
        var parent: View = window
        for level in 0..<6 {
            let v = CountingView(
                frame: Rect(x: 10, y: 10, width: 1800 - Double(level) * 100, height: 1000 - Double(level) * 100),
                name: "level\(level)")
            v.isMultipleTouchEnabled = true
            let r = WatchingRecognizer(name: "watch\(level)")
            v.addGestureRecognizer(r)
            parent.addSubview(v)
            levels.append(v)
            recognizers.append(r)
            parent = v
        }
        updates = fingers.enumerated().map {
            TouchUpdate(identifier: $0.element, phase: .began, location: Point(x: 100 + Double($0.offset) * 40, y: 100))
        }
        app.handleTouches(updates, timestamp: 1)
        for i in updates.indices { updates[i].phase = .moved }
    }

    func moveAll() {
        step += 1
        let y = 100 + step.truncatingRemainder(dividingBy: 200)
        for i in updates.indices { updates[i].location.y = y }
        app.handleTouches(updates, timestamp: 1 + step * 0.001)
    }

    func deliveries() -> Int { levels.last!.moves + recognizers.reduce(0) { $0 + $1.moves } }
}

// MARK: - Contact tracking

func registerTracking() {
    let streams: [(String, DeviceDescription, [InputEvent])] = [
        ("protocol B", Fixtures.protocolB, Fixtures.streamB(frames: 5000)),
        ("protocol A", Fixtures.protocolA, Fixtures.streamA(frames: 5000)),
        ("single touch", Fixtures.single, Fixtures.streamSingle(frames: 5000)),
    ]
    for (name, description, events) in streams {
        Benchmark("contact tracking per event, \(name)", configuration: .init(scalingFactor: .kilo)) { b in
            var tracker = ContactTracker(description: description, ids: ContactIDs())
            var contacts = 0
            var i = 0
            b.startMeasurement()
            for _ in b.scaledIterations {
                tracker.process(events[i]) { frame in contacts &+= frame.contacts.count }
                i = i + 1 == events.count ? 0 : i + 1
            }
            b.stopMeasurement()
            blackHole(contacts)
        }
    }
}

// MARK: - Output formats

func registerFormatting() {
    let events = Fixtures.streamB(frames: 5000)
    Benchmark("evtest line", configuration: .init(scalingFactor: .kilo)) { b in
        let formatter = EvtestFormatter(naming: LibevdevNames())
        var buffer = TextBuffer(capacity: 1 << 16)
        var i = 0
        b.startMeasurement()
        for _ in b.scaledIterations {
            formatter.write(events[i], into: &buffer)
            if buffer.count > 60_000 { buffer.removeAll() }
            i = i + 1 == events.count ? 0 : i + 1
        }
    }

    // Frames of 5 moving contacts: each is 5 contact lines and a frame line.
    Benchmark("touches JSON: frame of 5 contacts (6 lines)", configuration: .init(scalingFactor: .kilo)) { b in
        var frames: [ContactFrame] = []
        var tracker = ContactTracker(description: Fixtures.protocolB, ids: ContactIDs())
        for e in events { tracker.process(e) { if $0.contacts.count == 5 { frames.append($0) } } }
        let mapper = ScreenMapper(device: Fixtures.protocolB)!
        let log = ContactLog(device: "event5", json: true)
        var buffer = TextBuffer(capacity: 1 << 16)
        var i = 0
        b.startMeasurement()
        for _ in b.scaledIterations {
            log.write(frames[i], mapper: mapper, into: &buffer)
            if buffer.count > 60_000 { buffer.removeAll() }
            i = i + 1 == frames.count ? 0 : i + 1
        }
    }

    // One touch moving over a view that logs touchesMoved: one frame, one handler-log line
    // (the dispatch that leads to it included).
    Benchmark("handler log JSON: touchesMoved line (with its dispatch)", configuration: .init(scalingFactor: .kilo)) {
        b in
        let json =
            #"{ "screen": [800, 480], "windows": [ { "name": "Main", "frame": [0, 0, 800, 480], "root": { "name": "Pad", "consumes": ["touchesMoved"] } } ] }"#
        let scene = try! Scene.parse(Array(json.utf8), file: "bench")
        let instance = SceneInstance(
            scene: scene, screen: Size(width: 800, height: 480), log: HandlerLog(format: .json))
        instance.log.setDevice(0, name: "/dev/input/event5")
        var update = TouchUpdate(identifier: 1, phase: .began, location: Point(x: 100, y: 100), device: 0, slot: 0)
        instance.app.handleTouches([update], timestamp: 1)
        update.phase = .moved
        var step = 0.0
        b.startMeasurement()
        for _ in b.scaledIterations {
            step += 1
            update.location.x = 100 + step.truncatingRemainder(dividingBy: 500)
            instance.app.handleTouches(CollectionOfOne(update).map { $0 }, timestamp: 1 + step * 0.001)
            if instance.log.buffer.count > 60_000 { instance.log.discard() }
        }
        b.stopMeasurement()
        precondition(instance.log.buffer.count > 0)
    }
}

// MARK: - Parsing

func registerParsing() {
    let events = Fixtures.streamB(frames: 5000)
    var writer = EvemuWriter(naming: LibevdevNames())
    var text = TextBuffer(capacity: 1 << 20)
    writer.writeHeader(Fixtures.protocolB, kernel: nil, dmi: nil, into: &text)
    for e in events { writer.write(e, into: &text) }
    let lines = text.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
    let headerLines = lines.prefix { $0.first != UInt8(ascii: "E") }
    let eventLines = Array(lines.dropFirst(headerLines.count))

    Benchmark("evemu parse per event line", configuration: .init(scalingFactor: .kilo)) { b in
        var parser = EvemuLineParser(file: "bench.evemu")
        for line in headerLines { _ = try! parser.parse(line: line) }
        var i = 0
        var sum = 0
        b.startMeasurement()
        for _ in b.scaledIterations {
            if let e = try! parser.parse(line: eventLines[i]) { sum &+= Int(e.value) }
            i = i + 1 == eventLines.count ? 0 : i + 1
        }
        b.stopMeasurement()
        blackHole(sum)
    }

    for views in [1000] {
        let bytes = Array(Fixtures.sceneJSON(views: views).utf8)
        Benchmark("scene decoding, \(views) views") { b in
            for _ in b.scaledIterations { blackHole(try! Scene.parse(bytes, file: "bench.json")) }
        }
        Benchmark("scene decoding and building the window, \(views) views") { b in
            for _ in b.scaledIterations {
                let scene = try! Scene.parse(bytes, file: "bench.json")
                blackHole(
                    SceneInstance(scene: scene, screen: Size(width: 1920, height: 1080), log: HandlerLog(format: .json))
                )
            }
        }
    }
}
