import Glibc
import Marks

/// Opens the surface marks go on, trying what `SurfaceChoice` lists in order.
package enum SurfaceOpening {
    /// The surface, or nil with why none could be had (nil reason: the terminal was asked for).
    /// `passesInput`: touches go through to what runs beneath (an overlay that only shows).
    package static func open(target: DrawingTarget, passesInput: Bool, noDraw: Bool) -> (
        surface: DrawingSurface?, reason: String?
    ) {
        var facts = SurfaceChoice.Facts()
        facts.noDraw = noDraw
        facts.waylandSockets = waylandSockets()
        if let card = target.card, let connector = target.connector { facts.display = (card, connector) }
        var failures: [String] = []
        for choice in SurfaceChoice.candidates(facts) {
            switch choice {
            case .wayland(let socket):
                do { return (try WaylandSurface(socket: socket, target: target, passesInput: passesInput), nil) } catch
                {
                    failures.append(error.description)
                }
            case .kms(let card, let connector):
                do { return (try KMSSurface(card: card, connector: connector, target: target), nil) } catch {
                    failures.append(error.description)
                }
            case .terminal(let reason):
                guard let reason else { return (nil, nil) }
                return (nil, failures.isEmpty ? reason : failures.joined(separator: ", "))
            }
        }
        return (nil, nil)
    }

    /// The compositors' sockets: $WAYLAND_DISPLAY's first (absolute, or in $XDG_RUNTIME_DIR),
    /// then the `wayland-N` sockets of this user's runtime directory (`/run/user/UID`); root
    /// also tries those of the seat's session owner (logind's active user of seat0), whose
    /// compositor a tool started by ssh beside a kiosk is there for. No other user's socket is
    /// ever tried: whoever runs a compositor answers the tool, and its figures and surface are
    /// that user's to fake (each one bounded: `WaylandSurface.answerTimeout`).
    package static func waylandSockets(
        uid: uid_t = geteuid(), runUser: String = "/run/user", seatOwner: uid_t? = SeatOwner.active()
    ) -> [String] {
        var out: [String] = []
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        if let name = getenv("WAYLAND_DISPLAY").map({ String(cString: $0) }), !name.isEmpty {
            if name.hasPrefix("/") {
                out.append(name)
            } else if let runtime {
                out.append(runtime + "/" + name)
            }
        }
        var users = ["\(uid)"]
        if uid == 0, let owner = seatOwner, owner != 0 { users.append("\(owner)") }
        for dir in users.map({ runUser + "/" + $0 }) {
            for name in entries(dir).sorted() where name.hasPrefix("wayland-") && !name.hasSuffix(".lock") {
                let path = dir + "/" + name
                var st = stat()
                if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFSOCK, !out.contains(path) { out.append(path) }
            }
        }
        return out.filter { path in
            var st = stat()
            return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFSOCK
        }
    }

    /// The names in `dir`, bounded; none when it cannot be read.
    private static func entries(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while out.count < 256, let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }
}

/// Who owns the seat's session: the user whose compositor drives the displays.
package enum SeatOwner {
    /// logind's active user of seat0 (`ACTIVE_UID=` in /run/systemd/seats/seat0); nil without
    /// logind or an active session.
    package static func active(_ path: String = "/run/systemd/seats/seat0") -> uid_t? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        for line in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("ACTIVE_UID=") {
            return uid_t(line.dropFirst("ACTIVE_UID=".count))
        }
        return nil
    }
}
