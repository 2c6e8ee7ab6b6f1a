import InputEvents
import PipelineChecks
import Testing
import TextBuffers

@testable import TouchInput

/// A pen digitizer as the kernel reports it (a Wacom AES panel's pen node): proximity by its
/// tool keys, the tip by BTN_TOUCH, pressure, tilt, height and barrel buttons.
@Suite("Pens")
struct PenTrackerTests {
    static func pen() -> DeviceDescription { SamplePen.description() }

    /// Each frame's hover phase, or "-".
    func hovers(_ f: Feed) -> [String] { f.frames.map { $0.hover?.phase.rawValue ?? "-" } }

    @Test func hoverThenTheTipThenHoverAgainThenAway() {
        var f = Feed(Self.pen())
        #expect(
            f.frame([(1, k.BTN_TOOL_PEN, 1), (3, k.ABS_X, 1000), (3, k.ABS_Y, 2000), (3, k.ABS_DISTANCE, 30)]).isEmpty)
        #expect(
            f.frames.last?.hover
                == PenHover(phase: .began, position: p(1000, 2000)))
        #expect(f.frames.last?.pen == PenState(tiltX: 0, tiltY: 0, distance: 30))
        f.frame([(3, k.ABS_X, 1100), (3, k.ABS_DISTANCE, 10)])
        let down = f.frame([(1, k.BTN_TOUCH, 1), (3, k.ABS_PRESSURE, 500), (3, k.ABS_DISTANCE, 0)])
        #expect(phases(down) == ["1:began"])
        #expect(down[0].pressure == 500)
        #expect(f.frames.last?.pen?.eraser == false)
        // Pressure and tilt alone move the contact (UIKit's touchesMoved for force).
        #expect(phases(f.frame([(3, k.ABS_PRESSURE, 1500)])) == ["1:moved"])
        let tilted = f.frame([(3, k.ABS_TILT_X, 2865), (3, k.ABS_TILT_Y, -1000)])
        #expect(phases(tilted) == ["1:moved"])
        #expect(f.frames.last?.pen?.tiltX == 2865)
        #expect(f.frames.last?.pen?.tiltY == -1000)
        let up = f.frame([(1, k.BTN_TOUCH, 0), (3, k.ABS_PRESSURE, 0), (3, k.ABS_DISTANCE, 5)])
        #expect(phases(up) == ["1:ended"])
        f.frame([(1, k.BTN_STYLUS, 1)])
        #expect(f.frames.last?.hover != nil, "a barrel button while hovering")
        #expect(f.frames.last?.pen?.buttons == 1, "a barrel button while hovering")
        f.frame([(1, k.BTN_TOOL_PEN, 0)])
        #expect(hovers(f) == ["began", "moved", "ended", "-", "-", "began", "moved", "ended"])
        #expect(f.frame([(3, k.ABS_X, 5)]).isEmpty, "out of proximity, nothing")
        #expect(f.frames.count == 8, "out of proximity, nothing")
    }

    @Test func theErasersTipIsAContactMarkedAsTheEraser() {
        var f = Feed(Self.pen())
        let down = f.frame([(1, k.BTN_TOOL_RUBBER, 1), (1, k.BTN_TOUCH, 1), (3, k.ABS_X, 10), (3, k.ABS_Y, 20)])
        #expect(phases(down) == ["1:began"])
        #expect(f.frames.last?.pen?.eraser == true)
        #expect(phases(f.frame([(1, k.BTN_TOUCH, 0), (1, k.BTN_TOOL_RUBBER, 0)])) == ["1:ended"])
        #expect(hovers(f) == ["-", "-"], "straight down and away: no hover")
    }

    @Test func anUnplugCancelsTheTipAndEndsTheHover() {
        var f = Feed(Self.pen())
        f.frame([(1, k.BTN_TOOL_PEN, 1), (1, k.BTN_TOUCH, 1), (3, k.ABS_X, 10)])
        let gone = f.tracker.cancelAll(at: EventTime(seconds: 9, microseconds: 0))
        #expect(phases(gone.contacts) == ["1:cancelled"])
        #expect(gone.hover == nil)
        var hovering = Feed(Self.pen())
        hovering.frame([(1, k.BTN_TOOL_PEN, 1), (3, k.ABS_X, 10)])
        #expect(hovering.tracker.cancelAll(at: EventTime(seconds: 9, microseconds: 0)).hover?.phase == .ended)
    }

    @Test func touchesLinesCarryThePensToolAxesAndItsHover() {
        var f = Feed(Self.pen())
        f.frame([(1, k.BTN_TOOL_PEN, 1), (3, k.ABS_X, 12_700), (3, k.ABS_Y, 8000), (3, k.ABS_DISTANCE, 12)])
        f.frame([(1, k.BTN_TOUCH, 1), (3, k.ABS_PRESSURE, 2048), (3, k.ABS_TILT_X, 100), (3, k.ABS_DISTANCE, 0)])
        var text = TextBuffer()
        var json = TextBuffer()
        for frame in f.frames {
            ContactLog(device: "pen", json: false).write(frame, mapper: nil, into: &text)
            ContactLog(device: "pen", json: true).write(frame, mapper: nil, into: &json)
        }
        #expect(text.string.contains(" pen hover began (12700.00, 8000.00) pen tilt=0,0 d=12\n"), "\(text.string)")
        #expect(
            text.string.contains(" began (12700.00, 8000.00) prev (12700.00, 8000.00) p=2048 pen tilt=100,0 d=0\n"),
            "\(text.string)")
        #expect(
            json.string.contains(
                #""event":"hover","phase":"began","location":{"x":12700.000,"y":8000.000},"tool":"pen","tiltX":0,"tiltY":0,"distance":12,"buttons":0}"#
            ),
            "\(json.string)")
        #expect(
            json.string.contains(#""pressure":2048,"tool":"pen","tiltX":100,"tiltY":0,"distance":0,"buttons":0}"#),
            "\(json.string)")
    }
}

extension PenTrackerTests {
    /// The lines docs/hardware-testing.md shows for a pen, as written.
    @Test func theDocumentedPenLinesAreWhatTouchesWrites() {
        var f = Feed(Self.pen())
        f.frame([(1, k.BTN_TOOL_PEN, 1), (3, k.ABS_X, 12_700), (3, k.ABS_Y, 8000), (3, k.ABS_DISTANCE, 12)])
        f.frame([(1, k.BTN_TOUCH, 1), (3, k.ABS_PRESSURE, 2048), (3, k.ABS_TILT_X, 100), (3, k.ABS_DISTANCE, 0)])
        var text = TextBuffer()
        for frame in f.frames { ContactLog(device: "pen", json: false).write(frame, mapper: nil, into: &text) }
        #expect(
            text.string == """
                1.010000 pen hover began (12700.00, 8000.00) pen tilt=0,0 d=12
                1.010000 pen frame
                1.020000 pen slot - #1 began (12700.00, 8000.00) prev (12700.00, 8000.00) p=2048 pen tilt=100,0 d=0
                1.020000 pen hover ended (12700.00, 8000.00) pen tilt=100,0 d=0
                1.020000 pen frame

                """)
    }
}

extension PenTrackerTests {
    @Test func aPenWhoseTipIsDownAtOpenBeginsThereMarkedInitial() {
        var f = Feed(Self.pen())
        let opened = f.tracker.open(at: EventTime(seconds: 1, microseconds: 0), touching: true, x: 30, y: 40)
        #expect(phases(opened.contacts) == ["1:began"])
        #expect(opened.contacts.first?.isInitial == true)
        #expect(opened.pen != nil)
    }
}
