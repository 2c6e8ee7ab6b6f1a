/// `touchbridge mqtt`'s command line.
public struct BridgeOptions: Sendable, Equatable {
    public var broker = BrokerAddress(host: "localhost", port: 1883, tls: false)
    /// The file with the broker's username, password and TLS files (nil: none).
    public var credentials: String?
    /// The daemon's event socket.
    public var socket = "/run/touchbridge/events.sock"
    /// The kiosk's id in topics and Home Assistant (nil: from the hostname).
    public var id: String?
    /// The device's name in Home Assistant (nil: the hostname).
    public var name: String?
    /// The state topics' prefix (nil: `touchbridge/ID`).
    public var base: String?
    public var discoveryPrefix = "homeassistant"
    /// How long the "Lock touch" button locks touch.
    public var lockSeconds = 60.0
    /// MQTT keepalive, seconds.
    public var keepalive = 30
    /// `--help`.
    public var help = false

    public init() {}

    public static let usage = """
        usage: touchbridge mqtt --broker mqtt://HOST[:PORT] [--credentials FILE] [--socket PATH]
                                [--id ID] [--name NAME] [--topic BASE] [--discovery-prefix PREFIX]
                                [--lock-seconds S] [--keepalive S]

        Bridges the daemon's event socket to an MQTT broker: the kiosk's state (idle, touch locked,
        last action, panels present, brightness) on BASE/… (default touchbridge/ID), commands from
        BASE/command/blank|wake|lock|unlock|reload and BASE/brightness/set, and Home Assistant's
        discovery under PREFIX/… (default homeassistant), availability by the broker's last will.

          --broker URL            mqtt://HOST[:PORT] (1883) or mqtts://HOST[:PORT] (TLS, 8883)
          --credentials FILE      username, password, cafile, capath, certfile, keyfile (key = value)
          --socket PATH           the daemon's event socket (default /run/touchbridge/events.sock)
          --id ID                 the kiosk's id in topics and Home Assistant (default: the hostname)
          --name NAME             the device's name in Home Assistant (default: the hostname)
          --topic BASE            the state and command topics' prefix (default touchbridge/ID)
          --discovery-prefix P    Home Assistant's discovery prefix (default homeassistant)
          --lock-seconds S        how long the Lock touch button locks (default 60, at most 86400)
          --keepalive S           MQTT keepalive (default 30, 5 to 3600)
        """

    /// Parses the arguments after `mqtt`; the error says what was expected (exit 64).
    public static func parse(_ arguments: [String]) -> Result<BridgeOptions, BridgeError> {
        var o = BridgeOptions()
        var sawBroker = false
        var i = 0
        func value(_ name: String) -> Result<String, BridgeError> {
            i += 1
            guard i < arguments.count else { return .failure(BridgeError("\(name) needs a value\n\(usage)")) }
            return .success(arguments[i])
        }
        while i < arguments.count {
            let a = arguments[i]
            var name = a
            var inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            func take() -> Result<String, BridgeError> { inline.map { .success($0) } ?? value(name) }
            do {
                switch name {
                case "--help", "-h": o.help = true
                case "--broker":
                    o.broker = try BrokerAddress.parse(try take().get()).get()
                    sawBroker = true
                case "--credentials": o.credentials = try take().get()
                case "--socket": o.socket = try take().get()
                case "--id":
                    let id = try take().get()
                    guard !id.isEmpty, BridgeTopics.sanitizedID(id) == id else {
                        throw BridgeError("--id takes letters, digits, '_' and '-', not '\(id)'")
                    }
                    o.id = id
                case "--name": o.name = try take().get()
                case "--topic":
                    let t = try take().get()
                    guard !t.isEmpty, !t.contains("#"), !t.contains("+"), !t.hasSuffix("/") else {
                        throw BridgeError(
                            "--topic takes a topic prefix without wildcards or a trailing '/', not '\(t)'")
                    }
                    o.base = t
                case "--discovery-prefix":
                    let t = try take().get()
                    guard !t.isEmpty, !t.contains("#"), !t.contains("+") else {
                        throw BridgeError("--discovery-prefix takes a topic prefix without wildcards, not '\(t)'")
                    }
                    o.discoveryPrefix = t
                case "--lock-seconds":
                    let v = try take().get()
                    guard let s = Double(v), s > 0, s <= 86_400 else {
                        throw BridgeError("--lock-seconds takes seconds above 0, at most 86400 (not '\(v)')")
                    }
                    o.lockSeconds = s
                case "--keepalive":
                    let v = try take().get()
                    guard let s = Int(v), s >= 5, s <= 3600 else {
                        throw BridgeError("--keepalive takes whole seconds from 5 to 3600 (not '\(v)')")
                    }
                    o.keepalive = s
                default:
                    throw BridgeError("unknown option '\(a)'\n\(usage)")
                }
            } catch let e as BridgeError {
                return .failure(e)
            } catch {
                return .failure(BridgeError("\(error)"))
            }
            i += 1
        }
        if !sawBroker && !o.help { return .failure(BridgeError("--broker is required\n\(usage)")) }
        return .success(o)
    }
}
