import Runtime

/// Who may command the kiosk over the event socket: the daemon's own uid, root, and the members
/// of the control group (`--control-group`, the package's `touchbridge-control`). Reading the
/// socket is for its group; commanding is for fewer, since a command can blank or lock the kiosk.
package struct ControlAccess: Sendable, Equatable {
    /// The daemon's uid.
    package var ownUID: UInt32
    /// The control group's gid and name (nil: no group may command).
    package var group: (gid: UInt32, name: String)?

    package init(ownUID: UInt32, group: (gid: UInt32, name: String)?) {
        self.ownUID = ownUID
        self.group = group
    }

    package static func == (a: ControlAccess, b: ControlAccess) -> Bool {
        a.ownUID == b.ownUID && a.group?.gid == b.group?.gid && a.group?.name == b.group?.name
    }

    /// Nil when the peer (its credentials, and its supplementary groups as it connected) may
    /// command; else why not, for its error line.
    package func refusal(peer: UnixSocket.Peer?, groups: [UInt32]?) -> String? {
        guard let peer else { return "commands need the client's credentials, which the kernel did not give" }
        if peer.uid == ownUID || peer.uid == 0 { return nil }
        if let g = group, peer.gid == g.gid || (groups ?? []).contains(g.gid) { return nil }
        guard let g = group else {
            return "uid \(peer.uid) may not command this daemon: only its own uid (\(ownUID)) and root may"
        }
        return
            "uid \(peer.uid) may not command this daemon: join the group '\(g.name)' (sudo usermod -aG \(g.name) USER, then log in again)"
    }
}
