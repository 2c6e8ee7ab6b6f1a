import StrictJSON
import TouchKit

/// `[x, y, width, height]` in a scene file.
struct RectSpec: Decodable, Equatable, Sendable {
    var rect: Rect

    init(_ rect: Rect) { self.rect = rect }

    init(from decoder: any Decoder) throws {
        let v = try numbers(decoder, count: 4, what: "[x, y, width, height] (four numbers)")
        rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}

/// `[width, height]` in a scene file; both positive.
struct SizeSpec: Decodable, Equatable, Sendable {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init(from decoder: any Decoder) throws {
        let v = try numbers(decoder, count: 2, what: "[width, height] (two positive numbers)")
        guard v[0] > 0, v[1] > 0 else { throw decoder.failure("expected [width, height] (two positive numbers)") }
        (width, height) = (v[0], v[1])
    }
}

/// `[a, b, c, d, tx, ty]`: CoreGraphics' affine transform.
struct TransformSpec: Decodable, Equatable, Sendable {
    var transform: AffineTransform

    init(from decoder: any Decoder) throws {
        let v = try numbers(decoder, count: 6, what: "[a, b, c, d, tx, ty] (six numbers, as CGAffineTransform)")
        transform = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }
}

/// Exactly `count` numbers in an array.
private func numbers(_ decoder: any Decoder, count: Int, what: String) throws -> [Double] {
    guard var c = try? decoder.unkeyedContainer() else { throw decoder.failure("expected \(what)") }
    var values: [Double] = []
    while !c.isAtEnd {
        guard let v = try? c.decode(Double.self) else { throw decoder.failure("expected \(what)") }
        values.append(v)
    }
    guard values.count == count else { throw decoder.failure("expected \(what), found \(values.count) element(s)") }
    return values
}
