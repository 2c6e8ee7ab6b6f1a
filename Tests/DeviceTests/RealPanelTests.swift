import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// Real touchscreens, re-created in the VM from their own HID report descriptors through uhid
/// (hid-multitouch applies each one's quirks, fuzz and slots as for the real device): each is
/// listed as a touchscreen with the slots and size the kernel gave it, and taps, a drag, two
/// and three fingers and a resting finger are tracked as libinput tracks them, point for point.
@Suite(
    "Real touchscreens through uhid", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: UHIDPanel.available, "needs a writable /dev/uhid (the test VM has one)"), .serialized)
struct RealPanelTests {
    static let gestures = ["tap", "drag", "two", "three", "rest"]

    @Test func theCatalogHoldsEightOrMoreVendorsWithFuzzAndWithout() {
        let vendors = Set(UHIDPanel.allPanels.map { $0.name.split(separator: " ").first! })
        #expect(vendors.count >= 8, "\(vendors)")
        #expect(UHIDPanel.allPanels.contains { $0.fuzz })
        #expect(UHIDPanel.allPanels.contains { !$0.fuzz })
    }

    @Test(arguments: UHIDPanel.catalog)
    func isListedAndTrackedAsLibinputTracksIt(_ spec: UHIDPanel.Spec) throws {
        let panel = try UHIDPanel(spec.name)
        #expect(
            eventually(timeout: 10) { udevProperty(panel.node, "ID_INPUT_TOUCHSCREEN") == "1" },
            "udev calls it a touchscreen")

        // Listed as the kernel made it: evemu-describe and libinput are the oracles.
        let list = try Spawned(touchbridgeExecutable, ["list", "--json"])
        #expect(list.wait(timeout: 20) == 0)
        let rows = list.output.split(separator: "\n").compactMap { line -> [String: Any]? in
            let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return o?["node"] as? String == panel.node ? o : nil
        }
        let row = try #require(rows.first, "\(spec.name) is listed: \(list.output)")
        #expect(row["touchscreen"] as? Bool == true, "\(row)")
        #expect(row["protocol"] as? String == "B", "\(row)")
        let describe = try #require(tool("evemu-describe"), "evemu-tools is not installed")
        let evemu = try Spawned(describe, [panel.node])
        _ = evemu.wait(timeout: 10)
        let slotLine = try #require(
            evemu.output.split(separator: "\n").first { $0.hasPrefix("A: 2f ") }, "\(evemu.output)")
        let kernelSlots = Int(slotLine.split(separator: " ")[3])! + 1
        #expect(
            row["slots"] as? Int == kernelSlots,
            "\(spec.name): \(row["slots"] ?? "none") slots listed, the kernel's ABS_MT_SLOT says \(kernelSlots)")
        #expect(kernelSlots == (spec.slots ?? panel.contacts), "hid-multitouch gave \(kernelSlots) slots")
        let libinput = try Spawned(try #require(tool("libinput")), ["list-devices"])
        _ = libinput.wait(timeout: 20)
        let block =
            libinput.output.components(separatedBy: "\n\n").first { $0.contains("Kernel:") && $0.contains(panel.node) }
            ?? ""
        if let sizeLine = block.split(separator: "\n").first(where: { $0.hasPrefix("Size:") }) {
            let mm = sizeLine.split(separator: " ").last!.dropLast(2).split(separator: "x").compactMap { Double($0) }
            let w = try #require(row["widthMM"] as? Int, "libinput knows a size, so must list: \(row)")
            let h = try #require(row["heightMM"] as? Int)
            #expect(
                mm.count == 2,
                "libinput: \(sizeLine), touchbridge: \(w)x\(h)")
            #expect(
                abs(Double(w) - mm[0]) <= 1,
                "libinput: \(sizeLine), touchbridge: \(w)x\(h)")
            #expect(
                abs(Double(h) - mm[1]) <= 1,
                "libinput: \(sizeLine), touchbridge: \(w)x\(h)")
        } else {
            #expect(row["widthMM"] is NSNull, "no resolution: no size, as libinput: \(row)")
            #expect(row["heightMM"] is NSNull, "no resolution: no size, as libinput: \(row)")
        }
        let fuzzLine = "libinput's fuzz filter (fuzz "
        #expect((row["jitterFilter"] as? String ?? "").hasPrefix("libinput's fuzz filter") == spec.fuzz, "\(row)")

        // Tracked as libinput tracks it.
        let r = try TouchParityTests.observe(panel.node) { _, mine in
            #expect(eventually { mine.errors.contains(": jitter filter: ") })
            #expect(mine.errors.contains(fuzzLine) == spec.fuzz, "\(mine.errors)")
            for g in Self.gestures { try panel.play(g) }
        }
        let expected = 1 + 1 + 2 + min(3, panel.contacts) + 1
        #expect(r.libinput.count == expected, "\(spec.name): \(r.raw.0)")
        TouchParityTests.expectSame(r, spec.name)
    }
}

/// A udev property of a device node, from `udevadm info`.
func udevProperty(_ node: String, _ key: String) -> String? {
    guard let udevadm = tool("udevadm"), let p = try? Spawned(udevadm, ["info", "--query=property", node]),
        p.wait(timeout: 10) == 0
    else { return nil }
    return p.output.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
}
