import Doctor
import Testing

/// The kernel's log as /dev/kmsg gives it, and who may read a node through its mode and ACL.
@Suite struct KernelAndAccessTests {
    static let kmsg = Array(
        """
        6,512,4643818,-;input: Goodix Capacitive TouchScreen as /devices/platform/i2c-1/1-005d/input/input3
        3,513,5120000,-;Goodix-TS 1-005d: i2c test failed attempt 1: -110
         SUBSYSTEM=i2c
         DEVICE=+i2c:1-005d
        3,514,5230001,-;Goodix-TS 1-005d: I2C communication failure: -110
         DEVICE=+i2c:1-005d
        6,515,6000000,-;usb 1-3: new full-speed USB device number 3 using xhci_hcd
        not a record
        """.utf8)

    @Test func recordsAreReadWithTheirTimePriorityAndDevice() {
        let log = KernelLog(kmsg: Self.kmsg)
        #expect(log.messages.count == 4)
        #expect(log.messages[1].priority == 3)
        #expect(log.messages[1].device == "+i2c:1-005d")
        #expect(log.messages[1].isError)
        #expect(!log.messages[3].isError)
        #expect(log.messages[1].line == "[    5.120000] Goodix-TS 1-005d: i2c test failed attempt 1: -110")
        #expect(log.about(["1-005d"]).count == 3)
        #expect(log.about(["1-3:"]).count == 1)
    }

    @Test func aProbeThatTimedOutBreaksTheKernelLinkUntilTheDeviceWorks() {
        let s = Subject(name: "Goodix Capacitive TouchScreen", node: nil)
        let log = KernelLog(kmsg: Self.kmsg)
        let broken = KernelLink.check(log, keys: ["1-005d"], working: false, retry: "echo 1-005d > bind", as: s)
        #expect(!broken.ok)
        #expect(broken.problem?.contains("did not answer in time") == true, "\(broken)")
        #expect(broken.found.hasPrefix("3 messages since boot, 2 of failure: [    5.120000]"), "\(broken.found)")
        #expect(broken.fix == "echo 1-005d > bind")
        let history = KernelLink.check(log, keys: ["1-005d"], working: true, retry: "", as: s)
        #expect(history.ok)
        #expect(history.found.contains("before it worked"))
        let unreadable = KernelLink.check(nil, keys: ["1-005d"], working: false, retry: "", as: s)
        #expect(unreadable.ok)
        #expect(unreadable.found.contains("not readable"))
    }

    /// `crw-rw---- root:input` (gid 104) with an ACL `g:touchbridge:r` (gid 990) under a mask.
    static func node(mask: UInt16) -> NodeAccess {
        var bytes: [UInt8] = [2, 0, 0, 0]
        for (tag, perm, id) in [
            (1, 6, 0xFFFF_FFFF), (4, 6, 0xFFFF_FFFF), (8, 4, 990), (0x10, Int(mask), 0xFFFF_FFFF),
            (0x20, 0, 0xFFFF_FFFF),
        ] {
            bytes += [UInt8(tag), 0, UInt8(perm), 0]
            bytes += withUnsafeBytes(of: UInt32(truncatingIfNeeded: id).littleEndian, Array.init)
        }
        return NodeAccess(mode: 0o660, owner: 0, group: 104, acl: NodeAccess.entries(xattr: bytes))
    }

    @Test func theModeAndTheACLDecideWhoReads() {
        let n = Self.node(mask: 6)
        #expect(n.acl.count == 5)
        #expect(n.canRead(Reader(name: "root", uid: 0, groups: [])))
        #expect(n.canRead(Reader(name: "kiosk", uid: 1000, groups: [104])), "the input group")
        #expect(n.canRead(Reader(name: "touchbridge", uid: 991, groups: [990])), "the ACL's group")
        #expect(!n.canRead(Reader(name: "nobody", uid: 65534, groups: [65534])))
        let masked = Self.node(mask: 0)
        #expect(!masked.canRead(Reader(name: "touchbridge", uid: 991, groups: [990])), "the mask takes it away")
        #expect(!masked.canRead(Reader(name: "kiosk", uid: 1000, groups: [104])), "the owning group too")
        #expect(NodeAccess.entries(xattr: [1, 0, 0, 0]).isEmpty, "another version")
        #expect(NodeAccess.entries(xattr: [2, 0, 0, 0, 1]).isEmpty, "a cut entry")
    }

    @Test func theServicesUserWhoCannotReadAnUntaggedNodeGetsARuleThatMarksIt() {
        let names: (UInt32, Bool) -> String = { id, group in group ? (id == 104 ? "input" : "g\(id)") : "u\(id)" }
        let s = Subject(name: "ILITEK Multi-Touch", node: "/dev/input/event7")
        let plain = NodeAccess(mode: 0o660, owner: 0, group: 104)
        let a = AccessLink(
            node: "/dev/input/event7", access: plain, user: Reader(name: "root", uid: 0, groups: []),
            service: Reader(name: "touchbridge", uid: 991, groups: [990]),
            rule: "/lib/udev/rules.d/70-touchbridge.rules",
            tagged: false, deviceName: "ILITEK \"Multi\"-Touch", names: names)
        let c = a.check(as: s)
        #expect(!c.ok)
        #expect(c.found == "mode rw-rw---- u0:input; root reads it, touchbridge cannot read it")
        #expect(c.problem?.contains("udev does not call it a touchscreen") == true)
        #expect(c.fix?.contains(#"ATTRS{name}=="ILITEK ?Multi?-Touch""#) == true, "\(c.fix ?? "")")
        #expect(c.fix?.hasSuffix("udevadm trigger --action=change --settle /dev/input/event7") == true)
        var user = a
        user.service = nil
        user.user = Reader(name: "kiosk", uid: 1000, groups: [1000])
        let u = user.check(as: s)
        #expect(u.problem == "You (kiosk) cannot read /dev/input/event7.")
        #expect(u.fix == "sudo usermod -aG input kiosk  # then log in again")
    }
}
