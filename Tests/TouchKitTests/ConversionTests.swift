import Testing
import TouchKit

@Suite("Coordinate conversion and hit testing with bounds origins and transforms")
struct ConversionTests {
    @Test func boundsOriginScrollsTheContent() {
        let scroll = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "scroll")
        let row = View(frame: Rect(x: 0, y: 150, width: 100, height: 40), name: "row")
        scroll.addSubview(row)
        scroll.bounds.origin = Point(x: 0, y: 100)  // scrolled down by 100
        #expect(row.convert(Point(x: 10, y: 10), to: scroll) == Point(x: 10, y: 160))
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300), name: "root")
        root.addSubview(scroll)
        #expect(row.convert(Point(x: 10, y: 10), to: root) == Point(x: 10, y: 60), "shown 100 points higher")
        #expect(root.hitTest(Point(x: 10, y: 60), with: nil) === row)
        #expect(root.hitTest(Point(x: 10, y: 10), with: nil) === scroll)
        #expect(scroll.frame == Rect(x: 0, y: 0, width: 100, height: 100), "the bounds origin does not move the frame")
    }

    @Test func rotationAndScaleAreAppliedAboutTheCentre() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "root")
        let v = View(frame: Rect(x: 100, y: 150, width: 200, height: 100), name: "v")  // centre (200, 200)
        root.addSubview(v)
        v.transform = AffineTransform(rotationAngle: .pi / 2)
        // Turned a quarter clockwise: 100 wide, 200 tall, centred on the same point.
        #expect(close(Point(x: v.frame.minX, y: v.frame.minY), Point(x: 150, y: 100)))
        #expect(abs(v.frame.height - 200) < 1e-9)
        // v's top-left corner (0, 0) is now at the top-right of the frame.
        #expect(close(v.convert(Point(x: 0, y: 0), to: root), Point(x: 250, y: 100)))
        #expect(close(v.convert(Point(x: 250, y: 100), from: root), Point(x: 0, y: 0)))
        #expect(root.hitTest(Point(x: 200, y: 120), with: nil) === v, "inside the turned view")
        #expect(root.hitTest(Point(x: 120, y: 200), with: nil) === root, "inside the old frame only")
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(close(v.convert(Point(x: 0, y: 0), to: root), Point(x: 0, y: 100)))
        #expect(root.hitTest(Point(x: 5, y: 105), with: nil) === v)
    }

    @Test func conversionBetweenAnyTwoViewsAndToTheWindow() {
        let log = CallLog()
        let (_, window, vc) = makeScreen(log: log)
        let a = View(frame: Rect(x: 10, y: 20, width: 200, height: 200), name: "a")
        let b = View(frame: Rect(x: 5, y: 5, width: 50, height: 50), name: "b")
        let c = View(frame: Rect(x: 300, y: 400, width: 50, height: 50), name: "c")
        vc.view.addSubview(a)
        a.addSubview(b)
        vc.view.addSubview(c)
        #expect(b.convert(Point(x: 1, y: 2), to: nil) == Point(x: 16, y: 27))
        #expect(b.convert(Point(x: 1, y: 2), to: c) == Point(x: -284, y: -373))
        #expect(c.convert(Point(x: -284, y: -373), to: b) == Point(x: 1, y: 2))
        #expect(b.convert(Point(x: 16, y: 27), from: nil) == Point(x: 1, y: 2))
        #expect(
            b.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: window) == Rect(x: 15, y: 25, width: 10, height: 10))
    }

    @Test func windowsConvertThroughTheScreen() {
        let app = Application()
        let left = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "left")
        let right = Window(frame: Rect(x: 100, y: 0, width: 100, height: 100), name: "right")
        app.addWindow(left)
        app.addWindow(right)
        let v = View(frame: Rect(x: 10, y: 10, width: 10, height: 10), name: "v")
        right.addSubview(v)
        #expect(v.convert(Point(x: 0, y: 0), to: left) == Point(x: 110, y: 10))
        #expect(left.convert(Point(x: 110, y: 10), to: v) == Point(x: 0, y: 0))
    }

    @Test func frameSetterAndHierarchyOrder() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let a = View(name: "a")
        let b = View(name: "b")
        let c = View(name: "c")
        a.frame = Rect(x: 10, y: 10, width: 20, height: 30)
        #expect(a.center == Point(x: 20, y: 25))
        #expect(a.bounds == Rect(x: 0, y: 0, width: 20, height: 30))
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map(\.name) == ["c", "a", "b"])
        root.bringSubviewToFront(c)
        #expect(root.subviews.map(\.name) == ["a", "b", "c"])
        root.sendSubviewToBack(b)
        root.insertSubview(a, aboveSubview: c)
        #expect(root.subviews.map(\.name) == ["b", "c", "a"])
        b.addSubview(c)
        #expect(root.subviews.map(\.name) == ["b", "a"], "adding moves a view from its old superview")
        #expect(c.superview === b, "adding moves a view from its old superview")
        c.removeFromSuperview()
        #expect(c.superview == nil)
        #expect(b.subviews.isEmpty)
        #expect(a.window == nil)
    }
}
