import Foundation
import Glibc
import ProgramTestSupport

struct SessionError: Error {
    let message: String
}

/// A real Wayland session in the VM, as a kiosk runs one: Debian's seatd (as root) and cage
/// (wlroots, as an unprivileged user), showing Debian's `wev` (or another client) across its outputs, a Wayland
/// client that prints every input event it gets with its surface coordinates. Its outputs: a
/// headless one of 1280x720 first (wlroots' default size) when asked, then the display of the
/// VM's GPU `drm` (wlroots' pixman renderer drives one GPU: a second one fails to start).
final class WaylandSession {
    let seatd: Spawned
    let cage: Spawned
    let runtimeDirectory: String

    /// Whether the VM has what a session needs (`make test` installs them).
    static var isInstalled: Bool {
        let programs: [String] = ["/usr/bin/cage", "/usr/bin/wev", "/usr/sbin/seatd", "/usr/bin/Xwayland"]
        return programs.allSatisfy { access($0, X_OK) == 0 }
    }

    /// Starts the session on the display of GPU `drm` (`/dev/dri/card1`), after a headless
    /// output with `headless`; `cageArguments` go before the client (`-r` turns the outputs).
    init(
        drm: String, headless: Bool = true, cageArguments: [String] = [],
        client: [String] = ["/usr/bin/stdbuf", "-oL", "/usr/bin/wev"]
    ) throws {
        runtimeDirectory = "/tmp/tb-wayland-\(getpid())"
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true)
        guard let nobody = getpwnam("nobody")?.pointee else { throw SessionError(message: "no user nobody") }
        chown(runtimeDirectory, nobody.pw_uid, nobody.pw_gid)
        chmod(runtimeDirectory, 0o700)
        // The GPUs' devices in udev's database, as a booted system has them.
        _ = try Spawned("/bin/udevadm", ["trigger", "--subsystem-match=drm", "--action=add"]).wait(timeout: 30)
        _ = try Spawned("/bin/udevadm", ["settle", "--timeout=10"]).wait(timeout: 30)
        seatd = try Spawned("/usr/sbin/seatd", ["-u", "nobody", "-g", "nogroup"])
        _ = eventually(timeout: 10) { access("/run/seatd.sock", F_OK) == 0 }
        cage = try Spawned(
            "/usr/bin/setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", "/usr/bin/env",
                "XDG_RUNTIME_DIR=\(runtimeDirectory)",
                headless ? "WLR_BACKENDS=headless,drm,libinput" : "WLR_BACKENDS=drm,libinput", "WLR_HEADLESS_OUTPUTS=1",
                "WLR_DRM_DEVICES=\(drm)", "WLR_RENDERER=pixman", "LIBSEAT_BACKEND=seatd", "/usr/bin/cage",
            ] + cageArguments + ["--"] + client)
    }

    /// What the client printed.
    var client: String { cage.output }

    /// Waits until the client's window is shown: its toplevel configured with a size.
    func waitForTheClient(timeout: Double = 90) -> Bool {
        eventually(timeout: timeout) {
            self.client.split(separator: "\n").contains {
                $0.contains("xdg_toplevel] configure: width: ") && !$0.contains("width: 0;")
            }
        }
    }

    /// The surface coordinates of each `wl_touch` down the client got, in order.
    var touchDowns: [(x: Double, y: Double)] { points(after: "wl_touch] down:") }

    /// The surface coordinates of each `wl_pointer` enter and motion the client got, in order.
    var pointerPositions: [(x: Double, y: Double)] {
        client.split(separator: "\n").filter { $0.contains("wl_pointer] enter:") || $0.contains("wl_pointer] motion:") }
            .compactMap { Self.point(in: $0) }
    }

    /// The `wl_pointer` button lines (`button: 272 (left), state: 1 (pressed)`).
    var pointerButtons: [String] {
        client.split(separator: "\n").filter { $0.contains("wl_pointer] button:") }.map(String.init)
    }

    private func points(after marker: String) -> [(x: Double, y: Double)] {
        client.split(separator: "\n").filter { $0.contains(marker) }.compactMap { Self.point(in: $0) }
    }

    /// The `x, y: X, Y` of one of the client's lines.
    private static func point(in line: Substring) -> (x: Double, y: Double)? {
        guard let r = line.range(of: "x, y: ") else { return nil }
        let numbers = line[r.upperBound...].split(separator: ",").map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count >= 2, let x = numbers[0], let y = numbers[1] else { return nil }
        return (x, y)
    }

    /// Ends the client, cage and seatd.
    /// Ends the session and everything it ran: the client outlives cage (wev then spins on its
    /// lost connection, which slowed every later test in the VM), so the user's processes are
    /// killed too (`nobody` runs nothing else in the VM).
    func stop() {
        _ = cage.stop(timeout: 10)
        _ = try? Spawned("/usr/bin/pkill", ["-KILL", "-u", "nobody"]).wait(timeout: 10)
        _ = eventually(timeout: 10) { (try? Spawned("/usr/bin/pgrep", ["-u", "nobody"]).wait(timeout: 10)) == 1 }
        _ = seatd.stop(timeout: 5)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}
