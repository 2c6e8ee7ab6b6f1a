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
    /// The action names published as the last action (nil: every one; empty: none, and the
    /// entity is left out): a PIN pad's digits need not reach every subscriber of the broker.
    public var actions: Set<String>?
    /// Whether the last action is published retained (a subscriber that comes later reads it).
    public var retainActions = false
    /// A retained message on a command topic is cleared (an empty retained message) besides
    /// being ignored.
    public var clearRetained = false
    /// `--help`.
    public var help = false

    public init() {}

    public static let usage = """
        usage: touchbridge mqtt --broker mqtt://HOST[:PORT] [--credentials FILE] [--socket PATH]
                                [--id ID] [--name NAME] [--topic BASE] [--discovery-prefix PREFIX]
                                [--lock-seconds S] [--keepalive S] [--actions all|none|NAME,...]
                                [--retain-actions] [--clear-retained]

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
          --actions LIST          the action names published as the last action: all (default),
                                  none, or NAME,NAME (a PIN pad's digits are better not)
          --retain-actions        publish the last action retained (by default it is not)
          --clear-retained        clear a retained message on a command topic (it is never obeyed)

        Commands come from messages sent now, never retained ones (which the broker would hand
        again at every reconnection). The bridge speaks MQTT 5 and tells the broker the largest
        message it takes (64 KiB); a password goes only over mqtts:// without a warning.
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
                case "--actions":
                    let v = try take().get()
                    let names = v.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
                        throw BridgeError("--actions takes all, none or action names separated by commas")
                    }
                    o.actions = v == "all" ? nil : v == "none" ? [] : Set(names)
                case "--retain-actions": o.retainActions = true
                case "--clear-retained": o.clearRetained = true
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
