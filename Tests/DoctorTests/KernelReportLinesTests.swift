import Doctor
import Testing

/// What of the kernel's log a bug report carries: the touch device's own chain and the input and
/// HID subsystems, never the machine's network, name or other devices' serial numbers.
@Suite struct KernelReportLinesTests {
    static let kmsg = Array(
        """
        6,1,1000000,-;usb 1-1.3: new full-speed USB device number 4 using dwc_otg
         DEVICE=+usb:1-1.3
        6,2,1000100,-;usb 1-1.3: SerialNumber: EGALAX0042
         DEVICE=+usb:1-1.3
        6,3,1000200,-;input: eGalax Inc. eGalaxTouch EXC7200 as /devices/platform/soc/usb1/1-1/1-1.3/1-1.3:1.0/0003:0EEF:7224.0001/input/input5
        6,4,1000300,-;hid-multitouch 0003:0EEF:7224.0001: input,hidraw0: USB HID v1.10 Device [eGalax Inc.] on usb-3f980000.usb-1.3/input0
         DEVICE=+hid:0003:0EEF:7224.0001
        6,5,1100000,-;usb 1-1.1: SerialNumber: 00000000abcd1234
         DEVICE=+usb:1-1.1
        6,6,1100100,-;smsc95xx 1-1.1:1.0 eth0: register 'smsc95xx' at usb-3f980000.usb-1.1, smsc95xx USB 2.0 Ethernet, b8:27:eb:12:34:56
         DEVICE=+usb:1-1.1:1.0
        6,7,1200000,-;systemd[1]: Hostname set to <kiosk-lobby-3>.
        6,8,1300000,-;IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready
        6,9,1400000,-;input: Logitech USB Receiver as /devices/platform/soc/usb1/1-1/1-1.2/input/input6 serial=LGT99 on 10.1.2.3 fe80::ba27:ebff:fe12:3456
         DEVICE=+input:input6
        6,10,1500000,-;usb 1-1.2: SerialNumber: LOGI-SECRET
         DEVICE=+usb:1-1.2
        """.utf8)

    static let keys = ["eGalax Inc. eGalaxTouch EXC7200", "0003:0EEF:7224.0001", "usb 1-1.3:", "event5", "1-1.3:1.0"]

    var lines: [String] {
        KernelLog(kmsg: Self.kmsg).reportLines(chainKeys: Self.keys, hostName: "kiosk-lobby-3")
    }

    @Test func theChainAndTheInputAndHIDLinesAreKeptAndNothingElse() {
        #expect(
            lines == [
                "[    1.000000] usb 1-1.3: new full-speed USB device number 4 using dwc_otg",
                "[    1.000100] usb 1-1.3: SerialNumber: EGALAX0042",
                "[    1.000200] input: eGalax Inc. eGalaxTouch EXC7200 as /devices/platform/soc/usb1/1-1/1-1.3/1-1.3:1.0/0003:0EEF:7224.0001/input/input5",
                "[    1.000300] hid-multitouch 0003:0EEF:7224.0001: input,hidraw0: USB HID v1.10 Device [eGalax Inc.] on usb-3f980000.usb-1.3/input0",
                "[    1.400000] input: Logitech USB Receiver as /devices/platform/soc/usb1/1-1/1-1.2/input/input6 serial=<serial>",
            ], "\(lines)")
    }

    @Test func noAddressHostNameOrOtherSerialSurvives() {
        let all = lines.joined(separator: "\n")
        for secret in ["b8:27:eb", "kiosk-lobby", "00000000abcd1234", "LOGI-SECRET", "LGT99", "10.1.2.3", "fe80::"] {
            #expect(!all.contains(secret), "\(secret)")
        }
        #expect(all.contains("EGALAX0042"), "the touch device's own serial is the report's point")
    }

    @Test(arguments: [
        ("link b8:27:eb:12:34:56 up", "link <MAC> up"), ("mac B8-27-EB-12-34-56.", "mac <MAC>."),
        ("from 192.168.1.20:22", "from <IP>:22"), ("at 2001:db8::1 now", "at <IP> now"),
        ("usb 1-1.2.3.4: hub", "usb 1-1.2.3.4: hub"), ("hid 0003:0EEF:7224.0001: x", "hid 0003:0EEF:7224.0001: x"),
        ("pci 0000:00:14.0 ok", "pci 0000:00:14.0 ok"), ("kernel 6.1.0-28 up", "kernel 6.1.0-28 up"),
        ("[   12.345678] t", "[   12.345678] t"),
    ])
    func addressesAreMaskedAndDeviceNamesAreNot(_ line: String, _ expected: String) {
        #expect(ReportMasking.masked(line, hostName: nil, keepSerials: true) == expected)
    }
}
