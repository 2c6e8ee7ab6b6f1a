import StrictJSON

/// What is wrong with a value of a scene, at its key path (`windows[0].root.frame`).
struct SceneDecodingError: Error {
    var codingPath: [any CodingKey]
    var message: String

    /// The path as written in messages: `windows[0].root.subviews[2].frame`.
    var keyPath: String { SceneDecodingError.render(codingPath) }

    static func render(_ path: [any CodingKey]) -> String {
        var s = ""
        for key in path {
            if let i = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(i)" {
                s += "[\(i)]"
            } else {
                s += s.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return s.isEmpty ? "(top level)" : s
    }
}

/// An array index or a member name met while decoding.
struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

extension Decoder {
    /// An error about the value being decoded, with a message saying what was expected.
    func failure(_ message: String) -> SceneDecodingError {
        SceneDecodingError(codingPath: codingPath, message: message)
    }
}

extension KeyedDecodingContainerProtocol {
    /// An error about the member `key`.
    func failure(_ key: Key, _ message: String) -> SceneDecodingError {
        SceneDecodingError(codingPath: codingPath + [key], message: message)
    }
}

/// A `Decoder` over a parsed JSON tree, strict where a hand-written file needs it: a member
/// name the type does not know is an error that suggests the nearest known one (for types
/// whose `CodingKeys` are `CaseIterable`); numbers must fit their type; every error carries
/// its key path.
struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: JSONNode, codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else {
            throw failure("expected an object { … }, found \(node.kind)")
        }
        if let known = knownKeyNames(Key.self) {
            for m in members where !known.contains(m.key) {
                var message = "unknown key '\(m.key)'"
                if let near = nearest(m.key, in: known) { message += " (did you mean '\(near)'?)" }
                message += "; known keys: " + known.joined(separator: ", ")
                throw SceneDecodingError(codingPath: codingPath + [PathKey(stringValue: m.key)], message: message)
            }
        }
        return KeyedDecodingContainer(ObjectContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.value else {
            throw failure("expected an array [ … ], found \(node.kind)")
        }
        return ArrayContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueContainer(node: node, codingPath: codingPath)
    }
}

/// The names of a `CaseIterable` key type, or nil for key types that accept anything.
private func knownKeyNames<Key: CodingKey>(_ type: Key.Type) -> [String]? {
    guard let iterable = type as? any (CodingKey & CaseIterable).Type else { return nil }
    return names(of: iterable)
}

private func names<K: CodingKey & CaseIterable>(of type: K.Type) -> [String] {
    K.allCases.map(\.stringValue)
}

// MARK: - Scalars

/// Decoding of single values, shared by the three containers.
private enum Scalar {
    static func decode<T: Decodable>(_ type: T.Type, _ node: JSONNode, _ path: [any CodingKey]) throws -> T {
        func fail(_ what: String) -> SceneDecodingError {
            SceneDecodingError(codingPath: path, message: "expected \(what), found \(node.kind)")
        }
        switch type {
        case is Bool.Type:
            guard case .bool(let b) = node.value else { throw fail("true or false") }
            return b as! T
        case is String.Type:
            guard case .string(let s) = node.value else { throw fail("a string") }
            return s as! T
        case is Double.Type:
            guard case .number(let d) = node.value else { throw fail("a number") }
            return d as! T
        case is Float.Type:
            guard case .number(let d) = node.value else { throw fail("a number") }
            return Float(d) as! T
        case is Int.Type: return try integer(Int.self, node, path) as! T
        case is Int8.Type: return try integer(Int8.self, node, path) as! T
        case is Int16.Type: return try integer(Int16.self, node, path) as! T
        case is Int32.Type: return try integer(Int32.self, node, path) as! T
        case is Int64.Type: return try integer(Int64.self, node, path) as! T
        case is UInt.Type: return try integer(UInt.self, node, path) as! T
        case is UInt8.Type: return try integer(UInt8.self, node, path) as! T
        case is UInt16.Type: return try integer(UInt16.self, node, path) as! T
        case is UInt32.Type: return try integer(UInt32.self, node, path) as! T
        case is UInt64.Type: return try integer(UInt64.self, node, path) as! T
        default:
            return try T(from: NodeDecoder(node: node, codingPath: path))
        }
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ node: JSONNode, _ path: [any CodingKey]) throws -> I {
        guard case .number(let d) = node.value else {
            throw SceneDecodingError(codingPath: path, message: "expected a whole number, found \(node.kind)")
        }
        guard d == d.rounded(), let v = I(exactly: d) else {
            throw SceneDecodingError(
                codingPath: path, message: "expected a whole number from \(I.min) to \(I.max), found \(d)")
        }
        return v
    }
}

// MARK: - Containers

private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, node: JSONNode)]
    let codingPath: [any CodingKey]
    /// Each member's place by key, for an object too large to search for every key asked
    /// (a scene's `commands` of 200,000 actions would take minutes); small objects scan.
    private let index: [String: Int]?

    init(members: [(key: String, node: JSONNode)], codingPath: [any CodingKey]) {
        self.members = members
        self.codingPath = codingPath
        index =
            members.count > 16
            ? Dictionary(members.indices.map { (members[$0].key, $0) }, uniquingKeysWith: { a, _ in a }) : nil
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { member(key.stringValue) != nil }

    private func member(_ name: String) -> JSONNode? {
        if let index { return index[name].map { members[$0].node } }
        return members.first(where: { $0.key == name })?.node
    }

    private func node(_ key: Key) throws -> JSONNode {
        guard let m = member(key.stringValue) else {
            throw SceneDecodingError(
                codingPath: codingPath + [key], message: "expected the key '\(key.stringValue)' (it is required)")
        }
        return m
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try node(key).value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try Scalar.decode(type, try node(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try NodeDecoder(node: try node(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: try node(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(
            node: JSONNode(value: .object(members), line: members.first?.node.line ?? 0), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: try node(key), codingPath: codingPath + [key])
    }
}

private struct ArrayContainer: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var key: any CodingKey { PathKey(intValue: currentIndex) }

    private mutating func next() throws -> (JSONNode, [any CodingKey]) {
        guard !isAtEnd else {
            throw SceneDecodingError(codingPath: codingPath, message: "expected more elements (found \(items.count))")
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [key])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = items[currentIndex].value {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next()
        return try Scalar.decode(type, node, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next()
        return NodeDecoder(node: node, codingPath: path)
    }
}

private struct ValueContainer: SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Scalar.decode(type, node, codingPath) }
}
