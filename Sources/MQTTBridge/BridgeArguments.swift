import ArgumentParser
import ControlProtocol

/// `touchbridge mqtt`'s command line, read by the argument parser as every other command's is
/// (its help, its errors, exit 64); `options` checks and turns it into the bridge's values.
public struct BridgeArguments: ParsableArguments {
    @Option(help: ArgumentHelp("mqtt://HOST[:PORT] (1883), or mqtts://HOST[:PORT] (TLS, 8883).", valueName: "url"))
    public var broker: String

    @Option(
        help: ArgumentHelp(
            "A file of `key = value` lines: username, password, cafile, capath, certfile, keyfile (mode 0600).",
            valueName: "file"))
    public var credentials: String?

    @Option(help: ArgumentHelp("The daemon's event socket.", valueName: "path"))
    public var socket = BridgeOptions().socket

    @Option(help: "The kiosk's id in topics and Home Assistant: letters, digits, '_' and '-' (default: the hostname).")
    public var id: String?

    @Option(help: "The device's name in Home Assistant (default: the hostname).")
    public var name: String?

    @Option(
        name: .customLong("topic"),
        help: ArgumentHelp("The state and command topics' prefix (default: touchbridge/ID).", valueName: "base"))
    public var base: String?

    @Option(help: ArgumentHelp("Home Assistant's discovery prefix.", valueName: "prefix"))
    public var discoveryPrefix = BridgeOptions().discoveryPrefix

    @Option(help: ArgumentHelp("How long the Lock touch button locks touch.", valueName: "seconds"))
    public var lockSeconds = BridgeOptions().lockSeconds

    @Option(help: ArgumentHelp("MQTT keepalive, from 5 to 3600.", valueName: "seconds"))
    public var keepalive = BridgeOptions().keepalive

    @Option(
        help: ArgumentHelp(
            "The action names published as the last action: all, none, or NAME,NAME (a PIN pad's digits are better not).",
            valueName: "list"))
    public var actions = "all"

    @Flag(help: "Publish the last action retained (by default it is not).")
    public var retainActions = false

    @Flag(help: "Clear a retained message on a command topic (it is never obeyed).")
    public var clearRetained = false

    public init() {}

    public mutating func validate() throws {
        if case .failure(let e) = options { throw ValidationError(e.description) }
    }

    /// The bridge's values, or what is wrong with the command line.
    public var options: Result<BridgeOptions, BridgeError> {
        var o = BridgeOptions()
        switch BrokerAddress.parse(broker) {
        case .success(let b): o.broker = b
        case .failure(let e): return .failure(e)
        }
        o.credentials = credentials
        o.socket = socket
        if let id, id.isEmpty || BridgeTopics.sanitizedID(id) != id {
            return .failure(BridgeError("--id takes letters, digits, '_' and '-', not '\(id)'"))
        }
        o.id = id
        o.name = name
        if let base, base.isEmpty || base.contains("#") || base.contains("+") || base.hasSuffix("/") {
            return .failure(
                BridgeError("--topic takes a topic prefix without wildcards or a trailing '/', not '\(base)'"))
        }
        o.base = base
        guard !discoveryPrefix.isEmpty, !discoveryPrefix.contains("#"), !discoveryPrefix.contains("+") else {
            return .failure(
                BridgeError("--discovery-prefix takes a topic prefix without wildcards, not '\(discoveryPrefix)'"))
        }
        o.discoveryPrefix = discoveryPrefix
        guard lockSeconds > 0, lockSeconds <= ControlCommand.longestLock else {
            let most = Int(ControlCommand.longestLock)
            return .failure(BridgeError("--lock-seconds takes seconds above 0, at most \(most) (not '\(lockSeconds)')"))
        }
        o.lockSeconds = lockSeconds
        guard keepalive >= 5, keepalive <= 3600 else {
            return .failure(BridgeError("--keepalive takes whole seconds from 5 to 3600 (not '\(keepalive)')"))
        }
        o.keepalive = keepalive
        let names = actions.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
            return .failure(BridgeError("--actions takes all, none or action names separated by commas"))
        }
        o.actions = actions == "all" ? nil : actions == "none" ? [] : Set(names)
        o.retainActions = retainActions
        o.clearRetained = clearRetained
        return .success(o)
    }
}
