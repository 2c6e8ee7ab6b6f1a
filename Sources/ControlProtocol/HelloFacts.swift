import StrictJSON

/// What a client learns from the socket's first line, read once for every reader (`listen`'s
/// summary, the MQTT bridge): the protocol, the devices, the scene, the touches down, the
/// kinds served and whether the kiosk is idle or locked.
package struct HelloFacts: Sendable, Equatable {
    package var version: Int?
    /// The devices' nodes, with their kind (`touchscreen`, `accelerometer`, `keys`).
    package var devices: [(node: String, kind: String)] = []
    package var scene: String?
    /// The touches down; nil when the socket does not serve `touches`.
    package var touchesDown: Int?
    /// The kinds the socket serves; nil from a daemon that does not say (it serves all).
    package var serves: [String]?
    package var idle = false
    package var locked = false

    package static func == (a: Self, b: Self) -> Bool {
        a.version == b.version && a.devices.map(\.node) == b.devices.map(\.node)
            && a.devices.map(\.kind) == b.devices.map(\.kind) && a.scene == b.scene && a.touchesDown == b.touchesDown
            && a.serves == b.serves && a.idle == b.idle && a.locked == b.locked
    }

    /// The facts of `line`; nil when it is not a hello line.
    package static func read(_ line: [UInt8]) -> HelloFacts? {
        guard line.count < 1 << 16, let root = try? JSONParser.parse(line),
            case .string(let event)? = root.child(SocketProtocol.Key.event)?.value,
            event == SocketProtocol.Event.hello.rawValue
        else { return nil }
        return HelloFacts(root)
    }

    typealias Key = SocketProtocol.Key

    /// The facts of a hello line already parsed.
    package init(_ root: JSONNode) {
        if case .number(let p)? = root.child(Key.version)?.value, p >= 0, p < 1_000_000 { version = Int(p) }
        if case .array(let list)? = root.child(Key.devices)?.value {
            devices = list.compactMap { d in
                guard case .string(let node)? = d.child(Key.device)?.value else { return nil }
                if case .string(let kind)? = d.child(Key.kind)?.value { return (node, kind) }
                return (node, "")
            }
        }
        if case .string(let s)? = root.child(Key.scene)?.value { scene = s }
        if case .array(let t)? = root.child(Key.touches)?.value { touchesDown = t.count }
        if case .array(let kinds)? = root.child(Key.serves)?.value {
            serves = kinds.compactMap { k in
                if case .string(let s) = k.value { return s }
                return nil
            }
        }
        if case .bool(let i)? = root.child(Key.idle)?.value { idle = i }
        if case .bool(let l)? = root.child(Key.locked)?.value { locked = l }
    }
}
