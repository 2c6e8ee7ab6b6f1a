import StrictJSON

extension ControlCommand {
    /// A command as a person writes it on a command line: `lock`, `lock=60`, `brightness=0.4`
    /// (or the JSON line itself); the error says what was expected.
    package static func parse(word: String) -> Result<ControlCommand, ClientLineError> {
        if word.first == "{" {
            guard let root = try? JSONParser.parse(Array(word.utf8)), case .object(let members) = root.value else {
                return .failure(ClientLineError("'\(word)' is not a JSON object"))
            }
            return parse(members)
        }
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        func node(_ v: JSONNode.Value) -> JSONNode { JSONNode(value: v, line: 1) }
        let command = (SocketProtocol.Member.command, node(.string(name)))
        guard parts.count == 2 else { return parse([command]) }
        guard let n = Double(parts[1]) else {
            return .failure(ClientLineError("'\(parts[1])' is not a number (as in lock=60 or brightness=0.4)"))
        }
        switch Name(rawValue: name) {
        case .lock: return parse([command, ("seconds", node(.number(n)))])
        case .brightness: return parse([command, ("value", node(.number(n)))])
        default: return .failure(ClientLineError("'\(name)' takes no value (lock=SECONDS, brightness=0.0…1.0 do)"))
        }
    }
}
