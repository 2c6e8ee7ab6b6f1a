import Foundation
import Glibc
import ProgramTestSupport

/// A compositor of the VM's displays for the marks' tests, as a kiosk runs one: seatd as root,
/// the compositor as `nobody` (sway refuses root) with wlroots' pixman renderer on one GPU,
/// and `grim` to take what the output shows through the compositor's screencopy.
final class MarksCompositor {
    let seatd: Spawned
    let compositor: Spawned
    let runtimeDirectory: String

    static func installed(_ program: String) -> Bool {
        access(program, X_OK) == 0 && access("/usr/bin/grim", X_OK) == 0
    }

    /// Starts `program` (`/usr/bin/sway` with an empty config, or `/usr/bin/cage` running `sleep`) on GPU `drm`.
    /// With `input`, it reads the input devices too (libinput), as a kiosk's does.
    init(_ program: String, drm: String, input: Bool = false) throws {
        runtimeDirectory = "/tmp/tb-marks-\(getpid())"
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true)
        guard let nobody = getpwnam("nobody")?.pointee else { throw SessionError(message: "no user nobody") }
        chown(runtimeDirectory, nobody.pw_uid, nobody.pw_gid)
        chmod(runtimeDirectory, 0o700)
        let config = runtimeDirectory + "/sway.config"
        try "xwayland disable\n".write(toFile: config, atomically: true, encoding: .utf8)
        chown(config, nobody.pw_uid, nobody.pw_gid)
        _ = try Spawned("/bin/udevadm", ["trigger", "--subsystem-match=drm", "--action=add"]).wait(timeout: 30)
        _ = try Spawned("/bin/udevadm", ["settle", "--timeout=10"]).wait(timeout: 30)
        seatd = try Spawned("/usr/sbin/seatd", ["-u", "nobody", "-g", "nogroup"])
        _ = eventually(timeout: 10) { access("/run/seatd.sock", F_OK) == 0 }
        let tail = program.hasSuffix("sway") ? ["-c", config] : ["--", "/bin/sleep", "600"]
        compositor = try Spawned(
            "/usr/bin/setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", "/usr/bin/env",
                "XDG_RUNTIME_DIR=\(runtimeDirectory)", input ? "WLR_BACKENDS=drm,libinput" : "WLR_BACKENDS=drm",
                "WLR_DRM_DEVICES=\(drm)", "WLR_RENDERER=pixman", "LIBSEAT_BACKEND=seatd", "WLR_LIBINPUT_NO_DEVICES=1",
                program,
            ] + tail)
    }

    /// The compositor's socket once it listens.
    func socket(timeout: Double = 60) -> String? {
        var found: String?
        _ = eventually(timeout: timeout) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: self.runtimeDirectory)) ?? []
            found = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            return found != nil
        }
        return found.map { runtimeDirectory + "/" + $0 }
    }

    /// sway's IPC socket once it listens: sway opens it after the Wayland socket, so a caller that
    /// saw the Wayland socket waits here too.
    func swayIPC(timeout: Double = 30) -> String? {
        var found: String?
        _ = eventually(timeout: timeout) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: self.runtimeDirectory)) ?? []
            found = names.first { $0.hasPrefix("sway-ipc") }
            return found != nil
        }
        return found.map { runtimeDirectory + "/" + $0 }
    }

    /// What output `name` shows now, as RGB rows (grim's PPM).
    func screenshot(_ name: String) throws -> Picture {
        let path = runtimeDirectory + "/shot.ppm"
        guard let socket = socket() else { throw SessionError(message: "the compositor has no socket") }
        let grim = try Spawned(
            "/usr/bin/env",
            [
                "XDG_RUNTIME_DIR=\(runtimeDirectory)", "WAYLAND_DISPLAY=\(socket)", "/usr/bin/grim", "-t", "ppm", "-o",
                name, path,
            ])
        guard grim.wait(timeout: 30) == 0 else { throw SessionError(message: "grim: \(grim.errors)") }
        return try Picture(ppm: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    func stop() {
        _ = compositor.stop(timeout: 10)
        _ = try? Spawned("/usr/bin/pkill", ["-KILL", "-u", "nobody"]).wait(timeout: 10)
        _ = seatd.stop(timeout: 5)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

/// An RGB picture read from a binary PPM (P6, maxval 255).
struct Picture {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(ppm bytes: [UInt8]) throws {
        // Header: P6, width, height, maxval, each after white space; then one white space byte.
        var fields: [Int] = []
        var i = 2
        while fields.count < 3 && i < bytes.count {
            while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x0a || bytes[i] == 0x09 || bytes[i] == 0x0d) {
                i += 1
            }
            var n = 0
            while i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                n = n * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            fields.append(n)
        }
        guard bytes.starts(with: [0x50, 0x36]), fields.count == 3, fields[2] == 255 else {
            throw SessionError(message: "not a P6 picture")
        }
        width = fields[0]
        height = fields[1]
        pixels = Array(bytes[(i + 1)...])
        guard pixels.count >= width * height * 3 else { throw SessionError(message: "a short picture") }
    }

    /// The centre of the pixels `matches` picks (their mean), with how many there were.
    func centre(of matches: (UInt8, UInt8, UInt8) -> Bool) -> (x: Double, y: Double, count: Int) {
        var sx = 0.0
        var sy = 0.0
        var n = 0
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 3
                if matches(pixels[o], pixels[o + 1], pixels[o + 2]) {
                    sx += Double(x) + 0.5
                    sy += Double(y) + 0.5
                    n += 1
                }
            }
        }
        return n == 0 ? (0, 0, 0) : (sx / Double(n), sy / Double(n), n)
    }
}

/// What QEMU itself shows of one of the VM's displays (its monitor's screendump, through
/// scripts/vm/screendump.py on the host): a picture no compositor made, as the KMS path's.
enum QEMUScreen {
    /// A screendump of GPU `device` (`gpu0`: the first --displays size); nil outside the VM's runner.
    static func dump(_ device: String) throws -> Picture? {
        guard let job = ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_JOB"] else { return nil }
        let name = "\(job)/shot-\(getpid())-\(device)"
        unlink(name + ".done")
        unlink(name + ".ppm")
        try device.write(toFile: name + ".screendump", atomically: true, encoding: .utf8)
        guard eventually(timeout: 30, { access(name + ".done", F_OK) == 0 }) else {
            throw SessionError(message: "no screendump from the host (scripts/vm/screendump.py)")
        }
        let answer = (try? String(contentsOfFile: name + ".done", encoding: .utf8)) ?? ""
        guard answer.contains("\"return\"") else { throw SessionError(message: "QEMU: \(answer)") }
        return try Picture(ppm: [UInt8](try Data(contentsOf: URL(fileURLWithPath: name + ".ppm"))))
    }
}
