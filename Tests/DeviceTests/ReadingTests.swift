import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Runtime
import Testing

@Suite("Reading through libevdev", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct ReadingTests {
    let k = Kernel.self

    /// Reads (synced) until `count` SYN_REPORTs have arrived or 5 s pass.
    func readFrames(_ reader: EvdevDevice, count: Int, mode: EvdevDevice.ReadMode = .synced) throws -> [(
        InputEvent, Bool
    )] {
        var events: [(InputEvent, Bool)] = []
        var reports = 0
        let deadline = Date().addingTimeInterval(5)
        while reports < count && Date() < deadline {
            _ = waitReadable([reader.fd], timeoutMs: 100)
            _ = try reader.read(mode) { e, sync in
                events.append((e, sync))
                if e.isReport { reports += 1 }
            }
        }
        return events
    }

    @Test func devicesClosedTogetherAreClosedOnceAndTheNodeOpensAgain() throws {
        let device = try UInputDevice(VirtualDevices.multitouch())
        let readers = try (0..<3).map { _ in try EvdevDevice(path: device.devnode) }
        let fds = readers.map(\.fd)
        func node(_ fd: Int32) -> String? {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
        }
        #expect(fds.map(node) == Array(repeating: device.devnode, count: 3))
        EvdevDevice.closeTogether(readers)
        for fd in fds {
            // The number may be another test's file by now, never this node.
            #expect(node(fd) != device.devnode, "descriptor \(fd) no longer holds the node")
        }
        let again = try EvdevDevice(path: device.devnode)  // likely one of the numbers just freed
        EvdevDevice.closeTogether(readers)  // a second time closes nothing, nobody else's descriptor
        #expect(node(again.fd) == device.devnode, "the node opened again stays open")
    }

    @Test func describesTheDeviceAsCreated() throws {
        let wanted = VirtualDevices.multitouch()
        let device = try UInputDevice(wanted)
        let reader = try EvdevDevice(path: device.devnode)
        let d = reader.description
        #expect(d.name == wanted.name)
        #expect(d.id == wanted.id)
        #expect(d.driverVersion == 0x010001)
        #expect(d.properties == wanted.properties)
        #expect(d.codes[k.EV_ABS] == wanted.codes[k.EV_ABS])
        #expect(d.codes[k.EV_KEY] == wanted.codes[k.EV_KEY])
        #expect(d.absInfo[k.ABS_MT_POSITION_X] == wanted.absInfo[k.ABS_MT_POSITION_X])
        #expect(reader.slotCount == 10)
        #expect(d.slotCount == 10)
    }

    @Test func readsFramesAndTracksSlotState() throws {
        let device = try UInputDevice(VirtualDevices.multitouch())
        let reader = try EvdevDevice(path: device.devnode)
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 7), (k.EV_ABS, k.ABS_MT_POSITION_X, 100),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 200), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        let events = try readFrames(reader, count: 1)
        #expect(
            events.map(\.0.code) == [
                k.ABS_MT_TRACKING_ID, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y, k.BTN_TOUCH, k.SYN_REPORT,
            ])
        #expect(events.allSatisfy { !$0.1 })
        #expect(reader.slotValue(slot: 0, code: k.ABS_MT_TRACKING_ID) == 7)
        #expect(reader.slotValue(slot: 0, code: k.ABS_MT_POSITION_Y) == 200)
        #expect(reader.value(type: k.EV_KEY, code: k.BTN_TOUCH) == 1)
    }

    @Test func synDroppedIsResyncedTheLibevdevWay() throws {
        let device = try UInputDevice(VirtualDevices.multitouch())
        let reader = try EvdevDevice(path: device.devnode)
        // Two fingers down, then a flood while nobody reads: the kernel buffer overflows.
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 10),
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2),
            (k.EV_ABS, k.ABS_MT_POSITION_X, 20), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
        for x in 0..<4000 {
            try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x % 4000))])
        }
        try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 4095)])
        var events: [(InputEvent, Bool)] = []
        _ = eventually {
            _ = try? reader.read(.synced) { e, s in events.append((e, s)) }
            return reader.slotValue(slot: 0, code: k.ABS_MT_POSITION_X) == 4095
        }
        let dropped = try #require(events.firstIndex { $0.0.type == k.EV_SYN && $0.0.code == k.SYN_DROPPED })
        #expect(events[dropped].1, "SYN_DROPPED comes as part of the resync")
        let resync = events[(dropped + 1)...].prefix { $0.1 }
        #expect(!resync.isEmpty, "libevdev hands out resync events after SYN_DROPPED")
        #expect(resync.last?.0.isReport == true, "the resync ends with its own SYN_REPORT")
        // State after the gap matches what the device did, including the lifted finger.
        #expect(reader.slotValue(slot: 0, code: k.ABS_MT_POSITION_X) == 4095)
        #expect(reader.slotValue(slot: 0, code: k.ABS_MT_TRACKING_ID) == 1)
        #expect(reader.slotValue(slot: 1, code: k.ABS_MT_TRACKING_ID) == -1)
    }

    @Test func rawModeShowsTheDoubleTrackingIDThatLibevdevFilters() throws {
        let device = try UInputDevice(VirtualDevices.multitouch())
        let raw = try EvdevDevice(path: device.devnode)
        let synced = try EvdevDevice(path: device.devnode)
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, 3), (k.EV_ABS, k.ABS_MT_POSITION_X, 10)])
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, 4)])  // new id on an active slot
        let rawIDs = try readFrames(raw, count: 2, mode: .raw).filter { $0.0.code == k.ABS_MT_TRACKING_ID }.map(
            \.0.value)
        let syncedIDs = try readFrames(synced, count: 2).filter { $0.0.code == k.ABS_MT_TRACKING_ID }.map(\.0.value)
        #expect(rawIDs == [3, 4])
        #expect(syncedIDs == [3])
    }

    @Test func grabGivesExclusiveAccess() throws {
        let device = try UInputDevice(VirtualDevices.singleTouch())
        let owner = try EvdevDevice(path: device.devnode)
        let other = try EvdevDevice(path: device.devnode)
        try owner.grab()
        #expect(throws: DeviceError.system(path: device.devnode, call: "EVIOCGRAB", errno: EBUSY)) { try other.grab() }
        try device.frame([(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_X, 500)])
        #expect(try readFrames(owner, count: 1).contains { ($0.0.code, $0.0.value) == (k.ABS_X, 500) })
        var seen = 0
        _ = try other.read(.synced) { _, _ in seen += 1 }
        #expect(seen == 0, "a grabbed device delivers to its owner only")
        owner.ungrab()
        try device.frame([(k.EV_ABS, k.ABS_X, 600)])
        #expect(try readFrames(other, count: 1).contains { ($0.0.code, $0.0.value) == (k.ABS_X, 600) })
    }

    @Test func unplugIsReportedNotThrown() throws {
        var device: UInputDevice? = try UInputDevice(VirtualDevices.singleTouch())
        let reader = try EvdevDevice(path: device!.devnode)
        device = nil
        var status: EvdevDevice.ReadStatus = .drained
        _ = eventually {
            status = (try? reader.read(.synced) { _, _ in }) ?? .drained
            return status == .unplugged
        }
        #expect(status == .unplugged)
    }

    @Test func openErrorsSayWhatIsWrong() throws {
        #expect(throws: DeviceError.notFound(path: "/dev/input/event999", touchscreens: [])) {
            try EvdevDevice(path: "/dev/input/event999")
        }
        #expect(throws: DeviceError.notEvdev(path: "/dev/null")) { try EvdevDevice(path: "/dev/null") }
    }
}
