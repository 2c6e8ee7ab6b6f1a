import ArgumentParser
import Drawing
import Glibc
import Marks
import Output
import Sysexits

/// The fullscreen surface `latency` answers touches on, on the first compositor that gives one.
enum LatencySurface {
    /// The surface; a compositor still starting answers late, so each socket is tried again
    /// for 10 s before the tool gives up (69).
    static func open(observer: LatencyRun) throws -> WaylandSurface {
        let target = DrawingTarget(
            screenWidth: LatencyRun.screen, screenHeight: LatencyRun.screen, turn: .none, connector: nil, card: nil)
        var failures: [String] = []
        let giveUp = LatencyRun.monotonic() + 10
        repeat {
            failures.removeAll()
            for socket in SurfaceOpening.waylandSockets() {
                do {
                    return try WaylandSurface(socket: socket, target: target, passesInput: false, observer: observer)
                } catch { failures.append(error.description) }
            }
            usleep(250_000)
        } while LatencyRun.monotonic() < giveUp
        let why = failures.isEmpty ? "no compositor's socket was found" : failures.joined(separator: "; ")
        Diagnostics.print("touchbridge: latency: no Wayland surface: \(why)", level: .error)
        throw ExitCode(Sysexits.unavailable)
    }
}
