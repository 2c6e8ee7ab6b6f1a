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
    var scene = MarkScene()
    /// The screen marks are drawn on: a square the surface is scaled to.
    static let screen = 1000.0

    // The node's frame being read: a new contact in it, and where.
    private var newContact = false
    private var position: (x: Int32?, y: Int32?) = (nil, nil)
    private var single: (x: Int32, y: Int32) = (0, 0)
    private let ranges: (x: AbsInfo?, y: AbsInfo?)

    init(_ d: DeviceDescription) {
        let mt = d.absInfo[Kernel.ABS_MT_POSITION_X] != nil
        ranges = (
            d.absInfo[mt ? Kernel.ABS_MT_POSITION_X : Kernel.ABS_X],
            d.absInfo[mt ? Kernel.ABS_MT_POSITION_Y : Kernel.ABS_Y]
        )
    }

    /// One event of the node: a frame with a new contact is a kernel touch-down at its time.
    func take(_ e: InputEvent) {
        switch (e.type, e.code) {
        case (Kernel.EV_ABS, Kernel.ABS_MT_TRACKING_ID): if e.value >= 0 { newContact = true }
        case (Kernel.EV_KEY, Kernel.BTN_TOUCH): if e.value == 1 { newContact = true }
        case (Kernel.EV_ABS, Kernel.ABS_MT_POSITION_X): position.x = e.value
        case (Kernel.EV_ABS, Kernel.ABS_MT_POSITION_Y): position.y = e.value
        case (Kernel.EV_ABS, Kernel.ABS_X): single.x = e.value
        case (Kernel.EV_ABS, Kernel.ABS_Y): single.y = e.value
        case (Kernel.EV_SYN, Kernel.SYN_REPORT):
            if newContact, kernel.count < 100_000 {
                let x = Self.scaled(position.x ?? single.x, ranges.x)
                let y = Self.scaled(position.y ?? single.y, ranges.y)
                kernel.append(.init(time: e.time.inSeconds, x: x, y: y))
            }
            newContact = false
        default: break
        }
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
        let (pairs, byPlace) = TouchDownMatching.pairs(kernel: kernel, delivered: delivered.map(\.down))
        pairedByPlace = byPlace
        return pairs.map { p in
            let d = p.delivered.map { delivered[$0] }
            return LatencySample(
                kernel: p.kernel.map { kernel[$0].time }, delivered: d?.down.time, committed: d?.committed,
                presented: d?.presented)
        }
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
