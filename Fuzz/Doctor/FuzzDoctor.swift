import Doctor
import HIDRaw
import PipelineChecks

/// What doctor reads from outside on arbitrary bytes: a HID report descriptor (a device's own
/// words), the kernel's log records, a node's ACL, a HID device's sysfs entry, an input
/// device's capability bitmaps and the bus survey below the nodes, the kernel lines a bug report
/// keeps (masked once for all). Each reading
/// either holds its invariants or says where it stopped; none traps.
func fuzzDoctor(_ bytes: [UInt8]) {
    let d = ReportDescriptor(bytes)
    if bytes.count <= ReportDescriptor.maximumSize, d.applications.count > bytes.count / 2 {
        fatalError("invariant: an application collection takes at least two bytes (\(d.applications.count))")
    }
    if d.hasContactIdentifier && bytes.count < 4 { fatalError("invariant: a contact identifier is read from an item") }
    let log = KernelLog(kmsg: bytes)
    for m in log.messages {
        guard m.time >= 0, (0...7).contains(m.priority) else {
            fatalError("invariant: a record's time and priority (\(m))")
        }
        _ = m.line
        _ = m.isError
    }
    _ = log.about(["1-005d", "0003:0EEF:7224.0001"])
    // A bug report's kernel lines: none holds a MAC address once masked.
    for line in log.reportLines(chainKeys: ["1-005d"], hostName: "kiosk") {
        let again = ReportMasking.masked(line, hostName: "kiosk", keepSerials: true)
        guard again == line else { fatalError("invariant: masking a masked line changes nothing (\(line))") }
    }
    for e in NodeAccess.entries(xattr: bytes) where e.perm > 0xFFFF { fatalError("unreachable") }
    let text = String(decoding: bytes, as: UTF8.self)
    let files = FuzzFiles(uevent: text, descriptor: bytes)
    if let h = HIDDevice.read("0003:0EEF:7224.0001", in: files) {
        guard h.vendor == 0x0EEF, h.product == 0x7224 else { fatalError("invariant: ids come from the device's name") }
        _ = h.wantsMultitouch
    }
    let every = EveryFile(text: text)
    if let c = InputCapabilities(syspath: "/sys/devices/virtual/input/input1/event1", in: every) {
        guard c.abs.count <= 16, c.key.count <= 16 else { fatalError("invariant: a bitmap is at most 16 words") }
        _ = c.isAbsolutePointer
    }
    let check = DeviceLink.check(BusSurvey.read(release: "6.1.0-56-amd64", in: every))
    guard !check.ok, check.link == .device, check.node == nil else {
        fatalError("invariant: with no touch device the device link is broken and has no node")
    }
    _ = CompositorMapping.sway(text, device: "eGalax")
    _ = CompositorMapping.labwc(text, device: "eGalax")
}

/// One HID device whose uevent and descriptor are the input.
struct FuzzFiles: MachineFiles {
    let uevent: String
    let descriptor: [UInt8]

    func bytes(_ path: String, limit: Int) -> [UInt8]? {
        if path.hasSuffix("/uevent") { return Array(uevent.utf8.prefix(limit)) }
        if path.hasSuffix("/report_descriptor") { return Array(descriptor.prefix(limit)) }
        return nil
    }

    func list(_ directory: String) -> [String] { directory.hasSuffix("/input") ? ["input1"] : [] }
    func link(_ path: String) -> String? { path.hasSuffix("/driver") ? String(uevent.prefix(64)) : nil }
}

/// A machine where every file reads as the input and the USB bus has one device with one
/// interface.
struct EveryFile: MachineFiles {
    let text: String

    func bytes(_ path: String, limit: Int) -> [UInt8]? { Array(text.utf8.prefix(limit)) }
    func list(_ directory: String) -> [String] {
        directory == "/sys/bus/usb/devices" ? ["1-1", "1-1:1.0", "usb1"] : []
    }
    func link(_ path: String) -> String? { path.hasSuffix("/driver") ? String(text.prefix(64)) : nil }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzDoctor(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-doctor", entry, fuzzDoctor) }
}
