import Testing
import TouchKit
import TouchTools

@testable import TouchScene

/// `watch`'s screen as text: the screen's rectangle at its aspect ratio, each contact where
/// it is with its label, the marks, the status lines, every line the terminal's width.
@Suite("Watch screen")
struct WatchScreenTests {
    @Test func aContactLandsWhereItIsWithItsLabel() {
        var m = WatchModel(screen: Size(width: 800, height: 480))
        m.touches([TouchUpdate(identifier: 7, phase: .began, location: Point(x: 400, y: 240), slot: 3)], at: 1)
        m.touches([TouchUpdate(identifier: 7, phase: .moved, location: Point(x: 600, y: 240), slot: 3)], at: 1.1)
        let screen = WatchScreen.render(m, columns: 80, rows: 24, title: "panel", status: ["rate 100 Hz", "down 1"])
            .lines
        #expect(screen.count == 24, "\(screen.map(\.count))")
        #expect(screen.allSatisfy { $0.count == 80 }, "\(screen.map(\.count))")
        #expect(screen[0].hasPrefix("panel"))
        #expect(screen[22].hasPrefix("rate 100 Hz"))
        #expect(screen[23].hasPrefix("down 1"))
        // 80x21 cells = 160x84 dots; 800x480 at 0.175 dots a point: 140x84 dots, 70 columns.
        #expect(
            screen[1].first == "⡏",
            "the rectangle's left corners: \(screen[1]) / \(screen[21])")
        #expect(
            screen[21].first == "⣇",
            "the rectangle's left corners: \(screen[1]) / \(screen[21])")
        let labelRow = screen.firstIndex { $0.contains("#7 s3") }
        #expect(labelRow == 1 + Int(240 * 0.175) / 4, "the label on the contact's row: \(screen)")
        let labelColumn = screen[labelRow ?? 0].distance(
            from: screen[labelRow ?? 0].startIndex,
            to: screen[labelRow ?? 0].range(of: "#7")?.lowerBound ?? screen[labelRow ?? 0].startIndex)
        #expect(labelColumn == Int(600 * 0.175) / 2 + 2, "two cells right of it")
        #expect(screen.contains { $0.contains("o") }, "where it began")
        #expect(!screen[1...21].contains { $0.dropFirst(71).contains { $0 != " " } }, "nothing right of the rectangle")
    }
}
