import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// The display's own sleep, as a kiosk under sway has it: sway turns the panel's display off
/// (`swaymsg output … dpms off`, what swayidle does), a finger touches, and the daemon — which
/// the kernel never tells of DPMS — swallows that touch and runs the scene's wake command, which
/// turns the display back on; the next touch reaches the app.
@Suite(
    "The display's own sleep",
    .enabled(
        if: DeviceTestGate.enabled && ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"] != nil,
        "needs uinput and the VM's virtio GPUs (make device-test)"), .serialized)
struct DisplaySleepTests {
    let k = Kernel.self
    let dpms = "/sys/class/drm/card1-Virtual-2/dpms"

    func dpmsState() -> String {
        ((try? String(contentsOfFile: dpms, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `swaymsg` as the compositor's user, on its IPC socket.
    func swaymsg(_ session: MarksCompositor, _ arguments: [String]) throws -> Int32? {
        let ipc = try #require(session.swayIPC(), "sway opened no IPC socket: \(session.compositor.errors)")
        return try Spawned(
            "/usr/bin/setpriv",
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/swaymsg", "-s", ipc]
                + arguments
        ).wait(timeout: 30)
    }

    /// A tap in the middle of the panel.
    func tap(_ panel: UInputDevice, id: Int32) throws {
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, 1300),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 800), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        usleep(50_000)
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
    }

    @Test(.enabled(if: MarksCompositor.installed("/usr/bin/sway"), "sway and grim (make test installs them)"))
    func aTouchOnADisplaySwayTurnedOffOnlyWakesItAndTheWakeCommandLightsIt() throws {
        let session = try MarksCompositor("/usr/bin/sway", drm: "/dev/dri/card1")
        defer { session.stop() }
        _ = try #require(session.socket(), "\(session.compositor.errors)")
        let ipc = try #require(session.swayIPC(), "sway opened no IPC socket: \(session.compositor.errors)")
        // The wake command lights the display again, as a kiosk's would (or swayidle's resume).
        let scene = testTemporaryDirectory + "/display-sleep.json"
        try """
        { "screen": [1920, 1080],
          "idle": { "after": 3600,
                    "wake": ["/usr/bin/swaymsg", "-s", "\(ipc)", "output", "Virtual-2", "dpms", "on"] },
          "appDelegate": { "name": "AppDelegate", "actions": ["pay"] },
          "windows": [ { "name": "W", "root": { "name": "App", "subviews": [
            { "name": "Pay", "frame": [0, 0, 1920, 1080],
              "control": { "type": "button", "actions": { "touchUpInside": "pay" } } } ] } } ] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        chmod(scene, 0o644)
        let panel = try DoctorLiveTests.uinputPanel()
        chmod(panel.devnode, 0o666)  // the daemon runs as nobody: scene commands never run as root
        let run = try Spawned(
            "/usr/bin/setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", OtherUsers.touchbridge, "run", "--json",
                "--scene", scene, "--output", "Virtual-2", panel.devnode,
            ])
        defer { _ = run.stop(timeout: 10) }
        #expect(eventually(timeout: 30) { run.output.contains("\"deviceAdded\"") }, "\(run.errors)")
        #expect(dpmsState() == "On")
        #expect(try swaymsg(session, ["output", "Virtual-2", "dpms", "off"]) == 0)
        #expect(eventually(timeout: 10) { dpmsState() == "Off" }, "sway turned the display off: \(dpmsState())")
        try tap(panel, id: 1)
        #expect(
            eventually(timeout: 20) { run.output.contains("\"displayOff\":\"Virtual-2\"") },
            "the touch woke the display: \(run.output) \(run.errors)")
        #expect(eventually(timeout: 20) { dpmsState() == "On" }, "the wake command lit it: \(run.output)")
        #expect(run.output.contains("\"commandStarted\",\"action\":\"wake\""), "\(run.output)")
        #expect(!run.output.contains("\"touchesBegan\""), "the waking touch reached nothing: \(run.output)")
        #expect(!run.output.contains("\"action\":\"pay\""))
        try tap(panel, id: 2)
        #expect(eventually(timeout: 20) { run.output.contains("\"action\":\"pay\"") }, "\(run.output)")
        #expect(run.output.components(separatedBy: "\"event\":\"wake\"").count == 2, "one wake: \(run.output)")
    }
}
