import Testing
import TouchKit

@testable import VirtualDevices

/// What the virtual devices decide before they write: which contacts the touchscreen carries,
/// and the wheel's classic detents beside its high-resolution units.
@Suite("Virtual devices")
struct VirtualDevicesTests {
    @Test func aVirtualDeviceIsNamedAfterItsPanelAndTheDisplayItIsOn() {
        #expect(VirtualTouchscreen.name(of: "ILITEK Panel", on: "HDMI-A-1") == "touchbridge: ILITEK Panel on HDMI-A-1")
        #expect(VirtualTouchscreen.name(of: "ILITEK Panel", on: nil) == "touchbridge: ILITEK Panel")
        #expect(VirtualPointer.name(of: "ILITEK Panel", on: "eDP-1") == "touchbridge pointer: ILITEK Panel on eDP-1")
        // Every name keeps the prefix touchbridge knows its own devices by.
        #expect(VirtualPointer.name(of: "x", on: "DP-2").hasPrefix(VirtualPointer.namePrefix))
    }

    @Test func theContactLimitCarriesTheFirstFingersAndNeverOneHalfWay() {
        var l = ContactLimit(1)
        func u(_ id: UInt64, _ phase: Touch.Phase) -> TouchUpdate {
            TouchUpdate(identifier: id, phase: phase, location: Point(x: 0, y: 0))
        }
        let steps: [(UInt64, Touch.Phase)] = [
            (1, .began), (2, .began), (1, .moved), (2, .moved), (1, .ended), (2, .moved),
            (3, .began), (2, .ended), (3, .cancelled),
        ]
        let admitted = steps.map { l.admits(u($0.0, $0.1)) }
        // A second finger is left out, and stays out after the first lifts; a new finger takes the free place.
        #expect(admitted == [true, false, true, false, true, false, true, false, true])
        var none = ContactLimit(nil)
        let all = (1...12).map { none.admits(u(UInt64($0), .began)) }
        #expect(all.allSatisfy { $0 })
    }

    @Test func classicDetentsFollowTheHighResolutionUnitsAsTheKernelSendsThem() {
        var rest: Int32 = 0
        let first = VirtualPointer.detents(100, rest: &rest)
        let second = VirtualPointer.detents(30, rest: &rest)
        let afterSecond = rest
        let back = VirtualPointer.detents(-50, rest: &rest)
        let afterBack = rest
        let two = VirtualPointer.detents(-200, rest: &rest)
        #expect(first == nil && second == 1 && afterSecond == 10)
        #expect(back == nil && afterBack == -50, "turned back: counted afresh")
        #expect(two == -2 && rest == -10)
    }
}
