import HIDRaw
import Testing

/// hid-tools' recordings read back as a replay needs them, mistakes refused with their line,
/// and the feature reports a replayed device answers its driver with.
@Suite("Reading HID recordings")
struct HIDRecordingTests {
    static let two = """
        # eGalax
        R: 7 05 0d 09 04 a1 01 c0
        N: eGalax Inc. eGalaxTouch
        P: usb-0000:00:14.0-2/input0
        I: 3 0eef 7224
        D: 1
        R: 1 c0
        N: Second
        I: 18 1 2
        D: 0
        E: 000000.000000 3 04 87 66
        D: 1
        E: 000001.500000 1 01
        D: 0
        E: 000002.000000 2 04 86
        """

    @Test func devicesAndReportsAreReadInFileOrder() throws {
        let r = try HIDRecording.parse(Self.two, file: "two.hid")
        #expect(r.devices.count == 2)
        #expect(r.devices[0].name == "eGalax Inc. eGalaxTouch")
        #expect(r.devices[0].phys == "usb-0000:00:14.0-2/input0")
        #expect(r.devices[0].descriptor == [0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01, 0xc0])
        #expect(r.devices[0].bus == 3)
        #expect(r.devices[0].vendor == 0x0eef)
        #expect(r.devices[0].product == 0x7224)
        #expect(r.devices[1].bus == 0x18)
        #expect(r.reports.map(\.device) == [0, 1, 0])
        #expect(r.reports.map(\.time) == [0, 1.5, 2])
        #expect(r.reports[2].bytes == [0x04, 0x86])
    }

    @Test(arguments: [
        ("R: 3 05 0d\nI: 3 1 2", 1, "'R: SIZE BYTES…'"),
        ("R: 1 c0\nI: 3 zz 2", 2, "'I: BUS VENDOR PRODUCT' in hexadecimal"),
        ("R: 1 c0\nI: 3 1 2\nE: -1.0 1 01", 3, "'E: SECONDS.MICROSECONDS"),
        ("R: 1 c0\nI: 3 1 2\nE: 0.0 5000 01", 3, "'E: SECONDS.MICROSECONDS"),
        ("R: 1 c0\nI: 3 1 2\nE: 999999999.0 1 01", 3, "'E: SECONDS.MICROSECONDS"),
        ("E: 0.0 1 01", 1, "a device (its R:, N: and I: lines)"),
        ("R: 1 c0\nI: 3 1 2\nE: 0.5 1 01\nE: 0.4 1 01", 4, "times that never go back (this report at 0.400000 s"),
        ("R: 1 c0\nI: 3 1 2\nE: 604800.000000 1 01", 3, "a first report within 60.000000 s (--max-gap"),
        ("R: 1 c0\nI: 3 1 2\nE: 1.0 1 01\nE: 62.0 1 01", 4, "reports at most 60.000000 s apart"),
        ("R: 1 c0\nI: 3 1 2\nE: 0.0 1 +5", 3, "'E: SECONDS.MICROSECONDS"),
        ("R: 1 c0\nI: 3 1 2\nE: 0.0 1 -0", 3, "'E: SECONDS.MICROSECONDS"),
        ("R: 1 c0\nI: 3 1 2\nE: 0.0 1 5", 3, "'E: SECONDS.MICROSECONDS"),
        ("R: 1 +c\nI: 3 1 2", 1, "'R: SIZE BYTES…'"),
        ("R: 1 c0\nI: +3 1 2", 2, "'I: BUS VENDOR PRODUCT' in hexadecimal"),
        ("R: 1 c0\nI: 3 1 2\nE: 1e2 1 01", 3, "'E: SECONDS.MICROSECONDS"),
        ("R: 1 c0\nI: 3 1 2\nE: 0.0 1 01\nN: late", 4, "every device described before the first report"),
        ("D: 99", 1, "'D: N', a device number from 0 to 63"),
        ("R: 1 c0\nI: 3 1 2\nX: what", 3, "a D:, R:, N:, P:, I: or E: line"),
        ("D: 1\nR: 1 c0\nI: 3 1 2", 3, "devices numbered 0, 1, … with none left out"),
        ("# nothing", 1, "a device"),
    ])
    func aMistakeIsRefusedWithItsLine(_ text: String, _ line: Int, _ expected: String) {
        #expect {
            try HIDRecording.parse(text, file: "bad.hid")
        } throws: { error in
            guard let e = error as? HIDRecordingError else { return false }
            return e.line == line && e.expected.hasPrefix(expected)
                && e.description.hasPrefix("bad.hid:\(line): expected ")
        }
    }

    @Test func aLongerGapIsTakenWhenThePlayerAllowsIt() throws {
        let text = "R: 1 c0\nI: 3 1 2\nE: 1.0 1 01\nE: 3601.0 1 01"
        let r = try HIDRecording.parse(text, file: "idle.hid", maxGap: 3600)
        #expect(r.reports.map(\.time) == [1, 3601])
    }

    @Test func featureReportsAreSizedFromTheDescriptor() {
        // eGalax's Contact Count Maximum (report 5: two 8-bit fields) after reports without features.
        let egalax: [UInt8] = [
            0x05, 0x0d, 0x09, 0x0e, 0xa1, 0x01, 0x85, 0x05, 0x09, 0x22, 0xa1, 0x00, 0x09, 0x52, 0x09, 0x53, 0x15, 0x00,
            0x25, 0x0a, 0x75, 0x08, 0x95, 0x02, 0xb1, 0x02, 0xc0, 0xc0,
        ]
        let f = FeatureReports(descriptor: egalax)
        #expect(f.answer(5) == [5, 0, 0])
        #expect(f.answer(4) == nil)
        // Without report ids, report 0; push and pop keep the size and count around a nested item.
        let plain: [UInt8] = [0x75, 0x10, 0x95, 0x01, 0xa4, 0x75, 0x01, 0x95, 0x03, 0xb4, 0xb1, 0x02]
        #expect(FeatureReports(descriptor: plain).answer(0) == [0, 0])
    }
}

/// Feature reports as the device answered them when recorded: written as `# F:` comments,
/// read back, and answered before the descriptor's zeros.
@Suite struct RecordedFeatureReportTests {
    @Test func recordedFeatureReportsAreReadBackAndAnsweredFirst() throws {
        let w = HIDRecordingWriter(devices: 1)
        #expect(w.feature([5, 10, 0]) == "# F: 5 3 05 0a 00\n")
        #expect(w.feature([]) == "")
        let text = """
            R: 2 c0 c0
            I: 3 0eef 7224
            # F: 5 3 05 0a 00
            # F: 0 2 00 07
            # F: a comment that only starts like one
            # F: 6 3 05 0a 00
            """
        let r = try HIDRecording.parse(text, file: "f.hid")
        #expect(
            r.devices[0].features == [5: [5, 10, 0], 0: [0, 7]], "a number that is not the first byte is a comment")
        let egalax: [UInt8] = [0x85, 0x05, 0x09, 0x55, 0x75, 0x08, 0x95, 0x02, 0xb1, 0x02, 0x85, 0x06, 0xb1, 0x02]
        let f = FeatureReports(descriptor: egalax, recorded: r.devices[0].features)
        #expect(f.answer(5) == [5, 10, 0])
        #expect(f.answer(6) == [6, 0, 0], "not recorded: the descriptor's zeros")
        #expect(f.answer(0) == [7], "an unnumbered report is answered without its number")
    }
}
