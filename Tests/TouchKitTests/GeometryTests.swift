import Testing
import TouchKit

@Suite("Geometry with CoreGraphics semantics")
struct GeometryTests {
    @Test func containmentIncludesMinEdgesAndExcludesMaxEdges() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 110, y: 40)))
        #expect(!r.contains(Point(x: 50, y: 70)))
        #expect(r.contains(Point(x: 109.999, y: 69.999)))
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(Point.zero), "an empty rect contains nothing")
    }

    @Test func negativeSizesAreStandardised() {
        let r = Rect(x: 100, y: 100, width: -40, height: -20)
        #expect(r.standardized == Rect(x: 60, y: 80, width: 40, height: 20))
        #expect(r.minX == 60)
        #expect(r.maxX == 100)
        #expect(r.width == 40)
        #expect(r.contains(Point(x: 60, y: 80)))
        #expect(!r.contains(Point(x: 100, y: 90)))
    }

    @Test func transformsComposeInOrderAndInvert() {
        let t = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 12, y: 3), "scale, then translate")
        #expect(
            Point(x: 1, y: 1).applying(AffineTransform.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 3))
                == Point(x: 12, y: 3))
        let r = AffineTransform(rotationAngle: .pi / 2)
        #expect(close(Point(x: 1, y: 0).applying(r), Point(x: 0, y: 1)))
        let m = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
        #expect(close(Point(x: 5, y: 6).applying(m).applying(m.inverted()), Point(x: 5, y: 6)))
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular, "a singular transform is returned unchanged")
    }

    @Test func rectApplyingTransformIsTheBoundingBox() {
        let r = Rect(x: 0, y: 0, width: 10, height: 20).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.minX + 20) < 1e-9)
        #expect(abs(r.width - 20) < 1e-9)
        #expect(abs(r.height - 10) < 1e-9)
    }
}
