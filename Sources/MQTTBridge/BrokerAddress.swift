/// Where the broker is: `mqtt://HOST[:PORT]` (1883 by default) or `mqtts://HOST[:PORT]` (TLS,
/// 8883 by default), as Home Assistant and mosquitto's clients name it.
import Sysexits

public struct BrokerAddress: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// Whether the connection is TLS (`mqtts://`).
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// Parses `text`; the error says what was expected, and never repeats a password written
    /// in it (`mqtt://user:secret@host`).
    public static func parse(_ given: String) -> Result<BrokerAddress, BridgeError> {
        let text = given
        if shown(given) != given {
            return .failure(
                BridgeError(
                    "--broker: the address holds credentials (before its '@'), which are not repeated here: "
                        + "they go in the --credentials file (mode 0600), never on a command line every user's ps shows"
                ))
        }
        let tls: Bool
        let rest: Substring
        if text.hasPrefix("mqtt://") {
            (tls, rest) = (false, text.dropFirst(7))
        } else if text.hasPrefix("mqtts://") {
            (tls, rest) = (true, text.dropFirst(8))
        } else {
            return .failure(BridgeError("--broker: expected mqtt://HOST:PORT or mqtts://HOST:PORT, not '\(text)'"))
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        var host = authority
        var port = tls ? 8883 : 1883
        if authority.hasPrefix("[") {
            // An IPv6 address: [::1]:1883.
            guard let close = authority.firstIndex(of: "]") else {
                return .failure(BridgeError("--broker: an IPv6 address needs its closing ']' in '\(text)'"))
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":", let p = Int(after.dropFirst()) else {
                    return .failure(BridgeError("--broker: expected :PORT after the address in '\(text)'"))
                }
                port = p
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let p = Int(authority[authority.index(after: colon)...]) else {
                return .failure(BridgeError("--broker: the port in '\(text)' is not a number"))
            }
            port = p
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@") else {
            return .failure(
                BridgeError("--broker: expected a host in '\(text)' (credentials go in the --credentials file)"))
        }
        guard port >= 1, port <= 65535 else {
            return .failure(BridgeError("--broker: the port must be from 1 to 65535, not \(port)"))
        }
        return .success(BrokerAddress(host: String(host), port: port, tls: tls))
    }

    /// `text` as it may be said: what stands before an `@` of its authority (a username and
    /// password) replaced by `…`.
    public static func shown(_ text: String) -> String {
        let scheme = text.hasPrefix("mqtt://") ? 7 : text.hasPrefix("mqtts://") ? 8 : 0
        let rest = text.dropFirst(scheme)
        guard let at = rest.prefix(while: { $0 != "/" }).lastIndex(of: "@") else { return text }
        return String(text.prefix(scheme)) + "…" + String(rest[at...])
    }

    /// As a person reads it.
    public var description: String { "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}

/// A mistake in what the bridge was given (its options, its credentials file), said as a
/// person can act on it.
public struct BridgeError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String
    /// The sysexits status: 64 usage, 65 a bad file, 66 a missing one, 77 permission.
    public let exitCode: Int32

    public init(_ description: String, exitCode: Int32 = Sysexits.usage) {
        self.description = description
        self.exitCode = exitCode
    }
}
