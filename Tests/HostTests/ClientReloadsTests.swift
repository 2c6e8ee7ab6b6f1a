import Runtime
import Testing

@testable import Host

/// A client's reload waiting for the fingers: due at the next wake as the last one lifts, and
/// only when one waits.
@Suite("Clients' reloads waiting for the fingers")
struct ClientReloadsTests {
    @Test func theLastLiftArmsTheTimerOnceWhenAReloadWaits() throws {
        let loop = try EventLoop()
        let reloads = ClientReloads()
        var due = 0
        reloads.timer = try loop.timer {
            due += 1
            loop.stop()
        }
        reloads.waitsForLift = true
        reloads.lifted()
        #expect(!reloads.waitsForLift, "told once")
        loop.run(beforeSleep: {})
        #expect(due == 1)
        reloads.lifted()  // nothing waits now
        #expect(!reloads.waitsForLift)
    }

    @Test func aLiftWithNoReloadWaitingArmsNothing() throws {
        let loop = try EventLoop()
        let reloads = ClientReloads()
        var due = 0
        reloads.timer = try loop.timer { due += 1 }
        reloads.lifted()
        let guardTimer = try loop.timer { loop.stop() }
        guardTimer.arm(monotonicSeconds() + 0.05)
        loop.run(beforeSleep: {})
        #expect(due == 0)
    }
}
