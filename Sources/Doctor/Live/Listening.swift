import Discovery
import Evdev
import InputEvents
import Runtime

/// `--listen`: each node read for a while, its frames counted, so a panel that delivers
/// nothing while it is touched is told apart from one that does.
package enum Listening {
    /// What each node delivered in `seconds` (at most 600), read through libevdev in one loop;
    /// `ready` is called once every node is open, when touches start to count.
    package static func listen(_ nodes: [String], seconds: Double, ready: () -> Void) -> [String: EventsLink.Heard] {
        var heard: [String: EventsLink.Heard] = [:]
        var devices: [(String, EvdevDevice)] = []
        for n in nodes {
            do { devices.append((n, try EvdevDevice.openNode(n))) } catch {
                heard[n] = EventsLink.Heard(seconds: seconds, frames: 0, span: 0, failure: "\(error)")
            }
        }
        guard !devices.isEmpty, let loop = try? EventLoop(), let timer = try? loop.timer({ loop.stop() }) else {
            return heard
        }
        var times: [String: (first: Double, last: Double, frames: Int)] = [:]
        var sources: [String: EventLoop.Source] = [:]
        for (node, device) in devices {
            sources[node] = try? loop.watch(device.fd) {
                let status = try? device.read(.synced) { e, _ in
                    guard e.type == Kernel.EV_SYN, e.code == Kernel.SYN_REPORT else { return }
                    let t = e.time.inSeconds
                    let was = times[node] ?? (t, t, 0)
                    times[node] = (was.first, t, was.frames + 1)
                }
                // A node gone (or failing) is read no more; what it delivered until then counts.
                if status == .unplugged || status == nil, let source = sources[node] { loop.remove(source) }
            }
        }
        timer.arm(monotonicSeconds() + min(600, max(0, seconds)))
        ready()
        loop.run(beforeSleep: {})
        for (node, _) in devices {
            let t = times[node]
            heard[node] = EventsLink.Heard(
                seconds: seconds, frames: t?.frames ?? 0, span: (t?.last ?? 0) - (t?.first ?? 0))
        }
        return heard
    }
}
