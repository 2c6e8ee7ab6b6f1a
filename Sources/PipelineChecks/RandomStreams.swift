import InputEvents
import Pipeline
import TouchInput
import TouchKit
import TouchScene

/// SplitMix64: a small, fast, seeded generator, so a failing stream can be replayed.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// The panels the random streams play on: 800×480 screen points, ten device units a point.
public enum TestPanels {
    static let k = Kernel.self

    private static func axes(_ codes: [UInt16], extra: [UInt16: AbsInfo] = [:]) -> [UInt16: AbsInfo] {
        var info: [UInt16: AbsInfo] = [:]
        for c in codes {
            info[c] =
                c == k.ABS_X || c == k.ABS_MT_POSITION_X
                ? AbsInfo(minimum: 0, maximum: 7999, resolution: 40)
                : c == k.ABS_Y || c == k.ABS_MT_POSITION_Y
                    ? AbsInfo(minimum: 0, maximum: 4799, resolution: 40)
                    : AbsInfo(minimum: 0, maximum: 255)
        }
        return info.merging(extra) { $1 }
    }

    /// A 10-slot protocol B panel with pressure, touch size and tool type (palms).
    public static func protocolB(name: String = "random B") -> DeviceDescription {
        let abs = [
            k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_TOUCH_MAJOR, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y,
            k.ABS_MT_TOOL_TYPE, k.ABS_MT_TRACKING_ID, k.ABS_MT_PRESSURE,
        ]
        return DeviceDescription(
            name: name, id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(abs)],
            absInfo: axes(
                abs,
                extra: [
                    k.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
                    k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                    k.ABS_MT_TOOL_TYPE: AbsInfo(minimum: 0, maximum: 2),
                ]))
    }

    /// A protocol A panel, with or without tracking ids.
    public static func protocolA(trackingIDs: Bool, name: String = "random A") -> DeviceDescription {
        var abs = [k.ABS_X, k.ABS_Y, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y]
        if trackingIDs { abs.append(k.ABS_MT_TRACKING_ID) }
        return DeviceDescription(
            name: name, id: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(abs)], absInfo: axes(abs))
    }

    /// A single-touch resistive panel.
    public static func single(name: String = "random single") -> DeviceDescription {
        let abs = [k.ABS_X, k.ABS_Y, k.ABS_PRESSURE]
        return DeviceDescription(
            name: name, id: InputID(bustype: 0x18, vendor: 1, product: 3, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(abs)], absInfo: axes(abs))
    }
}

/// Plays seeded random streams — legal and illegal: random slots, tracking ids, double
/// down/up, slots and values out of range, palm tool changes, `SYN_DROPPED` with and without
/// libevdev's resync, devices vanishing mid-touch — through a scene, with an invariant
/// checker following every handler call.
public struct RandomStreams {
    public struct Report: Sendable {
        public var events = 0
        public var streams = 0
        public var calls = 0
        public var recognitions = 0
        public var actions = 0
        public var devicesVanished = 0
        public var dropped = 0
        /// Idle and wake lines, and ghosts (with `ghostSeconds`, or a scene with `idle`).
        public var wakes = 0
        public var ghosts = 0
        /// Touches a noise rule filtered (with `noise`).
        public var noise = 0
        public var violations: [String] = []
    }

    public let scene: Scene
    /// Hears the log's text (for finding out what a failing seed did).
    public var trace: ((String) -> Void)?
    /// Hears every event fed, with its device and whether it is part of a resync.
    public var eventTrace: ((String, InputEvent, Bool) -> Void)?
    /// Ghost contacts cancelled after this long at rest (`--ghost-after`), and time driven
    /// between frames as the daemon drives it, so idle, wake and ghosts take part.
    public var ghostSeconds: Double?
    /// The noise rules on every panel (`--noise-filter`); nil: none.
    public var noise: NoiseChoice?

    public init(scene: Scene) { self.scene = scene }

    /// Runs streams of about `eventsPerStream` events until `events` have been played.
    public func run(seed: UInt64, events: Int, eventsPerStream: Int = 5_000) -> Report {
        var rng = SeededRandom(seed: seed)
        var report = Report()
        while report.events < events && report.violations.isEmpty {
            stream(&rng, eventsPerStream, &report)
            report.streams += 1
        }
        return report
    }

    private struct Player {
        let panel: Panel
        let description: DeviceDescription
        var slot: Int32 = 0
        var trackingIDs: [Int32] = Array(repeating: -1, count: 10)
        var positions: [(Int32, Int32)] = Array(repeating: (4000, 2400), count: 10)
        var nextID: Int32 = 1
        /// Protocol A: the contacts present (positions).
        var contacts: [(Int32, Int32)] = []
        var touching = false
    }

