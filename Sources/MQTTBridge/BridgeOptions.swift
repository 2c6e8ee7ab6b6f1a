import ControlProtocol

/// `touchbridge mqtt`'s command line.
public struct BridgeOptions: Sendable, Equatable {
    public var broker = BrokerAddress(host: "localhost", port: 1883, tls: false)
    /// The file with the broker's username, password and TLS files (nil: none).
    public var credentials: String?
    /// The daemon's event socket.
    public var socket = SocketProtocol.defaultPath
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
    public init() {}
}
