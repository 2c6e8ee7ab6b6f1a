/// One line written in its format, text or JSON Lines: a line states each of its fields once —
/// its JSON key, its value, how the text line says it — and this renders it, as `,"key":value`
/// in a JSON line or as words in a text line. The handler log and `touches` write through it.
public struct LineFields {
    /// How a field reads in a text line.
    public enum Text: Sendable {
        /// ` value`.
        case value
        /// ` label value`.
        case labelled(StaticString)
        /// ` "value"`, quoted as in JSON.
        case quoted
        /// ` (value)`.
        case parenthesized
        /// ` label=value`.
        case equals(StaticString)
        /// `textvalue`, no space before it (` #` for an id, `,` for a pair's second number).
        case joined(StaticString)
        /// Not in the text line.
        case hidden
    }

    /// Whether the line is JSON (else text).
    public let json: Bool

    /// A line of JSON Lines when `json`, else of text.
    @inlinable public init(json: Bool) { self.json = json }

    /// `{"t":` in JSON, nothing in text: what comes before a line's time, which its caller writes.
    @inlinable public func start(_ b: inout TextBuffer) {
        if json { b.append("{\"t\":") }
    }

    /// `{"t":T,"event":"EVENT"` or `T EVENT`.
    @inlinable public func begin(_ b: inout TextBuffer, time: Double, event: StaticString) {
        if json { b.append("{\"t\":") }
        b.append(fixed: time, decimals: 6)
        b.append(json ? ",\"event\":\"" : " ")
        b.append(event)
        if json { b.append("\"") }
    }

    /// The same, for an event named at run time (a responder's method).
    @inlinable public func begin(_ b: inout TextBuffer, time: Double, event: String) {
        if json { b.append("{\"t\":") }
        b.append(fixed: time, decimals: 6)
        if json {
            b.append(",\"event\":")
            b.append(jsonString: event)
        } else {
            b.append(" ")
            b.append(string: event)
        }
    }

    /// `}` and the newline.
    @inlinable public func end(_ b: inout TextBuffer) { b.append(json ? "}\n" : "\n") }

    /// A word of the text line alone (`from`, `->`): JSON says it by its keys.
    @inlinable public func word(_ b: inout TextBuffer, _ word: StaticString) {
        guard !json else { return }
        b.append(" ")
        b.append(word)
    }

    /// A string; nil is JSON's `null`, and in text `missing` or nothing.
    @inlinable public func string(
        _ b: inout TextBuffer, _ key: StaticString, _ value: String?, text: Text = .value,
        missing: StaticString? = nil
    ) {
        guard open(&b, key, text, isNil: value == nil, missing: missing), let value else { return }
        if json || isQuoted(text) { b.append(jsonString: value) } else { b.append(string: value) }
        close(&b, text)
    }

