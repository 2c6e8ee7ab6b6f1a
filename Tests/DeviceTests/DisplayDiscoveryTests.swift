import Discovery
import Displays
import Evdev
import Foundation
import Testing

/// The DRM connectors of the VM's QEMU virtio GPUs (`scripts/vm/run --displays`, whose sizes
/// `make device-test` also hands the tests in TOUCHBRIDGE_VM_DISPLAYS), read through udev: each
/// GPU's one display connected, in its mode, with QEMU's EDID and its size at 100 dpi.
@Suite(
    "DRM connectors through udev",
    .enabled(
        if: ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"] != nil,
        "needs the VM's virtio GPUs (make device-test boots them)"))
struct DisplayDiscoveryTests {
    static let sizes: [Mode] = vmDisplays.map(\.mode)

    @Test func eachVirtioGPUsDisplayIsAConnectedConnectorWithQEMUsEDID() throws {
        let connectors = try DeviceDiscovery().connectors()
        try #require(connectors.count == Self.sizes.count, "\(connectors.map(\.name))")
        for (i, (c, mode)) in zip(connectors, Self.sizes).enumerated() {
            #expect(c.card == "card\(i)")
            #expect(c.name == "Virtual-\(i + 1)")
            #expect(c.type == "Virtual")
            #expect(!c.isBuiltIn)
            #expect(c.connected, "\(c)")
            #expect(c.preferredMode == mode, "\(c)")
            // The kernel's panel orientation, as the VM's kernel command line gave it (video=).
            #expect(c.orientation?.rawValue == vmDisplays[i].orientation, "\(c)")
            #expect(c.orientationProblem == nil, "\(c)")
            let edid = try #require(c.edid, "\(c.name): \(String(describing: c.edidProblem))")
            #expect(edid.make == "RHT", "\(edid)")
            // QEMU gives its displays 100 dpi: the mode's pixels at 100 to the inch, within a millimetre
            // of rounding (or the basic block's centimetres).
            let size = try #require(edid.size)
            let tolerance = size.fromDetailedTiming ? 1.5 : 10
            #expect(abs(Double(size.width) - Double(mode.width) * 0.254) <= tolerance, "\(size)")
            #expect(abs(Double(size.height) - Double(mode.height) * 0.254) <= tolerance, "\(size)")
        }
    }

    @Test func aDisplaysOrientationIsReadOnceAndAgainOnlyWhenItsCardChanges() throws {
        // Each read opens the card (briefly its DRM master): a panel's hotplug, a udev change or a
        // reload must not open every card again.
        let d = try DeviceDiscovery()
        let first = d.connectors()
        try #require(first.count == Self.sizes.count)
        // From here no card can be opened: what the connectors say comes from what was read.
        d.cardDirectory = "/nonexistent"
        let cached = d.connectors()
        #expect(cached.map(\.orientation) == first.map(\.orientation))
        #expect(cached.allSatisfy { $0.orientationProblem == nil }, "\(cached)")
        d.forgetOrientations(ofCards: ["card0"])
        let again = d.connectors()
        #expect(
            again.first { $0.card == "card0" }?.orientationProblem?.contains("cannot open /nonexistent/card0") == true,
            "\(again)")
        #expect(again.filter { $0.card != "card0" }.allSatisfy { $0.orientationProblem == nil })
    }
}
