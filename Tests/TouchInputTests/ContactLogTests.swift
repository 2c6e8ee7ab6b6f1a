import InputEvents
import Testing
import TextBuffers
import TouchInput

/// `touches`' lines: each field stated once, said as words in text and as keys in JSON Lines.
@Suite struct ContactLogTests {
    let time = EventTime(seconds: 1, microseconds: 500)

    func lines(_ frame: ContactFrame, json: Bool) -> String {
        var b = TextBuffer()
        ContactLog(device: "event4", json: json).write(frame, mapper: nil, into: &b)
        return b.string
    }

    @Test func aSlotContactWithEveryAxisInBothFormats() {
        let c = Contact(
            id: 7, slot: 2, trackingID: 31, phase: .moved, position: DevicePoint(x: 10.5, y: 20),
            previousPosition: DevicePoint(x: 10, y: 19.25), pressure: 40, touchMajor: 5, touchMinor: 3,
            orientation: 1, toolType: 0, time: time, isInitial: true)
        let frame = ContactFrame(time: time, contacts: [c])
        #expect(
            lines(frame, json: false)
                == "1.000500 event4 slot 2 #7 moved (10.50, 20.00) prev (10.00, 19.25) p=40 major=5 minor=3 "
                + "orientation=1 tool=0 tid=31 initial\n1.000500 event4 frame\n")
        #expect(
            lines(frame, json: true)
                == #"{"t":1.000500,"device":"event4","slot":2,"id":7,"phase":"moved","location":{"x":10.500,"y":20.000},"#
                + #""previousLocation":{"x":10.000,"y":19.250},"pressure":40,"touchMajor":5,"touchMinor":3,"#
                + #""orientation":1,"toolType":0,"trackingID":31,"initial":true}"# + "\n"
                + #"{"t":1.000500,"device":"event4","event":"frame","contacts":1}"# + "\n")
    }

    @Test func aSingleTouchContactHasNoSlotInTextAndMinusOneInJSON() {
        let c = Contact(
            id: 1, slot: -1, trackingID: -1, phase: .began, position: DevicePoint(x: 1, y: 2),
            previousPosition: DevicePoint(x: 1, y: 2), time: time)
        let frame = ContactFrame(time: time, contacts: [c])
        #expect(lines(frame, json: false).hasPrefix("1.000500 event4 slot - #1 began (1.00, 2.00) prev (1.00, 2.00)\n"))
        #expect(
            lines(frame, json: true).hasPrefix(
                #"{"t":1.000500,"device":"event4","slot":-1,"id":1,"phase":"began","location":{"x":1.000,"y":2.000},"#
                    + #""previousLocation":{"x":1.000,"y":2.000}}"#))
    }

    @Test func aDeviceNameIsEscapedInJSON() {
        var b = TextBuffer()
        ContactLog(device: "a \"panel\"", json: true).write(
            ContactFrame(time: time, contacts: []), mapper: nil, into: &b)
        #expect(b.string == #"{"t":1.000500,"device":"a \"panel\"","event":"frame","contacts":0}"# + "\n")
    }

    @Test func aDeviceNameWithAControlCharacterIsOneSafeTextLine() {
        var b = TextBuffer()
        ContactLog(device: "a\u{1B}[2Jb", json: false).write(
            ContactFrame(time: time, contacts: []), mapper: nil, into: &b)
        #expect(b.string == "1.000500 a\\u{1B}[2Jb frame\n")
    }
}