    /// A measure: at most `decimals` in JSON (compact), exactly `decimals` in text.
    @inlinable public func measure(
        _ b: inout TextBuffer, _ key: StaticString, _ v: Double, decimals: Int, text: Text = .value
    ) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if json { b.append(compact: v, maxDecimals: decimals) } else { b.append(fixed: v, decimals: decimals) }
        close(&b, text)
    }

    /// A number written the same in both formats: `decimals` fixed, or compact when nil;
    /// `unit` follows it in text (` s`).
    @inlinable public func number(
        _ b: inout TextBuffer, _ key: StaticString, _ v: Double, decimals: Int?, text: Text = .value,
        unit: StaticString = ""
    ) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if let decimals { b.append(fixed: v, decimals: decimals) } else { b.append(compact: v) }
        if !json { b.append(unit) }
        close(&b, text)
    }

    /// A word from a fixed set (a phase, an event's name): quoted in JSON but not escaped, so
    /// only for values that need no escaping; ` value` in text.
    @inlinable public func symbol(_ b: inout TextBuffer, _ key: StaticString, _ value: String, text: Text = .value) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        var value = value
        let quoted = json
        value.withUTF8 { u in
            b.write(maxBytes: u.count + 2) { w in
                if quoted { w.write(byte: UInt8(ascii: "\"")) }
                w.write(bytes: u)
                if quoted { w.write(byte: UInt8(ascii: "\"")) }
            }
        }
        close(&b, text)
    }

    /// A word of the program's own (a cause, a kind): quoted in JSON, ` value` in text.
    @inlinable public func symbol(
        _ b: inout TextBuffer, _ key: StaticString, _ value: StaticString, text: Text = .value
    ) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if json { b.append("\"") }
        b.append(value)
        if json { b.append("\"") }
        close(&b, text)
    }

    /// A value written once in each format's bytes, ahead of the lines (a device's name,
    /// escaped for JSON once rather than on every line).
    @inlinable public func preformatted(
        _ b: inout TextBuffer, _ key: StaticString, json jsonBytes: [UInt8], text textBytes: [UInt8],
        text: Text = .value
    ) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        b.append(bytes: json ? jsonBytes : textBytes)
        close(&b, text)
    }

    /// An integer; nil is JSON's `null`, and nothing in text.
    @inlinable public func integer(_ b: inout TextBuffer, _ key: StaticString, _ v: Int64?, text: Text = .value) {
        guard open(&b, key, text, isNil: v == nil, missing: nil), let v else { return }
        b.append(decimal: v)
        close(&b, text)
    }

    /// A flag: `true`/`false` in JSON, `said` in text when set.
    @inlinable public func flag(_ b: inout TextBuffer, _ key: StaticString, _ v: Bool, said: StaticString) {
        if json {
            b.append(",\"")
            b.append(key)
            b.append(v ? "\":true" : "\":false")
        } else if v {
            b.append(" ")
            b.append(said)
        }
    }

    /// A list of strings: a JSON array, or joined by `separator` in text.
    @inlinable public func list(
        _ b: inout TextBuffer, _ key: StaticString, _ items: [String], separator: String, text: Text = .value
    ) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if json {
            b.append("[")
            for (i, s) in items.enumerated() {
                if i > 0 { b.append(",") }
                b.append(jsonString: s)
            }
            b.append("]")
        } else {
            b.append(string: items.joined(separator: separator))
        }
        close(&b, text)
    }

    /// Writes what comes before a field's value (for a field of a caller's own kind); false when nothing more is to be written
    /// (the field is hidden in text, or nil: then `null` in JSON, `missing` in text).
    @inlinable @inline(__always) public func open(
        _ b: inout TextBuffer, _ key: StaticString, _ text: Text, isNil: Bool, missing: StaticString?
    ) -> Bool {
        if json {
            // `,"key":` (and `null`) in one reserved write: a line has a dozen keys.
            b.write(maxBytes: key.utf8CodeUnitCount + 8) { w in
                w.write(byte: UInt8(ascii: ","))
                w.write(byte: UInt8(ascii: "\""))
                w.write(key)
                w.write(byte: UInt8(ascii: "\""))
                w.write(byte: UInt8(ascii: ":"))
                if isNil { w.write("null") }
            }
            return !isNil
        }
        if case .hidden = text { return false }
        if isNil && missing == nil { return false }
        switch text {
        case .labelled(let label):
            b.append(" ")
            b.append(label)
            b.append(" ")
        case .equals(let label):
            b.append(" ")
            b.append(label)
            b.append("=")
        case .joined(let glue): b.append(glue)
        case .parenthesized: b.append(" (")
        default: b.append(" ")
        }
        if isNil, let missing { b.append(missing) }
        return !isNil
    }

    /// Writes what comes after a field's value.
    @inlinable @inline(__always) public func close(_ b: inout TextBuffer, _ text: Text) {
        if !json, case .parenthesized = text { b.append(")") }
    }

    @usableFromInline func isQuoted(_ text: Text) -> Bool {
        if case .quoted = text { return true }
        return false
    }
}
