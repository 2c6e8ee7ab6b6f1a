import TextBuffers

/// The one line a client gets for each command: `{"t":…,"event":"ok","command":…}` with what
/// the command reports, or `{"t":…,"event":"error","command":…,"error":…}`.
package enum ControlAnswer: Sendable, Equatable {
    /// Done; `members` are further JSON members (`"idle":true,…`), written after `command`.
    case ok(members: String)
    /// Not done, and why; nothing changed.
    case failed(String)

    /// Done, with nothing more to say.
    package static let done = ControlAnswer.ok(members: "")

    /// Done, with the members `body` writes (each field stated once, by key and value).
    package static func ok(_ body: (inout JSONWriter) -> Void) -> ControlAnswer {
        .ok(members: JSONWriter.members(body))
    }

    /// Appends the answer's line for `command` (nil: a line that named no command we know).
    package func write(command: String?, time: Double, into b: inout TextBuffer) {
        b.append("{\"t\":")
        b.append(fixed: time, decimals: 6)
        b.append(",\"event\":")
        switch self {
        case .ok: b.append(jsonString: SocketProtocol.Event.ok.rawValue)
        case .failed: b.append(jsonString: SocketProtocol.Event.error.rawValue)
        }
        if let command {
            b.append(",\"command\":")
            b.append(jsonString: command)
        }
        switch self {
        case .ok(let members) where !members.isEmpty:
            b.append(",")
            b.append(string: members)
        case .ok: break
        case .failed(let why):
            b.append(",\"error\":")
            b.append(jsonString: why)
        }
        b.append("}\n")
    }
}
