import Discovery
import Displays
import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Runtime
import Testing

/// Device tests need a writable /dev/uinput. Where it is missing they skip, saying why;
/// inside the project's VM (TOUCHBRIDGE_REQUIRE_UINPUT=1) a missing uinput is a failure.
enum DeviceTestGate {
    static let required = ProcessInfo.processInfo.environment["TOUCHBRIDGE_REQUIRE_UINPUT"] == "1"
    static let enabled = UInputDevice.isAvailable || required
    static let reason: Comment = "needs a writable /dev/uinput; `make test` runs these inside the project's VM"
}

/// Creates a uinput device and waits until udev has processed it, returning udev's record
/// as udev broadcast it. (Event nodes are reused quickly: udev's database may still hold the
/// previous device's record for the same node, so only the broadcast is trusted.)
func createDevice(_ description: DeviceDescription) throws -> (UInputDevice, InputDeviceInfo?) {
    let monitor = try HotplugMonitor()
    let device = try UInputDevice(description)
    var info: InputDeviceInfo?
    _ = eventually {
        _ = waitReadable([monitor.fd], timeoutMs: 100)
        while let change = monitor.next() {
            if change.action == .added && change.device.syspath.hasPrefix(device.syspath + "/") { info = change.device }
        }
        return info != nil
    }
    return (device, info)
}

/// A multitouch test panel whose position axes are `width` x `height` millimetres (8 units a
/// millimetre): the size the display matching reads.
func panelOfSize(_ name: String, _ width: Int32, _ height: Int32) -> DeviceDescription {
    let k = Kernel.self
    var d = VirtualDevices.multitouch(name: name)
    for (codes, mm) in [([k.ABS_X, k.ABS_MT_POSITION_X], width), ([k.ABS_Y, k.ABS_MT_POSITION_Y], height)] {
        for c in codes { d.absInfo[c] = AbsInfo(minimum: 0, maximum: mm * 8, resolution: 8) }
    }
    return d
}

/// The project's udev rule as shipped (`udev/70-touchbridge.rules`), and where the tests
/// install it.
let projectUdevRulePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../udev/70-touchbridge.rules").standardized.path
let installedUdevRulePath = "/run/udev/rules.d/70-touchbridge.rules"

/// Installs (or, with nil text, removes) a udev rule file and reloads udev's rules. Settles
/// first and after: a worker still busy with an earlier event would use the old rules.
func installUdevRule(_ path: String, _ text: String?) throws {
    try FileManager.default.createDirectory(atPath: "/run/udev/rules.d", withIntermediateDirectories: true)
    try? FileManager.default.removeItem(atPath: path)
    if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
    for args in [["settle", "--timeout=10"], ["control", "--reload-rules"], ["settle", "--timeout=10"]] {
        _ = try Spawned("/bin/udevadm", args).wait()
    }
}

/// The VM's displays as `make device-test` hands them in (TOUCHBRIDGE_VM_DISPLAYS, each
/// `WxH` or `WxH:ORIENTATION`), in connector order: each one's mode, and its panel
/// orientation when the kernel was told one.
let vmDisplays: [(mode: Mode, orientation: String?)] =
    (ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"]
    ?? "").split(separator: ",").compactMap { s in
        let parts = s.split(separator: ":", maxSplits: 1)
        let p = parts[0].split(separator: "x")
        guard p.count == 2, let w = Int(p[0]), let h = Int(p[1]) else { return nil }
        return (Mode(width: w, height: h), parts.count == 2 ? String(parts[1]) : nil)
    }
