/// What the broker asks of the bridge, kept in a file apart from its command line (which any
/// user can read in `ps`): `username`, `password`, and for TLS `cafile` (or `capath`),
/// `certfile` and `keyfile`, one `key = value` a line; `#` begins a comment.
import Sysexits

public struct BridgeCredentials: Sendable, Equatable {
    public var username: String?
    public var password: String?
    public var cafile: String?
    public var capath: String?
    public var certfile: String?
    public var keyfile: String?

    public init() {}

    static let keys = ["username", "password", "cafile", "capath", "certfile", "keyfile"]

    /// Parses the file's text; errors name `file:line` and what was expected.
    public static func parse(_ text: String, file: String) -> Result<BridgeCredentials, BridgeError> {
        var c = BridgeCredentials()
        var seen: Set<String> = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.first == "#" { continue }
            guard let eq = line.firstIndex(of: "=") else {
                return .failure(
                    BridgeError(
                        "\(file):\(n + 1): expected key = value (keys: \(keys.joined(separator: ", ")))",
                        exitCode: Sysexits.dataError))
            }
            let key = String(line[..<eq]).trimmingCharacters(in: " \t")
            let value = String(line[line.index(after: eq)...]).trimmingCharacters(in: " \t\r")
            guard keys.contains(key) else {
                return .failure(
                    BridgeError(
                        "\(file):\(n + 1): unknown key '\(key)' (keys: \(keys.joined(separator: ", ")))",
                        exitCode: Sysexits.dataError))
            }
            guard seen.insert(key).inserted else {
                return .failure(BridgeError("\(file):\(n + 1): '\(key)' is given twice", exitCode: Sysexits.dataError))
            }
            guard !value.isEmpty else {
                return .failure(BridgeError("\(file):\(n + 1): '\(key)' has no value", exitCode: Sysexits.dataError))
            }
            switch key {
            case "username": c.username = value
            case "password": c.password = value
            case "cafile": c.cafile = value
            case "capath": c.capath = value
            case "certfile": c.certfile = value
            default: c.keyfile = value
            }
        }
        if c.password != nil && c.username == nil {
            return .failure(BridgeError("\(file): a password needs its username", exitCode: Sysexits.dataError))
        }
        if (c.certfile == nil) != (c.keyfile == nil) {
            return .failure(
                BridgeError(
                    "\(file): certfile and keyfile go together (a client certificate and its key)",
                    exitCode: Sysexits.dataError))
        }
        return .success(c)
    }

    /// Whether the file names anything TLS needs.
    public var asksForTLS: Bool { cafile != nil || capath != nil || certfile != nil }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let s = Set(set)
        return String(drop { s.contains($0) }.reversed().drop { s.contains($0) }.reversed())
    }
}
