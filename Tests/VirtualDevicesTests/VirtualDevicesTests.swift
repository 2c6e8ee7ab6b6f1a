import InputEvents
import Testing
import TouchInput
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

    @Test func aTurnedDisplaysDevicesUndoTheTurnTheMapperMakes() {
        let upright = Size(width: 300, height: 200)
        for turn in ScreenMapper.Rotation.allCases {
            let own = turn.unturned(upright)
            #expect(turn.swapsSides ? own == Size(width: 200, height: 300) : own == upright)
            // A panel in the display's own orientation, one unit a point, mapped upright.
            let x = AbsInfo(minimum: 0, maximum: Int32(own.width) - 1)
            let y = AbsInfo(minimum: 0, maximum: Int32(own.height) - 1)
            let mapper = ScreenMapper(x: x, y: y, rotation: turn, width: upright.width, height: upright.height)
            for p in [Point(x: 0, y: 0), Point(x: 30, y: 170), Point(x: own.width, y: own.height / 4)] {
                let mapped = mapper.map(DevicePoint(x: p.x, y: p.y))
                let back = turn.unturned(Point(x: mapped.x, y: mapped.y), in: upright)
                #expect(abs(back.x - p.x) < 1e-9, "\(turn) \(p) -> \(mapped) -> \(back)")
                #expect(abs(back.y - p.y) < 1e-9, "\(turn) \(p) -> \(mapped) -> \(back)")
            }
        }
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
        #expect(first == nil)
        #expect(second == 1)
        #expect(afterSecond == 10)
        #expect(back == nil, "turned back: counted afresh")
        #expect(afterBack == -50, "turned back: counted afresh")
        #expect(two == -2)
        #expect(rest == -10)
    }
}
