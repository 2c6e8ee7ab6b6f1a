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
        var w = JSONWriter(capacity: 128)
        w.object { o in
            o.fixed("t", time, decimals: 6)
            switch self {
            case .ok: o.string("event", SocketProtocol.Event.ok.rawValue)
            case .failed: o.string("event", SocketProtocol.Event.error.rawValue)
            }
            if let command { o.string(SocketProtocol.Member.command, command) }
            switch self {
            case .ok(let members): o.members(members)
            case .failed(let why): o.string("error", why)
            }
        }
        b.append(bytes: w.buffer.bytes)
        b.append("\n")
    }
}
