/// Whether another program holds the node for itself (EVIOCGRAB), so nothing else sees its events.
package enum GrabLink {
    /// A process with the node open.
    package struct Holder: Equatable, Sendable {
        package var pid: Int32
        package var command: String

        package init(pid: Int32, command: String) {
            self.pid = pid
            self.command = command
        }
    }

    /// What trying the grab said.
    package enum State: Equatable, Sendable {
        case free
        /// Someone holds it; `holders` are the processes that have it open, as far as this
        /// user may look.
        case grabbed(holders: [Holder])
        /// The node could not be opened to try.
        case unknown(String)
    }

    /// `service` is the running touchbridge service's process, whose grab (`run --grab`) is its
    /// own; `doctor` how the person runs doctor.
    package static func check(_ state: State, service: Int32?, doctor: String = "touchbridge doctor", as s: Subject)
        -> Check
    {
        switch state {
        case .free: return .holds(.grab, "no exclusive grab", of: s)
        case .unknown(let why): return .holds(.grab, "not tried: \(why)", of: s)
        case .grabbed(let holders):
            let others = holders.filter { $0.pid != service && !$0.command.hasPrefix("touchbridge doctor") }
            let named = others.map { "\($0.pid) (\($0.command))" }.joined(separator: ", ")
            if others.isEmpty, let service, holders.contains(where: { $0.pid == service }) {
                return .holds(.grab, "grabbed by the touchbridge service (\(service)), as run --grab asks", of: s)
            }
            guard let first = others.first else {
                return .broken(
                    .grab, "grabbed by a process this user may not see", of: s,
                    problem: "Another program holds an exclusive grab, so no other program gets its events.",
                    fix: "sudo \(doctor) \(s.node ?? "")  # as root, to name the program")
            }
            return .broken(
                .grab, "grabbed; open by \(named)", of: s,
                problem:
                    "Process \(first.pid) (\(first.command)) holds an exclusive grab, so no other program gets its events.",
                fix: "sudo kill \(others.map { String($0.pid) }.joined(separator: " "))")
        }
    }
}
