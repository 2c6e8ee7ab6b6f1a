import Evdev
import Foundation
import InputEvents
import PipelineTestSupport
import Runtime
import Testing
import TouchKit

@testable import Host
@testable import TouchBridge
@testable import TouchScene

/// The loop around an application built in code, on recordings: views subclassed in Swift
/// get the touches, recognizers and timers run on recorded time, the log has what the loop
/// writes, errors map to sysexits.
@Suite("Kiosk: an application built in code")
struct KioskTests {
    /// A view that writes down what it gets, in its own coordinates.
    final class Recorder: View {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
        private func note(_ phase: String, _ touches: Set<Touch>) {
            for t in touches {
                let p = t.location(in: self)
                calls.append("\(phase) (\(Int(p.x.rounded())),\(Int(p.y.rounded())))")
            }
        }
    }

    /// One window of the screen's size; `Pad` at (100, 100, 200, 200) with a long press.
    func makeApp(_ screen: Size, pad: Recorder, pressed: @escaping (Double) -> Void) -> Application {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height), name: "Main")
        let vc = ViewController(name: "Root")
        window.rootViewController = vc
        vc.view.addSubview(pad)
        pad.addGestureRecognizer(
            LongPressGestureRecognizer(name: "hold", target: nil) { [unowned app] r in
                if r.state == .began { pressed(app.timers.now) }  // the app holds the recognizer
            })
        app.addWindow(window)
        window.makeKeyAndVisible()
        return app
    }

    @Test func aRecordingPlaysThroughAnApplicationBuiltInCode() throws {
        var r = TestRecording()
        r.tap(at: 1.0, id: 1, 150, 150)  // on the pad
        r.down(at: 2.0, id: 2, 200, 200)  // held: the long press begins at 2.5
        r.up(at: 3.0)
        r.tap(at: 4.0, id: 3, 600, 400)  // off the pad
        let file = try r.file()
        defer { unlink(file) }
        let pad = Recorder(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "Pad")
        var pressedAt: [Double] = []
        var screens: [Size] = []
        var logged = ""
        let kiosk = Kiosk(sources: [file])
        kiosk.options.screen = Size(width: 800, height: 480)
        kiosk.log = .text { logged += $0 }
        #expect(kiosk.playsRecordings)
        try kiosk.run { screen in
            screens.append(screen)
            return makeApp(screen, pad: pad) { pressedAt.append($0) }
        }
        #expect(screens == [Size(width: 800, height: 480)], "built once, for the screen asked for")
        #expect(
            pad.calls == ["began (50,50)", "ended (50,50)", "began (100,100)", "cancelled (100,100)"],
            "the long press cancels the held touch in the view: \(pad.calls)")
        #expect(pressedAt == [2.5], "the timer fired at recorded time: \(pressedAt)")
        let lines = logged.split(separator: "\n")
        #expect(
            lines.count == 2,
            "the loop's own lines: \(logged)")
        #expect(
            lines[0].contains("deviceAdded"),
            "the loop's own lines: \(logged)")
        #expect(
            lines[1].contains("deviceRemoved"),
            "the loop's own lines: \(logged)")
        #expect(kiosk.pipeline?.scene.app.windows.first?.name == "Main")
    }

    @Test func theAppsOwnTimersRunOnTheRecordingsClock() throws {
        var r = TestRecording()
        r.tap(at: 10.0, id: 1, 400, 240)
        r.tap(at: 12.0, id: 2, 400, 240)
        let file = try r.file()
        defer { unlink(file) }
        var fired: [Double] = []
        let kiosk = Kiosk(sources: [file])
        kiosk.log = .discarded
        try kiosk.run { screen in
            let app = Application()
            let w = Window(frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
            app.addWindow(w)
            w.makeKeyAndVisible()
            // A clock tick a second, from the first event on: 10.0 (the schedule's start) + 1, + 2.
            app.timers.schedule(after: 0) {
                func tick() {
                    fired.append(app.timers.now)
                    if fired.count < 3 { app.timers.schedule(after: 1, tick) }
                }
                app.timers.schedule(after: 1, tick)
            }
            return app
        }
        #expect(fired.count == 3, "\(fired)")
        #expect(zip(fired, fired.dropFirst()).allSatisfy { abs($1 - $0 - 1) < 1e-9 }, "\(fired)")
        #expect((fired.last ?? 0) <= 12.05 + 1e-9, "no timer fires after the last event: \(fired)")
    }

    @Test func errorsMapToSysexits() throws {
        let kiosk = Kiosk(sources: ["/nonexistent/recording.evemu"])
        kiosk.log = .discarded
        #expect(throws: DeviceError.self) { try kiosk.run { _ in Application() } }
        do { try kiosk.run { _ in Application() } } catch { #expect(Kiosk.exitCode(for: error) == 66) }
        let bad = NSTemporaryDirectory() + "tb-bad-\(UUID().uuidString).evemu"
        try "# EVEMU 1.3\nN: x\nE: nonsense\n".write(toFile: bad, atomically: true, encoding: .utf8)
        defer { unlink(bad) }
        let broken = Kiosk(sources: [bad])
        broken.log = .discarded
        do {
            try broken.run { _ in Application() }
            Issue.record("a malformed recording is refused")
        } catch {
            #expect(Kiosk.exitCode(for: error) == 65, "\(error)")
        }
    }

    @Test func anAppsOptionsAreTheLoopsWithEverythingElseRunsDefault() {
        var o = Kiosk.Options()
        o.screen = Size(width: 800, height: 480)
        o.rotation = .quarter
        o.grab = true
        o.keys = true
        o.realtime = true
        let run = o.runOptions
        #expect(run.screen == Size(width: 800, height: 480))
        #expect(run.rotation == .quarter)
        #expect(run.grab)
        #expect(run.keys)
        #expect(run.realtime)
        #expect(run.socketPath == nil, "the event socket is the daemon's, not an app's")
        #expect(!run.virtualTouchscreen)
        #expect(run.metricsFile == nil)
    }
}
