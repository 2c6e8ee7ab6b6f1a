/// A JSON value written member by member into a reused buffer: each field is stated once, by
/// its key and its value, and the writer puts the commas, the quotes and the escapes. Every
/// JSON output of the tools (health, qualify, doctor, screens, list) and Home Assistant's
/// discovery configs are written through it, so none is assembled by joining strings.
public struct JSONWriter {
    /// The text written so far.
    public private(set) var buffer: TextBuffer
    /// Bit `n`: a value was written at nesting level `n` (the next one needs a comma).
    private var written: UInt64 = 0
    private var depth = 0

    public init(capacity: Int = 256) { buffer = TextBuffer(capacity: capacity) }

    /// Before a value: the comma after a sibling, and the member's key (nil inside an array).
    private mutating func start(_ key: String?) {
        let bit: UInt64 = depth < 64 ? 1 << UInt64(depth) : 0
        if written & bit != 0 { buffer.append(",") }
        written |= bit
        if let key {
            buffer.append(jsonString: key)
            buffer.append(":")
        }
    }

    private mutating func open(_ key: String?, _ bracket: StaticString) {
        start(key)
        buffer.append(bracket)
        depth += 1
        if depth < 64 { written &= ~(1 << UInt64(depth)) }
    }

    private mutating func close(_ bracket: StaticString) {
        depth -= 1
        buffer.append(bracket)
    }

    /// An object: `key` names it inside an object, nil inside an array or at the top.
    public mutating func object(_ key: String? = nil, _ body: (inout JSONWriter) -> Void) {
        open(key, "{")
        body(&self)
        close("}")
    }

    /// An array, its elements written by `body` with nil keys.
    public mutating func array(_ key: String? = nil, _ body: (inout JSONWriter) -> Void) {
        open(key, "[")
        body(&self)
        close("]")
    }

    /// A string, or null.
    public mutating func string(_ key: String?, _ value: String?) {
        start(key)
        if let value { buffer.append(jsonString: value) } else { buffer.append("null") }
    }

    /// Members already written (`JSONWriter.members`), spliced into this object as they are.
    public mutating func members(_ written: String) {
        guard !written.isEmpty else { return }
        start(nil)
        buffer.append(string: written)
    }

    /// An array of strings.
    public mutating func strings(_ key: String?, _ values: [String]) {
        array(key) { w in for v in values { w.string(nil, v) } }
    }

    /// A number with at most `maxDecimals` decimals, or null (a value that is not finite too).
    public mutating func number(_ key: String?, _ value: Double?, maxDecimals: Int = 6) {
        start(key)
        if let value, value.isFinite {
            buffer.append(compact: value, maxDecimals: maxDecimals)
        } else {
            buffer.append("null")
        }
    }

    /// A measure rounded to `decimals` decimals, a whole one written as an integer (`60`, `2.5`,
    /// `0.125`), or null (a value that is not finite too): figures a person reads in a report.
    public mutating func measure(_ key: String?, _ value: Double?, decimals: Int) {
        start(key)
        guard let value, value.isFinite else { return buffer.append("null") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            buffer.append(decimal: Int64(rounded))
        } else {
            buffer.append(compact: rounded, maxDecimals: decimals)
        }
    }

    /// A number with exactly `decimals` decimals (a time), or null.
    public mutating func fixed(_ key: String?, _ value: Double?, decimals: Int) {
        start(key)
        if let value, value.isFinite { buffer.append(fixed: value, decimals: decimals) } else { buffer.append("null") }
    }

    /// An integer, or null.
    public mutating func integer(_ key: String?, _ value: Int?) {
        start(key)
        if let value { buffer.append(decimal: value) } else { buffer.append("null") }
    }

    /// A boolean, or null.
    public mutating func bool(_ key: String?, _ value: Bool?) {
        start(key)
        if let value { buffer.append(value ? "true" : "false") } else { buffer.append("null") }
    }

    /// A value already written as JSON by another writer (nil: null).
    public mutating func json(_ key: String?, _ value: TextBuffer?) {
        start(key)
        if let value { buffer.append(bytes: value.bytes) } else { buffer.append("null") }
    }

    /// The text, as a String.
    public var string: String { buffer.string }

    /// The members `body` writes, without the object's braces: fields another object's
    /// writer puts after its own (a command's answer after `"command"`).
    public static func members(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        w.object(nil, body)
        return String(w.string.dropFirst().dropLast())
    }
}
