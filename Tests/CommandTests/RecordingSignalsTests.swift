import Foundation
import ProgramTestSupport
import Testing

/// A recording played by `run` answers the signals a panel's daemon answers, so a reload can
/// be rehearsed without hardware: SIGUSR1 reports the state, SIGHUP reloads the scene (the
/// touch in flight cancelled first), SIGTERM ends the run with the touches cancelled.
@Suite("A recording answers signals as a panel does")
struct RecordingSignalsTests {
    /// A finger down at 0 that lifts after `seconds`, played at its recorded pace.
    func heldTouch(for seconds: Double) throws -> String {
        var r = RecordingText()
        r.down(0, slot: 0, id: 1, 80, 380)
        r.sync(0)
        r.up(seconds, slot: 0)
        r.sync(seconds)
        return try r.file()
    }

    @Test func sigusr1ReportsAndSighupReloadsTheScene() throws {
        let scene = repositoryDirectory + "/examples/kiosk.json"
        let p = try Spawned(
            touchbridgeExecutable, ["run", "--realtime", "--json", "--scene", scene, try heldTouch(for: 60)])
        defer { _ = p.stop() }
        #expect(p.waitFor("\"touchesBegan\""), "errors: \(p.errors)")
        p.signal(SIGUSR1)
        #expect(eventually { p.errors.contains("state: 1 panel, 1 touch down") }, "errors: \(p.errors)")
        p.signal(SIGHUP)
        #expect(p.waitFor("\"sceneReloaded\""), "output: \(p.output)")
        p.signal(SIGTERM)
        #expect(p.wait() == 0, "errors: \(p.errors)")
        let events = p.output.split(separator: "\n").compactMap { eventName(String($0)) }
        let cancelled = try #require(events.firstIndex(of: "touchesCancelled"), "\(events)")
        let reloaded = try #require(events.firstIndex(of: "sceneReloaded"), "\(events)")
        #expect(cancelled < reloaded, "the touch in flight is cancelled through the old scene first: \(events)")
        #expect(p.errors.contains("scene reloaded"), "errors: \(p.errors)")
    }

    @Test func aBrokenSceneOnSighupKeepsTheOldOne() throws {
        let scene = temporaryPath("scene") + ".json"
        try String(contentsOfFile: repositoryDirectory + "/examples/kiosk.json", encoding: .utf8)
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let p = try Spawned(
            touchbridgeExecutable, ["run", "--realtime", "--json", "--scene", scene, try heldTouch(for: 60)])
        defer { _ = p.stop() }
        #expect(p.waitFor("\"touchesBegan\""), "errors: \(p.errors)")
        try "{ \"windows\": [".write(toFile: scene, atomically: true, encoding: .utf8)
        p.signal(SIGHUP)
        #expect(eventually { p.errors.contains("the scene in service stays") }, "errors: \(p.errors)")
        p.signal(SIGTERM)
        #expect(p.wait() == 0)
        #expect(!p.output.contains("sceneReloaded"), "output: \(p.output)")
    }
}
