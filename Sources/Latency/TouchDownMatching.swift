/// Pairs the kernel's touch-downs with the compositor's, which see the same touches through
/// different eyes (evdev time and panel units, compositor time and surface points): by order,
/// and by place once both are scaled to 0…1, so a touch one side missed leaves its partner
/// unmatched instead of shifting every pair after it.
public enum TouchDownMatching {
    /// One touch-down: its time in seconds and where it was, each axis scaled to 0…1.
    public struct Down: Equatable, Sendable {
        public var time: Double
        public var x: Double
        public var y: Double

        public init(time: Double, x: Double, y: Double) {
            self.time = time
            self.x = x
            self.y = y
        }
    }

    /// One pair, or a touch only one side saw (the other index nil).
    public struct Pair: Equatable, Sendable {
        public var kernel: Int?
        public var delivered: Int?

        public init(kernel: Int?, delivered: Int?) {
            self.kernel = kernel
            self.delivered = delivered
        }
    }

    /// The pairs in time order. A compositor touch takes the earliest kernel touch not yet
    /// taken that came before it by at most `window` seconds and lies within `distance` of it
    /// (a fraction of the screen: the compositor maps the panel onto it); kernel touches passed
    /// over on the way are unmatched.
    public static func match(kernel: [Down], delivered: [Down], window: Double = 1, distance: Double = 0.03)
        -> [Pair]
    {
        var pairs: [Pair] = []
        var next = 0
        for (j, d) in delivered.enumerated() {
            var found: Int?
            var k = next
            while k < kernel.count, kernel[k].time <= d.time {
                let near = abs(kernel[k].x - d.x) <= distance && abs(kernel[k].y - d.y) <= distance
                if near, d.time - kernel[k].time <= window {
                    found = k
                    break
                }
                k += 1
            }
            guard let f = found else {
                pairs.append(Pair(kernel: nil, delivered: j))
                continue
            }
            for skipped in next..<f { pairs.append(Pair(kernel: skipped, delivered: nil)) }
            pairs.append(Pair(kernel: f, delivered: j))
            next = f + 1
        }
        for rest in next..<kernel.count { pairs.append(Pair(kernel: rest, delivered: nil)) }
        return pairs
    }

    /// `match`, or, when place pairs fewer than half the compositor's touches (a compositor that
    /// turns or calibrates the panel puts them elsewhere), the pairs by order and time alone,
    /// with whether place was set aside.
    public static func pairs(kernel: [Down], delivered: [Down]) -> (pairs: [Pair], byPlace: Bool) {
        let placed = match(kernel: kernel, delivered: delivered)
        let paired = placed.filter { $0.kernel != nil && $0.delivered != nil }.count
        guard paired * 2 < delivered.count else { return (placed, true) }
        return (match(kernel: kernel, delivered: delivered, distance: .infinity), false)
    }
}
