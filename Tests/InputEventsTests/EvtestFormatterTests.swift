import InputEvents
import Testing
import TextBuffers

/// Names for the formatter tests, independent of libevdev.
struct TableNames: EventNaming {
    func typeName(_ type: UInt16) -> String? {
        [0: "EV_SYN", 1: "EV_KEY", 3: "EV_ABS", 4: "EV_MSC", 20: "EV_REP"][type]
    }
    func codeName(type: UInt16, code: UInt16) -> String? {
        switch (type, code) {
        case (0, 0): return "SYN_REPORT"
        case (0, 2): return "SYN_MT_REPORT"
        case (0, 3): return "SYN_DROPPED"
        case (1, 0x14a): return "BTN_TOUCH"
        case (3, 0): return "ABS_X"
        case (4, 4): return "MSC_SCAN"
        case (20, 0): return "REP_DELAY"
        case (20, 1): return "REP_PERIOD"
        default: return nil
        }
    }
    func propertyName(_ p: UInt16) -> String? { p == 1 ? "INPUT_PROP_DIRECT" : nil }
}

@Suite("evtest's format")
struct EvtestFormatterTests {
    let f = EvtestFormatter(naming: TableNames())

    func line(_ e: InputEvent) -> String {
        var b = TextBuffer()
        f.write(e, into: &b)
        return b.string
    }

    @Test func eventLines() {
        let t = EventTime(seconds: 12, microseconds: 41337)
        #expect(
            line(InputEvent(time: t, type: 3, code: 0, value: -5))
                == "Event: time 12.041337, type 3 (EV_ABS), code 0 (ABS_X), value -5\n")
        #expect(
            line(InputEvent(time: t, type: 0, code: 0, value: 0))
                == "Event: time 12.041337, -------------- SYN_REPORT ------------\n")
        #expect(
            line(InputEvent(time: t, type: 0, code: 2, value: 0))
                == "Event: time 12.041337, ++++++++++++++ SYN_MT_REPORT ++++++++++++\n")
        #expect(
            line(InputEvent(time: t, type: 0, code: 3, value: 0))
                == "Event: time 12.041337, -------------- SYN_DROPPED ------------\n")
        #expect(
            line(InputEvent(time: t, type: 4, code: 4, value: 0x2a))
                == "Event: time 12.041337, type 4 (EV_MSC), code 4 (MSC_SCAN), value 2a\n")
        #expect(
            line(InputEvent(time: t, type: 4, code: 4, value: -2))
                == "Event: time 12.041337, type 4 (EV_MSC), code 4 (MSC_SCAN), value fffffffe\n")
        #expect(
            line(InputEvent(time: t, type: 3, code: 0x3e, value: 1))
                == "Event: time 12.041337, type 3 (EV_ABS), code 62 (?), value 1\n")
    }

    @Test func aDevicesFormatterWritesWhatTheWholeTablesDoesEvenForCodesItDoesNotDeclare() {
        // Declares BTN_TOUCH and ABS_X only; its events include EV_MSC's scan code and an
        // unnamed axis, which its table left out and asks the naming for.
        let d = DeviceDescription(
            name: "panel", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1), properties: BitSet([1]),
            codes: [1: BitSet([0x14a]), 3: BitSet([0])], absInfo: [0: AbsInfo(minimum: 0, maximum: 99)])
        let device = EvtestFormatter(naming: TableNames(), device: d)
        let t = EventTime(seconds: 1, microseconds: 2)
        var whole = TextBuffer()
        var own = TextBuffer()
        f.writeHeader(d, into: &whole)
        device.writeHeader(d, into: &own)
        for (type, code, value) in [(3, 0, 5), (1, 0x14a, 1), (4, 4, 7), (3, 0x3e, 1), (0, 0, 0), (0, 3, 0)] {
            let e = InputEvent(time: t, type: UInt16(type), code: UInt16(code), value: Int32(value))
            f.write(e, into: &whole)
            device.write(e, into: &own)
        }
        #expect(own.string == whole.string)
        #expect(own.string.contains("code 4 (MSC_SCAN)"), "\(own.string)")
        #expect(own.string.contains("code 62 (?)"), "\(own.string)")
    }

    @Test func headerPrintsFuzzFlatAndResolutionOnlyWhenSet() {
        let d = DeviceDescription(
            name: "P", id: InputID(bustype: 0x18, vendor: 0, product: 0xa, version: 0x100),
            properties: BitSet([1]),
            codes: [0: BitSet([0, 1, 2, 3]), 1: BitSet([0x14a]), 3: BitSet([0]), 20: BitSet([0, 1])],
            absInfo: [0: AbsInfo(value: 7, minimum: -10, maximum: 4095, fuzz: 0, flat: 3, resolution: 0)],
            keyRepeat: (250, 33))
        var b = TextBuffer()
        f.writeHeader(d, into: &b)
        #expect(
            b.string == """
                Input driver version is 1.0.1
                Input device ID: bus 0x18 vendor 0x0 product 0xa version 0x100
                Input device name: "P"
                Supported events:
                  Event type 0 (EV_SYN)
                  Event type 1 (EV_KEY)
                    Event code 330 (BTN_TOUCH)
                  Event type 3 (EV_ABS)
                    Event code 0 (ABS_X)
                      Value      7
                      Min      -10
                      Max     4095
                      Flat       3
                Key repeat handling:
                  Repeat type 20 (EV_REP)
                    Repeat code 0 (REP_DELAY)
                      Value    250
                    Repeat code 1 (REP_PERIOD)
                      Value     33
                Properties:
                  Property type 1 (INPUT_PROP_DIRECT)

                """)
    }
}
