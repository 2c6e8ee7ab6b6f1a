import Evdev
import InputEvents
import Runtime
import Testing

@Suite("Device errors tell the person at the panel what to do")
struct DeviceErrorTests {
    @Test func permissionNamesTheGroupAndTheRule() {
        let e = DeviceError.permissionDenied(path: "/dev/input/event3")
        #expect(e.exitCode == 77)
        #expect(e.description.contains("'input' group"))
        #expect(e.description.contains("udev/70-touchbridge.rules"))
    }

    @Test func missingDeviceListsTheTouchscreensThereAre() {
        let none = DeviceError.notFound(path: "/dev/input/event9", touchscreens: [])
        #expect(none.exitCode == 66)
        #expect(none.description == "/dev/input/event9: no such device (no touchscreen is connected)")
        let some = DeviceError.notFound(path: "/dev/input/event9", touchscreens: ["/dev/input/event4 (ILITEK Panel)"])
        #expect(some.description.hasSuffix("(touchscreens present: /dev/input/event4 (ILITEK Panel))"))
    }

    @Test func everyCaseHasItsSysexitsCode() {
        #expect(DeviceError.unplugged(path: "x").exitCode == 66)
        #expect(DeviceError.notEvdev(path: "x").exitCode == 66)
        #expect(DeviceError.fileNotAccessible(path: "x").exitCode == 77)
        #expect(DeviceError.uinputUnavailable(permission: true).exitCode == 77)
        #expect(DeviceError.uinputUnavailable(permission: false).exitCode == 66)
        #expect(DeviceError.unsuitable(path: "x", reason: "not a touchscreen").exitCode == 65)
        #expect(
            DeviceError.system(path: "x", call: "read", errno: 5).description == "x: read failed: Input/output error")
    }
}
