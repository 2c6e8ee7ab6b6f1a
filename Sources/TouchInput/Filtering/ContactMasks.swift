/// Screen regions where contacts that begin there are ignored until they end: a cracked
/// corner that taps by itself, a bezel the hand rests on.
public struct ContactMasks: Sendable {
    /// A rectangle in screen points; its minimum edges are inside, its maximum edges outside.
    public struct Region: Hashable, Sendable {
        public private(set) var x, y, width, height: Double

        /// A negative width or height extends the region the other way.
        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.width) = width < 0 ? (x + width, -width) : (x, width)
            (self.y, self.height) = height < 0 ? (y + height, -height) : (y, height)
        }

        public func contains(_ p: ScreenPoint) -> Bool {
            p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
        }
    }

    public var regions: [Region]

    public init(_ regions: [Region] = []) { self.regions = regions }

    /// Whether a contact beginning at `p` (screen points) is masked.
    public func masks(_ p: ScreenPoint) -> Bool { regions.contains { $0.contains(p) } }
}
