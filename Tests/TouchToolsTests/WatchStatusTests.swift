import Testing
import TouchKit
import TouchTools

@testable import TouchScene

/// `watch`'s words and what makes its screen change by itself: the status lines with the
/// coverage grid at the right, the jitter line, when the next fading is due, views on the
/// picture, ASCII for terminals that are not UTF-8, and a terminal too small.
@Suite("Watch status and screen")
struct WatchStatusTests {
    func model() -> WatchModel {
        var m = WatchModel(screen: Size(width: 800, height: 480))
        m.reportFrame(at: 1)
        m.touches([TouchUpdate(identifier: 4, phase: .began, location: Point(x: 50, y: 50), slot: 0)], at: 1)
        m.reportFrame(at: 1.01)
        m.touches([TouchUpdate(identifier: 4, phase: .moved, location: Point(x: 60, y: 50), slot: 0)], at: 1.01)
        return m
    }

    @Test func theStatusLinesSayTheFiguresAndEndWithTheCoverageGrid() {
        var status = WatchStatus(device: "Panel", source: "event4", touchProtocol: "protocol B, 10 slots")
        status.synDropped = 2
        status.jitter = .init(id: 4, seconds: 1.25, deviation: (0.081, 0.07), range: (0.25, 0.3), unit: "mm")
        let lines = status.lines(model(), width: 80)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.allSatisfy { $0.count == 80 }, "\(lines)")
        #expect(lines[0].hasPrefix("rate 2/s now, 100/s since start, 2 frames"), "\(lines[0])")
        #expect(lines[1].hasPrefix("down 1, most 1 at once, SYN_DROPPED 2"))
        #expect(lines[2].hasPrefix("jitter #4 resting 1.3 s: sd 0.08 x 0.07, range 0.25 x 0.30 mm"), "\(lines[2])")
        #expect(lines[0].hasSuffix(" coverage █·······"), "the top left cell touched: \(lines[0])")
        #expect(lines[1].hasSuffix("········"))
        #expect(lines[3].hasPrefix("q quit  c clear  p pause"))
        status.paused = true
        status.playback = "recording 1.0 of 2.0 s"
        status.jitter = nil
        let paused = status.lines(model(), width: 80, unicode: false)
        #expect(paused[2].hasPrefix("jitter: no finger resting"))
        #expect(paused[3].hasPrefix("PAUSED  q quit  c clear  p go on  |  recording 1.0 of 2.0 s"), "\(paused[3])")
        #expect(paused[0].hasSuffix(" coverage #......."), "ASCII: \(paused[0])")
        #expect(status.title(screen: (800, 480)) == "Panel (event4): protocol B, 10 slots, screen 800x480 pt")
    }

    @Test func theNextExpiryIsTheOldestMarkTrailOrFrameToFade() {
        var m = model()
        // The began mark at 1.0 fades at 1.5; the trail's tail too; the first frame leaves the rate at 2.0.
        #expect(m.nextExpiry == 1.5)
        m.advance(to: 1.6)
        #expect(m.marks.isEmpty, "faded by 1.6")
        #expect(m.contacts[0].trail.isEmpty, "faded by 1.6")
        #expect(m.nextExpiry == 2.0, "only the rate's second is left")
        m.advance(to: 2.1)
        #expect(m.nextExpiry == nil, "nothing left to change: no timer")
        #expect(m.rateNow == 0, "nothing left to change: no timer")
    }

    @Test func viewsAreOutlinedAndNamedAndATouchIsLabelledWithItsView() {
        var m = WatchModel(screen: Size(width: 800, height: 480))
        m.touches([TouchUpdate(identifier: 1, phase: .began, location: Point(x: 150, y: 150), slot: 2)], at: 0) { p in
            p.x < 400 ? "Coffee" : nil
        }
        let views = [WatchScreen.ViewBox(name: "Coffee", rect: Rect(x: 100, y: 100, width: 200, height: 200))]
        let frame = WatchScreen.render(
            m, columns: 80, rows: 24, title: "t", status: ["a", "b", "c", "d"], views: views)
        let lines = frame.lines
        // 80x19 cells; 800x480 at min(160/800, 76/480) = 0.158 dots a point: the view's corner at dot (15, 15).
        let scale = min(160.0 / 800, 76.0 / 480)
        let row = 1 + Int(100 * scale) / 4
        let column = Int(100 * scale) / 2
        #expect(Array(lines[row])[column + 1..<column + 7].map(String.init).joined() == "Coffee", "\(lines[row])")
        #expect(frame.paint[row][column + 1] == .view)
        #expect(lines.contains { $0.contains("#1 s2 Coffee") }, "\(lines)")
        let labelRow = lines.firstIndex { $0.contains("#1 s2") }!
        let labelColumn = Array(lines[labelRow]).firstIndex(of: "#")!
        #expect(frame.paint[labelRow][labelColumn] == .contact(1), "the label in the contact's colour")
        #expect(frame.paint[0].allSatisfy { $0 == .title })
    }

    @Test func asciiForATerminalThatIsNotUTF8AndATooSmallTerminalIsAskedToGrow() {
        var m = model()
        m.touches([TouchUpdate(identifier: 4, phase: .ended, location: Point(x: 60, y: 50), slot: 0)], at: 1.02)
        let ascii = WatchScreen.render(m, columns: 80, rows: 24, title: "t", status: []).lines
        #expect(ascii.contains { $0.contains("□") }, "the end mark")
        let plain = WatchScreen.render(m, columns: 80, rows: 24, title: "t", status: [], unicode: false).lines
        #expect(plain.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } }, "\(plain)")
        #expect(plain.contains { $0.contains("#") }, "the end mark and the dots in ASCII")
        #expect(plain[1].contains(":"), "the end mark and the dots in ASCII")
        let small = WatchScreen.render(m, columns: 30, rows: 10, title: "t", status: []).lines
        #expect(small.count == 10)
        #expect(small.allSatisfy { $0.count == 30 })
        #expect(small[0].hasPrefix("touchbridge watch: make the"), "\(small[0])")
    }

    @Test func aContactWithoutASlotIsLabelledByItsIdAlone() {
        var m = WatchModel(screen: Size(width: 800, height: 480))
        m.touches([TouchUpdate(identifier: 9, phase: .began, location: Point(x: 400, y: 240))], at: 0)
        let lines = WatchScreen.render(m, columns: 80, rows: 24, title: "t", status: []).lines
        let labelled = lines.filter { $0.contains("#9 ") }
        #expect(!labelled.isEmpty, "\(lines)")
        #expect(labelled.allSatisfy { !$0.contains("s-1") }, "protocol A and single touch: \(lines)")
    }

    @Test func aPenTagsTheCellsItDrawsIn() {
        var c = BrailleCanvas(columns: 4, rows: 2)
        c.pen = 3
        c.line(from: (0, 0), to: (7, 0))
        c.pen = 5
        c.set(2, 5)
        #expect((0..<4).map { c.tag(column: $0, row: 0) } == [3, 3, 3, 3])
        #expect(c.tag(column: 1, row: 1) == 5)
        #expect(c.tag(column: 0, row: 1) == 0)
        #expect(c.text(row: 0, unicode: false) == "''''")
        #expect(c.text(row: 1, unicode: false) == " '  ")
    }
}
