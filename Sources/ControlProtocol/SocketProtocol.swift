import TextBuffers

/// The event socket's protocol as both ends know it: its version, the schema its lines follow,
/// and the events that are not the handler log's (the first line, a command's answers).
package enum SocketProtocol {
    /// The protocol's version: the first line's `protocol`. 2: clients may send commands,
    /// answered by `ok` and `error` lines; `lock` and `unlock` lines; `cause` on `idle` and
    /// `wake`. 3: a socket that does not serve `touches` tells no finger's or pen's place
    /// (`touches` null in hello, no place on `wake`).
    package static let version = 3
    /// The handler log schema's `$id`: every line after `hello` follows it.
    package static let schemaID = "https://github.com/touchbridge/touchbridge/schema/handler-log.schema.json"

    /// The `event` of the socket's own lines.
    package enum Event: String, Sendable {
        /// The first line a client gets: what it needs to know of the state.
        case hello
        /// A command done.
        case ok
        /// A command, or a line, refused.
        case error
    }

    /// The members of a client's line: a subscription's, and a command's (whose others are
    /// its own: `seconds`, `value`, `display`).
    package enum Member {
        package static let subscribe = "subscribe"
        package static let format = "format"
        package static let command = "command"
    }
}

extension SocketProtocol {
    /// The line a client sends to take `kinds` (in the protocol's order), as JSON or text
    /// lines (nil: the socket's default format).
    package static func subscriptionLine(_ kinds: [LineKind], json: Bool?) -> String {
        var w = JSONWriter(capacity: 160)
        w.object { o in
            o.strings(Member.subscribe, LineKind.allCases.filter(kinds.contains).map(\.name))
            if let json { o.string(Member.format, json ? "json" : "text") }
        }
        return w.string + "\n"
    }
}

/// What a client's line got wrong, said in the `error` line it is answered with.
package struct ClientLineError: Error, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ d: String) { description = d }
}

/// How long any duration touchbridge takes may last — a scene's idle time and command timeouts,
/// a lock, qualify's quiet step: a day. A longer one is a mistake, not a setting, and a bound
/// keeps any number from a file or a client away from the kernel's timers' limits.
public enum Durations {
    /// A day, in seconds.
    public static let longest = 86_400.0
}
