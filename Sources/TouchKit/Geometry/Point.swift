/// A location in a two-dimensional coordinate system, in points (CGPoint's role).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point transformed by `t` (row vector times matrix, as CoreGraphics does).
    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    /// Straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height (CGSize's role); negative values are allowed, as in CoreGraphics.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public static let zero = Size(width: 0, height: 0)

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "(\(width), \(height))" }
}
