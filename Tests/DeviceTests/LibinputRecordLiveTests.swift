import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `libinput record` beside `touchbridge record` on the same uinput panel in the VM: the YAML
/// and the evemu recording of one session give the same `touches --json` (times aside), and
/// the YAML's udev properties are the panel's.
@Suite(
    "libinput record files from live panels", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct LibinputRecordLiveTests {
    let k = Kernel.self

    @Test func aSessionRecordedByLibinputAndAsEvemuGivesTheSameTouches() throws {
        let libinput = try #require(tool("libinput"), "libinput-tools is not installed")
        // No fuzz: libinput's udev rule would move a fuzz into LIBINPUT_FUZZ_*, which the YAML
        // carries (and touchbridge applies, as live) and an evemu recording cannot.
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Libinput Record Panel"))
        let yaml = temporaryPath("session") + ".yml"
        let evemu = temporaryPath("session") + ".evemu"
        defer {
            unlink(yaml)
            unlink(evemu)
        }
        let theirs = try Spawned(libinput, ["record", "-o", yaml, panel.devnode])
        let mine = try Spawned(touchbridgeExecutable, ["record", panel.devnode, "-o", evemu])
        #expect(eventually { theirs.hasOpen(panel.devnode) }, "libinput record reads the panel")
        #expect(eventually { mine.hasOpen(panel.devnode) }, "touchbridge record reads the panel")
        // A tap, a drag, two fingers.
        func frame(_ e: [(UInt16, UInt16, Int32)]) throws {
            try panel.frame(e)
            usleep(8_000)
        }
        try frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 800), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        try frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        try frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1200),
            (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        for i in 1...6 { try frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 2000 + Int32(i * 90))]) }
        try frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 3), (k.EV_ABS, k.ABS_MT_POSITION_X, 3000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 500),
        ])
        for i in 1...4 { try frame([(k.EV_ABS, k.ABS_MT_POSITION_Y, 500 + Int32(i * 70))]) }
        try frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_ABS, k.ABS_MT_SLOT, 1),
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0),
        ])
        usleep(300_000)
        theirs.signal(SIGINT)
        mine.signal(SIGINT)
        #expect(theirs.wait() == 0, "\(theirs.errors)\n\(mine.errors)")
        #expect(mine.wait() == 0, "\(theirs.errors)\n\(mine.errors)")
        func touches(_ path: String) throws -> [String] {
            let p = try Spawned(touchbridgeExecutable, ["touches", "--json", "--screen", "800x480", path])
            #expect(p.wait() == 0, "\(p.errors)")
            return p.output.split(separator: "\n").map {
                $0.replacingOccurrences(
                    of: #"^\{"t":[0-9.]+,"device":"[^"]*","#, with: "{", options: .regularExpression)
            }
        }
        let fromYAML = try touches(yaml)
        let fromEvemu = try touches(evemu)
        #expect(fromYAML.count >= 30, "\(fromYAML)")
        #expect(fromYAML == fromEvemu)
        // The panel's udev properties came with the YAML.
        let text = try String(contentsOfFile: yaml, encoding: .utf8)
        #expect(text.contains("- ID_INPUT_TOUCHSCREEN=1"), "\(text.prefix(3000))")
        let run = try Spawned(touchbridgeExecutable, ["run", "--screen", "800x480", yaml])
        #expect(
            run.wait() == 0,
            "\(run.output)\n\(run.errors)")
        #expect(
            run.output.contains("deviceAdded \(yaml) \"TB Libinput Record Panel\""),
            "\(run.output)\n\(run.errors)")
    }
}
