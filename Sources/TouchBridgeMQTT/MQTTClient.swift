import CMosquitto
import Glibc
import Sysexits

/// libmosquitto's client, driven by the bridge's own epoll loop (no thread of its own): its
/// socket is watched, read and written when ready, and its keepalive kept by a timer.
final class MQTTClient {
    private let handle: OpaquePointer
    /// The broker accepted the connection (`rc` 0) or refused it (why).
    var connected: (_ rc: Int32) -> Void = { _ in }
    /// The connection ended (`rc` 0: asked for).
    var disconnected: (_ rc: Int32) -> Void = { _ in }
    /// A message on a subscribed topic: its payload (nil when larger than `largestMessage`,
    /// which a broker that breaks MQTT 5's limit may still send), and whether it was retained.
    var received: (_ topic: String, _ payload: [UInt8]?, _ retained: Bool) -> Void = { _, _, _ in }

    /// The largest packet the bridge takes, told to the broker at each connection (MQTT 5's
    /// Maximum Packet Size): a larger message is withheld by the broker, never held here.
    static let largestMessage = 64 << 10

    /// A client with `id` (a clean session: the bridge subscribes anew at each connection).
    init(id: String) throws(BridgeFailure) {
        mosquitto_lib_init()
        guard let h = mosquitto_new(id, true, nil) else { throw BridgeFailure("mosquitto: cannot make a client") }
        handle = h
        mosquitto_user_data_set(h, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_int_option(h, MOSQ_OPT_PROTOCOL_VERSION, Int32(MQTT_PROTOCOL_V5))
        mosquitto_connect_callback_set(h) { _, obj, rc in
            guard let obj else { return }
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().connected(rc)
        }
        mosquitto_disconnect_callback_set(h) { _, obj, rc in
            guard let obj else { return }
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().disconnected(rc)
        }
        mosquitto_message_callback_set(h) { _, obj, message in
            guard let obj, let m = message?.pointee, let topic = m.topic else { return }
            let count = Int(max(0, m.payloadlen))
            let payload: [UInt8]? =
                count > MQTTClient.largestMessage
                ? nil : m.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue().received(
                String(String(cString: topic).prefix(256)), payload, m.retain)
        }
    }

    deinit {
        mosquitto_destroy(handle)
        mosquitto_lib_cleanup()
    }

    /// What the broker publishes for the bridge when it goes without saying goodbye.
    func will(topic: String, payload: String) throws(BridgeFailure) {
        try check(mosquitto_will_set(handle, topic, Int32(payload.utf8.count), payload, 1, true), "its last will")
    }

    func credentials(username: String?, password: String?) throws(BridgeFailure) {
        try check(mosquitto_username_pw_set(handle, username, password), "its username")
    }

    /// TLS with the broker, checked against `cafile` or `capath` (the system's when both are nil),
    /// with a client certificate when given.
    func tls(cafile: String?, capath: String?, certfile: String?, keyfile: String?) throws(BridgeFailure) {
        let ca = cafile ?? (capath == nil ? "/etc/ssl/certs/ca-certificates.crt" : nil)
        try check(mosquitto_tls_set(handle, ca, capath, certfile, keyfile, nil), "TLS")
    }

    /// Connects (resolving the host and the TCP connection block; the rest goes on in the
    /// loop), telling the broker the largest packet the bridge takes; later connections
    /// (`reconnect`) tell it again.
    func connect(host: String, port: Int, keepalive: Int) -> Int32 {
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        let rc = mosquitto_property_add_int32(
            &properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(Self.largestMessage))
        guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return rc }
        return mosquitto_connect_bind_v5(handle, host, Int32(port), Int32(keepalive), nil, properties)
    }

    /// Connects again to the same broker.
    func reconnect() -> Int32 { mosquitto_reconnect_async(handle) }

    func disconnect() { mosquitto_disconnect(handle) }

    /// Its socket (-1 when not connected).
    var socket: Int32 { mosquitto_socket(handle) }
    var wantsWrite: Bool { mosquitto_want_write(handle) }

    func read() -> Int32 { mosquitto_loop_read(handle, 1) }
    func write() -> Int32 { mosquitto_loop_write(handle, 1) }
    /// Keepalive and retries; called at least once per keepalive.
    func misc() -> Int32 { mosquitto_loop_misc(handle) }

    /// Publishes `payload` on `topic` (QoS 1), retained when asked.
    @discardableResult
    func publish(_ topic: String, _ payload: String, retain: Bool = true) -> Int32 {
        mosquitto_publish(handle, nil, topic, Int32(payload.utf8.count), payload, 1, retain)
    }

    @discardableResult
    func subscribe(_ topic: String) -> Int32 { mosquitto_subscribe(handle, nil, topic, 1) }

    /// What `misc` says while the connection is still being made.
    static let notConnected = Int32(MOSQ_ERR_NO_CONN.rawValue)

    /// libmosquitto's words for `rc`.
    static func describe(_ rc: Int32) -> String {
        if rc == Int32(MOSQ_ERR_ERRNO.rawValue) { return String(cString: strerror(errno)) }
        return String(cString: mosquitto_strerror(rc))
    }

    /// The broker's words for a refused connection (an MQTT 5 reason code).
    static func describeRefusal(_ rc: Int32) -> String { String(cString: mosquitto_reason_string(rc)) }

    private func check(_ rc: Int32, _ what: String) throws(BridgeFailure) {
        guard rc != Int32(MOSQ_ERR_SUCCESS.rawValue) else { return }
        throw BridgeFailure("mosquitto: \(what): \(Self.describe(rc))")
    }
}

/// What stops the bridge, with its sysexits status.
struct BridgeFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32
    init(_ description: String, exitCode: Int32 = Sysexits.software) {
        self.description = description
        self.exitCode = exitCode
    }
}