    private func stream(_ rng: inout SeededRandom, _ count: Int, _ report: inout Report) {
        trace?("--- stream\n")
        let instance = SceneInstance(
            scene: scene, screen: Size(width: 800, height: 480), log: HandlerLog(format: .json))
        let checker = InvariantChecker(instance)
        var configuration = TouchPipeline.Configuration()
        configuration.adoptInitialTouches = rng.chance(0.5)
        let pipeline = TouchPipeline(scene: instance, configuration: configuration)
        var time = EventTime(seconds: 1, microseconds: 0)
        if ghostSeconds != nil || scene.idle != nil {
            pipeline.startKioskRules(ghostAfter: ghostSeconds, at: time.inSeconds)
        }
        var players: [Player] = []
        func addPlayer() {
            let kinds: [DeviceDescription] = [
                TestPanels.protocolB(), TestPanels.protocolB(),
                TestPanels.protocolA(trackingIDs: rng.chance(0.5)), TestPanels.single(),
            ]
            let d = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
            let mapper = ScreenMapper(device: d, screen: (800, 480))!
            var placement = PanelPlacement()
            placement.noise = noise
            let panel = pipeline.addPanel(
                node: "/dev/input/random\(players.count)", description: d, mapper: mapper, placement: placement,
                time: time.inSeconds)
            players.append(Player(panel: panel, description: d))
        }
        addPlayer()
        if rng.chance(0.5) { addPlayer() }
        var played = 0
        while played < count {
            let i = Int.random(in: 0..<players.count, using: &rng)
            if rng.chance(0.0004) {
                // The device vanishes mid-touch; another takes its place.
                pipeline.removePanel(players[i].panel, at: time)
                players.remove(at: i)
                addPlayer()
                report.devicesVanished += 1
                continue
            }
            played += step(&players[i], &rng, &time, pipeline, &report)
            if let trace { trace(pipeline.log.buffer.string) }
            for m in pipeline.log.marks where m.kind == .idle || m.kind == .ghost || m.kind == .noise {
                switch m.kind {
                case .idle: report.wakes += 1
                case .ghost: report.ghosts += 1
                default: report.noise += 1
                }
            }
            pipeline.log.discard()
        }
        for p in players { pipeline.removePanel(p.panel, at: time) }
        var rounds = 0
        while let d = pipeline.nextDeadline, rounds < 1000 {
            pipeline.advanceTime(to: d)
            rounds += 1
        }
        if let trace { trace(pipeline.log.buffer.string) }
        pipeline.log.discard()
        checker.finish(pipeline)
        report.events += played
        report.calls += checker.calls
        report.recognitions += checker.recognitions
        report.actions += checker.actions
        report.violations += checker.violations
    }

    /// Feeds one panel's events at one time into the pipeline, counting them.
    private struct Feeder {
        let pipeline: TouchPipeline
        let panel: Panel
        let time: EventTime
        let trace: ((String, InputEvent, Bool) -> Void)?
        var fed = 0

        mutating func callAsFunction(_ type: UInt16, _ code: UInt16, _ value: Int32, sync: Bool = false) {
            let e = InputEvent(time: time, type: type, code: code, value: value)
            trace?(panel.node, e, sync)
            pipeline.process(e, isSync: sync, from: panel)
            fed += 1
        }
    }

    /// A position near `around`: mostly a finger moving, sometimes a jump or off the glass.
    private static func wander(_ around: Int32, _ max: Int32, _ rng: inout SeededRandom) -> Int32 {
        if rng.chance(0.02) { return Int32.random(in: -500...(max + 500), using: &rng) }  // off the glass
        if rng.chance(0.1) { return Int32.random(in: 0...max, using: &rng) }  // a jump
        return Swift.max(0, Swift.min(max, around + Int32.random(in: -80...80, using: &rng)))  // a finger moving
    }

    /// One frame's worth (or one odd event) on one panel; returns how many events it fed.
    private func step(
        _ p: inout Player, _ rng: inout SeededRandom, _ time: inout EventTime, _ pipeline: TouchPipeline,
        _ report: inout Report
    ) -> Int {
        // Time: mostly a frame at 100 Hz; now and then a pause long enough for timers.
        let gap: Int64 =
            rng.chance(0.05)
            ? Int64.random(in: 200_000...1_500_000, using: &rng) : Int64.random(in: 0...20_000, using: &rng)
        time = EventTime(totalMicroseconds: time.totalMicroseconds + gap)
        if ghostSeconds != nil || scene.idle != nil {
            pipeline.advanceTime(to: time.inSeconds)
        }
        var feed = Feeder(pipeline: pipeline, panel: p.panel, time: time, trace: eventTrace)
        switch TouchProtocol(p.description) {
        case .slots:
            if stepSlots(&p, &rng, &feed, &report) { return feed.fed }
        case .groups:
            stepGroups(&p, &rng, &feed)
        case .single:
            if rng.chance(0.15) {
                p.touching.toggle()
                feed(Kernel.EV_KEY, Kernel.BTN_TOUCH, p.touching ? 1 : 0)
            }
            let (x, y) = p.positions[0]
            p.positions[0] = (Self.wander(x, 7999, &rng), Self.wander(y, 4799, &rng))
            feed(Kernel.EV_ABS, Kernel.ABS_X, p.positions[0].0)
            feed(Kernel.EV_ABS, Kernel.ABS_Y, p.positions[0].1)
        }
        feed(Kernel.EV_SYN, Kernel.SYN_REPORT, 0)
        return feed.fed
    }

