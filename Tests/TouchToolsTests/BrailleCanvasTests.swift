import Testing
import TouchTools

@testable import TouchScene

/// `watch`'s canvas: dots land in the right cell and bit of Unicode's braille block.
@Suite("Braille canvas")
struct BrailleCanvasTests {
    @Test func eachDotOfACellHasItsBrailleBit() {
        // Unicode numbers a cell's dots 1-2-3-7 down the left column, 4-5-6-8 down the right.
        let expected: [(Int, Int, Character)] = [
            (0, 0, "⠁"), (0, 1, "⠂"), (0, 2, "⠄"), (0, 3, "⡀"),
            (1, 0, "⠈"), (1, 1, "⠐"), (1, 2, "⠠"), (1, 3, "⢀"),
        ]
        for (x, y, ch) in expected {
            var c = BrailleCanvas(columns: 1, rows: 1)
            c.set(x, y)
            #expect(c.text(row: 0) == String(ch), "dot (\(x), \(y))")
        }
        var full = BrailleCanvas(columns: 1, rows: 1)
        for x in 0..<2 { for y in 0..<4 { full.set(x, y) } }
        #expect(full.text(row: 0) == "⣿")
    }

    @Test func dotsLandInTheirCellAndOutsideOnesAreIgnored() {
        var c = BrailleCanvas(columns: 3, rows: 2)
        c.set(5, 7)  // the last dot of the bottom-right cell
        c.set(-1, 0)
        c.set(6, 0)
        c.set(0, 8)
        #expect(c.text(row: 0) == "   ")
        #expect(c.text(row: 1) == "  ⢀")
        #expect(c.isSet(5, 7))
        #expect(!c.isSet(4, 7))
    }

    @Test func aLineSetsEveryDotBetweenItsEnds() {
        var c = BrailleCanvas(columns: 4, rows: 1)
        c.line(from: (0, 0), to: (7, 3))
        let set = (0..<8).flatMap { x in (0..<4).map { (x, $0) } }.filter { c.isSet($0.0, $0.1) }
        #expect(set.count == 8, "one dot a column: \(set)")
        #expect(c.isSet(0, 0))
        #expect(c.isSet(7, 3))
        c.clear()
        #expect(c.text(row: 0) == "    ")
        c.frame(x: 0, y: 0, width: 8, height: 4)
        #expect(c.text(row: 0) == "⣏⣉⣉⣹", "top and bottom dot rows, both side columns")
    }
}
