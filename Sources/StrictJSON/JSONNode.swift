/// A parsed JSON value with the line it starts on, so every complaint about a file (a scene,
/// qualify's criteria) can say where the offending value is.
package struct JSONNode {
    package indirect enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order (duplicates are rejected by the parser).
        case object([(key: String, node: JSONNode)])
    }

    package var value: Value
    package var line: Int

    package init(value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// What the value is, for messages ("a string", "an object").
    package var kind: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member `key` of an object, or the element `index` of an array.
    package func child(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.node
    }

    package func child(_ index: Int) -> JSONNode? {
        guard case .array(let items) = value, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

/// JSON that is not well-formed: where, and what was expected there.
package struct JSONSyntaxError: Error, Equatable {
    package var line: Int
    package var column: Int
    package var expected: String
}

/// A strict RFC 8259 parser (no comments, no trailing commas, no duplicate keys) that keeps
/// line numbers. Scene files are small and read once, so clarity beats speed here.
package struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// Nesting deeper than this is refused rather than risking the stack.
    static let maxDepth = 256
    /// Up to this many members an object's keys are checked by a scan; past it, through a set.
    static let scannedMembers = 16

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var p = JSONParser(bytes)
        // A UTF-8 byte-order mark is tolerated, as most editors may write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        p.skipSpace()
        guard p.i < bytes.count else { throw p.error("a JSON value (the file is empty)") }
        let node = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw p.error("the end of the file after the top-level value") }
        return node
    }

    private func error(_ expected: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: i - lineStart + 1, expected: expected)
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            default: return
            }
        }
    }

    private var found: String {
        guard i < bytes.count else { return "the end of the file" }
        let c = bytes[i]
        if c >= 0x21 && c < 0x7f { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16)
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maxDepth else { throw error("nesting no deeper than \(Self.maxDepth) levels") }
        let startLine = line
        guard i < bytes.count else { throw error("a value, found the end of the file") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONNode(value: try object(depth: depth), line: startLine)
        case UInt8(ascii: "["): return JSONNode(value: try array(depth: depth), line: startLine)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), line: startLine)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), line: startLine)
        default:
            throw error("a value (object, array, string, number, true, false or null), found \(found)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let w = word.withUTF8Buffer { Array($0) }
        guard bytes.count - i >= w.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw error("a value (object, array, string, number, true, false or null), found \(found)")
        }
        i += w.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        i += 1
        var members: [(key: String, node: JSONNode)] = []
        // The keys seen, once an object is large enough that a scan of its members would make
        // parsing quadratic (a 16 MiB file of keys in minutes); small objects scan.
        var keys: Set<String> = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("a member name in double quotes, found \(found)")
            }
            let keyLine = line
            let keyColumn = i - lineStart + 1
            let key = try string()
            if members.count == Self.scannedMembers { keys = Set(members.map(\.key)) }
            let repeated =
                members.count < Self.scannedMembers
                ? members.contains(where: { $0.key == key }) : !keys.insert(key).inserted
            if repeated {
                throw JSONSyntaxError(
                    line: keyLine, column: keyColumn, expected: "each key once in an object ('\(key)' is repeated)")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("':' after the member name, found \(found)")
            }
            i += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw error("',' or '}', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            throw error("',' or '}' after an object member, found \(found)")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        i += 1
        var items: [JSONNode] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw error("',' or ']', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            throw error("',' or ']' after an array element, found \(found)")
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("a closing '\"', found the end of the file") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                break
            }
            if c < 0x20 { throw error("no control characters inside a string (write \\n, \\t …)") }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { throw error("an escape after '\\', found the end of the file") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error("a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error("a high surrogate before a low one")
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                i -= 1
                throw error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found \(found)")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("valid UTF-8 text in strings") }
        return s
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - i >= 4 else { throw error("four hex digits after '\\u'") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A")) + 10
            default: throw error("four hex digits after '\\u', found \(found)")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let begin = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else {
            throw error("a digit in the number, found \(found)")
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                throw error("a number without leading zeros")
            }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error("digits after the decimal point, found \(found)") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("digits in the exponent, found \(found)") }
        }
        let text = String(decoding: bytes[begin..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("a number within the range of a double") }
        return v
    }
}
