/// The touchbridge service: running, reading this panel, its socket answering, its last warnings.
package struct ServiceFacts: Equatable, Sendable {
    /// systemd's `LoadState` and `ActiveState` (nil: no systemd).
    package var loadState: String?
    package var activeState: String?
    package var mainPID: Int32?
    /// Whether its process has this node open (nil: could not look).
    package var holdsNode: Bool?
    /// Whether its event socket accepts a connection (nil: it has none, or could not try).
    package var socketAnswers: Bool?
    package var socket: String?
    /// The journal's last warnings of the unit.
    package var warnings: [String]

    package init(
        loadState: String?, activeState: String?, mainPID: Int32?, holdsNode: Bool?, socketAnswers: Bool?,
        socket: String?, warnings: [String]
    ) {
        self.loadState = loadState
        self.activeState = activeState
        self.mainPID = mainPID
        self.holdsNode = holdsNode
        self.socketAnswers = socketAnswers
        self.socket = socket
        self.warnings = warnings
    }
}

package enum ServiceLink {
    static let unit = "touchbridge.service"

    package static func check(_ f: ServiceFacts, tagged: Bool, as s: Subject) -> Check {
        guard let load = f.loadState else { return .holds(.service, "no systemd: the service is not in use", of: s) }
        if load == "not-found" { return .holds(.service, "\(unit) is not installed (run by hand)", of: s) }
        let warned = f.warnings.isEmpty ? "" : "; last warnings: " + f.warnings.suffix(3).joined(separator: " | ")
        let state = "\(unit) \(f.activeState ?? "unknown")" + (f.mainPID.map { " (\($0))" } ?? "")
        switch f.activeState {
        case "active":
            if tagged, f.holdsNode == false {
                return .broken(
                    .service, state + ", not reading it" + warned, of: s,
                    problem:
                        "The service runs but does not read this panel (it started before the panel, or its scene or options leave it out).",
                    fix: "sudo systemctl restart \(unit)")
            }
            if f.socketAnswers == false {
                return .broken(
                    .service, state + ", socket \(f.socket ?? "") does not answer" + warned, of: s,
                    problem: "The service's event socket does not answer, so kiosk apps get no touches from it.",
                    fix: "sudo systemctl restart \(unit)")
            }
            let reads =
                f.holdsNode == true ? ", reads it" : (f.holdsNode == nil ? ", its files not visible to this user" : "")
            return .holds(.service, state + reads + (f.socketAnswers == true ? ", socket answers" : "") + warned, of: s)
        case "failed":
            return .broken(
                .service, state + warned, of: s, problem: "The service failed.",
                fix: "sudo systemctl restart \(unit) && journalctl -u \(unit) -b -n 20 --no-pager")
        default:
            guard tagged else {
                return .holds(.service, state + " (this device is not a panel it takes)" + warned, of: s)
            }
            return .broken(
                .service, state + warned, of: s,
                problem: "The service is installed but not running, so nothing reads the panel.",
                fix: "sudo systemctl enable --now \(unit)")
        }
    }
}
