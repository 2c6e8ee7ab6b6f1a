import HIDRaw
import Testing

/// hid-tools' recording format as `hid-recorder` writes it: the description lines, reports
/// timed from the first, and `D:` lines once there are several devices.
@Suite("hid-tools' recording format")
struct HIDRecordingWriterTests {
    @Test func oneDeviceIsWrittenAsHidRecorderWritesIt() {
        var w = HIDRecordingWriter(devices: 1)
        let header = w.header(
            index: 0, name: "eGalax Inc. eGalaxTouch EXC7200", descriptor: [0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01, 0xc0],
            bus: 3, vendor: 0x0eef, product: 0x7224, phys: "usb-0000:00:14.0-2/input0")
        #expect(
            header == """
                # eGalax Inc. eGalaxTouch EXC7200
                # Report descriptor, 7 bytes:
                #   05 0d           Usage Page (Digitizers)
                #   09 04           Usage (Touch Screen)
                #   a1 01           Collection (Application)
                #   c0              End Collection
                # What decides the kernel's handling:
                # ! Touch Screen with no Contact Identifier: the HID core leaves it to hid-generic, one touch at most and no slots
                R: 7 05 0d 09 04 a1 01 c0
                N: eGalax Inc. eGalaxTouch EXC7200
                P: usb-0000:00:14.0-2/input0
                I: 3 0eef 7224

                """)
        #expect(w.event(index: 0, time: 100.25, bytes: [0x02, 0x03, 0xff]) == "E: 000000.000000 3 02 03 ff\n")
        #expect(w.event(index: 0, time: 101.2500049, bytes: [0x02, 0x00][...]) == "E: 000001.000005 2 02 00\n")
        #expect(w.event(index: 0, time: 1_000_100.25, bytes: [0x01][...]) == "E: 1000000.000000 1 01\n")
    }

    /// A device's name is its maker's word: a terminal showing the recording sees what it holds.
    @Test func aHostileNameIsOneLineWithItsControlsAndHiddenCharactersEscaped() {
        var w = HIDRecordingWriter(devices: 1)
        let header = w.header(
            index: 0, name: "Evil\u{1B}]0;pwned\u{7}\u{9B}2J\u{202E}\nN: forged", descriptor: [0xc0], bus: 3, vendor: 1,
            product: 2, phys: "usb\u{1B}[31m")
        #expect(header.contains("N: Evil\\u{1B}]0;pwned\\u{7}\\u{9B}2J\\u{202E}\\u{A}N: forged\n"), "\(header)")
        #expect(header.contains("P: usb\\u{1B}[31m\n"))
        let controls = header.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7f..<0xa0).contains($0.value)
        }
        #expect(controls.isEmpty)
    }

    @Test func severalDevicesSayWhichOneEachLineIsAbout() {
        var w = HIDRecordingWriter(devices: 2)
        let first = w.header(index: 0, name: "A", descriptor: [0xc0], bus: 0x18, vendor: 1, product: 2, phys: "")
        let second = w.header(
            index: 1, name: "B\nC", descriptor: [], bus: 3, vendor: 0xabcd, product: 0xef01, phys: "p")
        #expect(first.hasPrefix("D: 0\n# A\n"))
        #expect(first.hasSuffix("I: 18 0001 0002\n"))
        #expect(
            second.hasPrefix("D: 1\n# B\\u{A}C\n# Report descriptor, 0 bytes:\n"), "a name stays one line: \(second)")
        #expect(second.contains("\nR: 0 \nN: B\\u{A}C\n"))
        #expect(w.event(index: 1, time: 5, bytes: [0x01][...]) == "E: 000000.000000 1 01\n")
        #expect(w.event(index: 0, time: 5.5, bytes: [0x02][...]) == "D: 0\nE: 000000.500000 1 02\n")
        #expect(w.event(index: 0, time: 6, bytes: [0x03][...]) == "E: 000001.000000 1 03\n")
    }
}
