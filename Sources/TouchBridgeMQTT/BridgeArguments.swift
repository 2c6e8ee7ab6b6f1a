import ArgumentParser
import MQTTBridge

/// `touchbridge mqtt`'s command line, read by the argument parser as every other command's is
/// (its help, its errors, exit 64); `options` checks and turns it into the bridge's values.
struct BridgeArguments: ParsableArguments {
    @Option(help: ArgumentHelp("mqtt://HOST[:PORT] (1883), or mqtts://HOST[:PORT] (TLS, 8883).", valueName: "url"))
    var broker: String

    @Option(
        help: ArgumentHelp(
            "A file of `key = value` lines: username, password, cafile, capath, certfile, keyfile (mode 0600).",
            valueName: "file"))
    var credentials: String?

    @Option(help: ArgumentHelp("The daemon's event socket.", valueName: "path"))
    var socket = BridgeOptions().socket

    @Option(help: "The kiosk's id in topics and Home Assistant: letters, digits, '_' and '-' (default: the hostname).")
    var id: String?

    @Option(help: "The device's name in Home Assistant (default: the hostname).")
    var name: String?

    @Option(
        name: .customLong("topic"),
        help: ArgumentHelp("The state and command topics' prefix (default: touchbridge/ID).", valueName: "base"))
    var base: String?

    @Option(help: ArgumentHelp("Home Assistant's discovery prefix.", valueName: "prefix"))
    var discoveryPrefix = BridgeOptions().discoveryPrefix

    @Option(help: ArgumentHelp("How long the Lock touch button locks touch.", valueName: "seconds"))
    var lockSeconds = BridgeOptions().lockSeconds

    @Option(help: ArgumentHelp("MQTT keepalive, from 5 to 3600.", valueName: "seconds"))
    var keepalive = BridgeOptions().keepalive

    @Option(
        help: ArgumentHelp(
            "The action names published as the last action: all, none, or NAME,NAME (a PIN pad's digits are better not).",
            valueName: "list"))
    var actions = "all"

    @Flag(help: "Publish the last action retained (by default it is not).")
    var retainActions = false

    @Flag(help: "Clear a retained message on a command topic (it is never obeyed).")
    var clearRetained = false

    init() {}

    mutating func validate() throws {
        if case .failure(let e) = options { throw ValidationError(e.description) }
    }

    /// The bridge's values, or what is wrong with the command line.
    var options: Result<BridgeOptions, BridgeError> {
        BridgeOptions.checked(
            broker: broker, credentials: credentials, socket: socket, id: id, name: name, base: base,
            discoveryPrefix: discoveryPrefix, lockSeconds: lockSeconds, keepalive: keepalive, actions: actions,
            retainActions: retainActions, clearRetained: clearRetained)
    }
}
