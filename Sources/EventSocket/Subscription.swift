import ControlProtocol
import StrictJSON
import TouchScene

/// What an event-socket client asked for with its one line:
/// `{"subscribe":["action","device"],"format":"text"}` (both members optional; default:
/// every kind, JSON Lines).
package struct Subscription: Sendable, Equatable {
    package var kinds: HandlerLog.Kinds
    package var format: HandlerLog.Format

    package init(kinds: HandlerLog.Kinds = .all, format: HandlerLog.Format = .json) {
        self.kinds = kinds
        self.format = format
    }

    package static func == (a: Subscription, b: Subscription) -> Bool { a.kinds == b.kinds && a.format == b.format }

    /// The line a client sends for this subscription.
    package var line: String {
        SocketProtocol.subscriptionLine(HandlerLog.Kind.allCases.filter(kinds.contains), json: format == .json)
    }

    /// Parses a client's line; the error says what was expected. A socket that serves only
    /// some kinds (`served`) gives a line that names no kinds those, and refuses one that
    /// names another.
    package static func parse(_ line: [UInt8], serving served: HandlerLog.Kinds = .all)
        -> Result<Subscription, ClientLineError>
    {
        switch ClientLine.parse(line, serving: served) {
        case .success(.subscription(let s)): return .success(s)
        case .success(.command): return .failure(ClientLineError("a command, not a subscription"))
        case .failure(let e): return .failure(e)
        }
    }

    /// The subscription in a client's object.
    static func parse(_ members: [(key: String, node: JSONNode)], serving served: HandlerLog.Kinds)
        -> Result<Subscription, ClientLineError>
    {
        var s = Subscription(kinds: served)
        for (key, node) in members {
            switch key {
            case SocketProtocol.Member.subscribe:
                guard case .array(let items) = node.value else {
                    return .failure(ClientLineError("'subscribe' takes an array of kinds"))
                }
                var kinds = HandlerLog.Kinds()
                for item in items {
                    guard case .string(let name) = item.value, let k = HandlerLog.Kind(name: name) else {
                        return .failure(
                            ClientLineError(
                                "unknown kind \(item.kind == "a string" ? "'\(item.stringValue)'" : item.kind) in 'subscribe' (kinds: \(HandlerLog.Kinds.names))"
                            ))
                    }
                    guard served.contains(k) else {
                        let names = HandlerLog.Kind.allCases.filter { served.contains($0) }.map(\.name)
                        return .failure(
                            ClientLineError(
                                "this socket does not serve '\(name)' (it serves: \(names.isEmpty ? "nothing" : names.joined(separator: ", ")))"
                            ))
                    }
                    kinds.insert(HandlerLog.Kinds(k))
                }
                s.kinds = kinds
            case SocketProtocol.Member.format:
                guard case .string(let f) = node.value, f == "json" || f == "text" else {
                    return .failure(ClientLineError("'format' is \"json\" or \"text\""))
                }
                s.format = f == "json" ? .json : .text
            default:
                return .failure(
                    ClientLineError(
                        "unknown member '\(key)' (a client may send 'subscribe' and 'format', or a 'command')"))
            }
        }
        return .success(s)
    }
}

/// One line a client sends: its subscription, or a command (which may not be one this daemon
/// knows: then the client is told, and stays).
package enum ClientLine: Sendable, Equatable {
    case subscription(Subscription)
    case command(Result<ControlCommand, ClientLineError>)

    /// Parses a client's line; the error (a line that is not a JSON object, a subscription
    /// this socket cannot serve) ends the client.
    package static func parse(_ line: [UInt8], serving served: HandlerLog.Kinds = .all)
        -> Result<ClientLine, ClientLineError>
    {
        let root: JSONNode
        do { root = try JSONParser.parse(line) } catch {
            return .failure(ClientLineError("not JSON: expected \(error.expected) at column \(error.column)"))
        }
        guard case .object(let members) = root.value else {
            return .failure(
                ClientLineError(
                    "expected an object such as {\"subscribe\":[\"action\",\"device\"]} or {\"command\":\"state\"}"))
        }
        if members.contains(where: { $0.key == SocketProtocol.Member.command }) {
            return .success(.command(ControlCommand.parse(members.map { ($0.key, $0.node) })))
        }
        return Subscription.parse(members, serving: served).map { .subscription($0) }
    }
}

extension JSONNode {
    fileprivate var stringValue: String {
        if case .string(let s) = value { return s }
        return ""
    }
}
