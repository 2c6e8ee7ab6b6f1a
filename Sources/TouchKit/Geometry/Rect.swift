/// A rectangle with CoreGraphics semantics: geometric queries use the standardised rectangle
/// (non-negative size), and containment includes the minimum edges but not the maximum ones.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The rectangle's origin (its minimum corner once standardised).
    public var origin: Point
    /// The rectangle's size; negative sizes are allowed and standardised by the queries.
    public var size: Size

    /// The rectangle at the origin with no size.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// A rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its origin's coordinates and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        var r = self
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        return r
    }

    /// The smallest x coordinate.
    public var minX: Double { standardized.origin.x }
    /// The smallest y coordinate.
    public var minY: Double { standardized.origin.y }
    /// The largest x coordinate.
    public var maxX: Double {
        let s = standardized
        return s.origin.x + s.size.width
    }
    /// The largest y coordinate.
    public var maxY: Double {
        let s = standardized
        return s.origin.y + s.size.height
    }
    /// The x coordinate of the centre.
    public var midX: Double {
        let s = standardized
        return s.origin.x + s.size.width / 2
    }
    /// The y coordinate of the centre.
    public var midY: Double {
        let s = standardized
        return s.origin.y + s.size.height / 2
    }
    /// The width, never negative.
    public var width: Double { abs(size.width) }
    /// The height, never negative.
    public var height: Double { abs(size.height) }
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// True when `p` lies inside: `minX <= x < maxX` and `minY <= y < maxY`.
    public func contains(_ p: Point) -> Bool {
        let s = standardized
        return p.x >= s.origin.x && p.x < s.origin.x + s.size.width
            && p.y >= s.origin.y && p.y < s.origin.y + s.size.height
    }

    public func contains(_ r: Rect) -> Bool {
        let a = standardized
        let b = r.standardized
        return b.minX >= a.minX && b.maxX <= a.maxX && b.minY >= a.minY && b.maxY <= a.maxY
    }

    /// Whether the two rectangles share any area.
    public func intersects(_ r: Rect) -> Bool {
        let a = standardized
        let b = r.standardized
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        var r = standardized
        r.origin.x += dx
        r.origin.y += dy
        return r
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom (grown when negative).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(
            x: s.origin.x + dx, y: s.origin.y + dy, width: s.size.width - 2 * dx, height: s.size.height - 2 * dy)
    }

    /// The smallest rectangle containing both.
    public func union(_ r: Rect) -> Rect {
        let a = standardized
        let b = r.standardized
        let x = min(a.minX, b.minX)
        let y = min(a.minY, b.minY)
        return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }

    /// The bounding box of the rectangle's four corners transformed by `t`.
    public func applying(_ t: AffineTransform) -> Rect {
        let s = standardized
        let corners = [
            Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY),
            Point(x: s.minX, y: s.maxY), Point(x: s.maxX, y: s.maxY),
        ].map { $0.applying(t) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
