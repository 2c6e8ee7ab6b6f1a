import Drawing
import Evdev
import Glibc
import InputEvents
import Latency
import Marks
import TouchInput

/// One latency measurement under way: the kernel's touch-downs read from the node beside the
/// compositor, and the touches the compositor delivers to a fullscreen surface that answers
/// each with a mark, with when each answer was committed and presented.
final class LatencyRun: SurfaceObserver {
    /// A touch the compositor delivered, and what became of the frame that answered it.
    struct Delivered {
        var down: TouchDownMatching.Down
        var frame: Int?
        var committed: Double?
        var presented: Double?
        var discarded = false
    }

    var kernel: [TouchDownMatching.Down] = []
    var delivered: [Delivered] = []
    var refresh = 0.0
    var hardware = true
    var surface: WaylandSurface?
    /// What the surface shows: what to do, from its first frame (which also readies the text
    /// drawing before the first tap's frame), and a mark where the last touch landed.
    var scene: MarkScene = {
        var s = MarkScene()
        s.instruction = "Tap anywhere, one finger at a time"
        return s
    }()
    /// The screen marks are drawn on: a square the surface is scaled to.
    static let screen = 1000.0

    // The node being read, whose state libevdev keeps (each slot's place, as the kernel only
    // sends a value that changed), and the frame's new contacts: their slots, or a single
    // touch's BTN_TOUCH.
    private let device: any AxisValues
    private let multitouch: Bool
    private var newSlots: [Int] = []
    private var newTouch = false
    private let ranges: (x: AbsInfo?, y: AbsInfo?)

    convenience init(_ device: EvdevDevice) { self.init(device.description, values: device) }

    init(_ d: DeviceDescription, values: any AxisValues) {
        device = values
        multitouch = d.absInfo[Kernel.ABS_MT_POSITION_X] != nil
        ranges = (
            d.absInfo[multitouch ? Kernel.ABS_MT_POSITION_X : Kernel.ABS_X],
            d.absInfo[multitouch ? Kernel.ABS_MT_POSITION_Y : Kernel.ABS_Y]
        )
        newSlots.reserveCapacity(16)
    }

    /// One event of the node, libevdev's state already updated by it: each new contact of a
    /// frame is a kernel touch-down at the frame's time, where libevdev says it is.
    func take(_ e: InputEvent) {
        switch (e.type, e.code) {
        case (Kernel.EV_ABS, Kernel.ABS_MT_TRACKING_ID):
            let slot = Int(device.value(type: Kernel.EV_ABS, code: Kernel.ABS_MT_SLOT))
            if e.value >= 0, newSlots.count < 64 { newSlots.append(slot) }
        case (Kernel.EV_KEY, Kernel.BTN_TOUCH): if e.value == 1 { newTouch = true }
        case (Kernel.EV_SYN, Kernel.SYN_REPORT):
            if multitouch {
                for slot in newSlots {
                    down(
                        at: e.time.inSeconds, device.slotValue(slot: slot, code: Kernel.ABS_MT_POSITION_X),
                        device.slotValue(slot: slot, code: Kernel.ABS_MT_POSITION_Y))
                }
            } else if newTouch {
                down(
                    at: e.time.inSeconds, device.value(type: Kernel.EV_ABS, code: Kernel.ABS_X),
                    device.value(type: Kernel.EV_ABS, code: Kernel.ABS_Y))
            }
            newSlots.removeAll(keepingCapacity: true)
            newTouch = false
        default: break
        }
    }

    private func down(at time: Double, _ x: Int32, _ y: Int32) {
        guard kernel.count < 100_000 else { return }
        kernel.append(.init(time: time, x: Self.scaled(x, ranges.x), y: Self.scaled(y, ranges.y)))
    }

    static func scaled(_ v: Int32, _ a: AbsInfo?) -> Double {
        guard let a, a.maximum > a.minimum else { return 0.5 }
        return min(max(Double(v - a.minimum) / Double(a.maximum - a.minimum), 0), 1)
    }

    func touchDown(x: Double, y: Double, width: Int, height: Int) {
        let now = Self.monotonic()
        guard delivered.count < 100_000, width > 0, height > 0 else { return }
        let down = TouchDownMatching.Down(time: now, x: x / Double(width), y: y / Double(height))
        delivered.append(Delivered(down: down))
        scene.spots = [
            .init(point: ScreenPoint(x: down.x * Self.screen, y: down.y * Self.screen), identifier: delivered.count)
        ]
        surface?.show(scene)
    }

    func committed(frame: Int) {
        let now = Self.monotonic()
        for i in delivered.indices where delivered[i].frame == nil {
            delivered[i].frame = frame
            delivered[i].committed = now
        }
    }

    /// Whether a frame of the surface has been shown yet: touches before it go nowhere.
    var shown = false

    func presented(frame: Int, seconds: Double, refresh: Double, hardware: Bool) {
        shown = true
        let t = seconds + clockOffset
        for i in delivered.indices where delivered[i].frame == frame { delivered[i].presented = t }
        if refresh > 0 { self.refresh = refresh }
        if !hardware { self.hardware = false }
    }

    func discarded(frame: Int) {
        shown = true
        for i in delivered.indices where delivered[i].frame == frame { delivered[i].discarded = true }
    }

    /// Whether the last samples were paired by place as well as order.
    var pairedByPlace = true

    /// Seconds to add to a presentation time to put it on CLOCK_MONOTONIC (0 when it is).
    var clockOffset = 0.0

    /// Whether the compositor says when frames are shown (wp_presentation).
    var presents = true

    /// Whether every delivered touch's frame has been presented or discarded (committed, when
    /// the compositor says nothing of presentation).
    var settled: Bool {
        delivered.allSatisfy { presents ? $0.presented != nil || $0.discarded : $0.committed != nil }
    }

    /// The samples, kernel and compositor touch-downs paired by order and place.
    func samples() -> [LatencySample] {
        // A touch before the seat had touch reached no client: left out of the pairing, so a
        // compositor touch is never paired with it (taps at one place would all shift by one).
        let deliverable = kernel.indices.filter { kernel[$0].time >= touchSince ?? .infinity }
        let (pairs, byPlace) = TouchDownMatching.pairs(
            kernel: deliverable.map { kernel[$0] }, delivered: delivered.map(\.down))
        pairedByPlace = byPlace
        let early = kernel.indices.filter { kernel[$0].time < touchSince ?? .infinity }.map {
            LatencySample(kernel: kernel[$0].time, delivered: nil)
        }
        return early
            + pairs.map { p in
                let d = p.delivered.map { delivered[$0] }
                return LatencySample(
                    kernel: p.kernel.map { kernel[deliverable[$0]].time }, delivered: d?.down.time,
                    committed: d?.committed, presented: d?.presented)
            }
    }

    /// When the compositor's seat announced touch (CLOCK_MONOTONIC), once it has.
    var touchSince: Double?

    /// The kernel's touch-downs that came before the seat announced touch.
    var undeliverable: Int { kernel.filter { $0.time < touchSince ?? .infinity }.count }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// What libevdev knows of a device's axes now: the value the kernel last sent of each, and of
/// each slot's.
protocol AxisValues: AnyObject {
    func value(type: UInt16, code: UInt16) -> Int32
    func slotValue(slot: Int, code: UInt16) -> Int32
}

extension EvdevDevice: AxisValues {}