    /// Protocol B: slot changes, downs and ups (with the drivers' bugs), motion, palms,
    /// pressure, and now and then a SYN_DROPPED. True when it ended the frame itself.
    private func stepSlots(_ p: inout Player, _ rng: inout SeededRandom, _ feed: inout Feeder, _ report: inout Report)
        -> Bool
    {
        let k = Kernel.self
        let n = Int.random(in: 1...6, using: &rng)
        for _ in 0..<n {
            let r = Double.random(in: 0..<1, using: &rng)
            if r < 0.15 {
                let s: Int32 =
                    rng.chance(0.05)
                    ? [Int32(-1), 10, 12, 300].randomElement(using: &rng)! : Int32.random(in: 0...9, using: &rng)
                feed(k.EV_ABS, k.ABS_MT_SLOT, s)
                p.slot = s
            } else if r < 0.27 {
                // Down on a free slot, up on a busy one, and sometimes the driver bugs.
                let inRange = (0..<10).contains(p.slot)
                let busy = inRange && p.trackingIDs[Int(p.slot)] >= 0
                var id: Int32 = busy ? -1 : p.nextID
                if rng.chance(0.1) { id = busy ? p.nextID : -1 }  // double down / up
                if id >= 0 { p.nextID &+= 1 }
                feed(k.EV_ABS, k.ABS_MT_TRACKING_ID, id)
                if inRange && !(busy && id >= 0) && !(!busy && id < 0) { p.trackingIDs[Int(p.slot)] = id }
            } else if r < 0.85 {
                let s = (0..<10).contains(p.slot) ? Int(p.slot) : 0
                let (x, y) = p.positions[s]
                let nx = Self.wander(x, 7999, &rng)
                let ny = Self.wander(y, 4799, &rng)
                p.positions[s] = (nx, ny)
                if rng.chance(0.8) { feed(k.EV_ABS, k.ABS_MT_POSITION_X, nx) }
                if rng.chance(0.8) { feed(k.EV_ABS, k.ABS_MT_POSITION_Y, ny) }
            } else if r < 0.9 {
                feed(k.EV_ABS, k.ABS_MT_TOOL_TYPE, rng.chance(0.7) ? 0 : 2)  // finger / palm
            } else {
                feed(
                    k.EV_ABS, rng.chance(0.5) ? k.ABS_MT_PRESSURE : k.ABS_MT_TOUCH_MAJOR,
                    Int32.random(in: -10...300, using: &rng))
            }
        }
        guard rng.chance(0.01) else { return false }
        // A kernel buffer overrun: libevdev's resync (the current slots), or a raw one.
        report.dropped += 1
        if rng.chance(0.6) {
            feed(k.EV_SYN, k.SYN_DROPPED, 0, sync: true)
            for s in 0..<10 where rng.chance(0.5) {
                feed(k.EV_ABS, k.ABS_MT_SLOT, Int32(s), sync: true)
                let id: Int32 = rng.chance(0.5) ? -1 : p.nextID
                if id >= 0 { p.nextID &+= 1 }
                p.trackingIDs[s] = id
                feed(k.EV_ABS, k.ABS_MT_TRACKING_ID, id, sync: true)
                feed(k.EV_ABS, k.ABS_MT_POSITION_X, Int32.random(in: 0...7999, using: &rng), sync: true)
            }
            feed(k.EV_SYN, k.SYN_REPORT, 0, sync: true)
            return true
        }
        feed(k.EV_SYN, k.SYN_DROPPED, 0)
        feed(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)  // lost
        return false
    }

    /// Protocol A: contacts come and go; each frame reports every one, or an empty group.
    private func stepGroups(_ p: inout Player, _ rng: inout SeededRandom, _ feed: inout Feeder) {
        let k = Kernel.self
        if rng.chance(0.2) {
            if p.contacts.isEmpty || rng.chance(0.5) {
                p.contacts.append((Int32.random(in: 0...7999, using: &rng), Int32.random(in: 0...4799, using: &rng)))
            } else {
                p.contacts.removeLast()
            }
            if p.contacts.count > 12 { p.contacts.removeAll() }
        }
        for (i, c) in p.contacts.enumerated() {
            let moved = (Self.wander(c.0, 7999, &rng), Self.wander(c.1, 4799, &rng))
            p.contacts[i] = moved
            if p.description.has(type: k.EV_ABS, code: k.ABS_MT_TRACKING_ID) {
                feed(k.EV_ABS, k.ABS_MT_TRACKING_ID, Int32(i))
            }
            feed(k.EV_ABS, k.ABS_MT_POSITION_X, moved.0)
            feed(k.EV_ABS, k.ABS_MT_POSITION_Y, moved.1)
            feed(k.EV_SYN, k.SYN_MT_REPORT, 0)
        }
        if p.contacts.isEmpty { feed(k.EV_SYN, k.SYN_MT_REPORT, 0) }
    }
}
