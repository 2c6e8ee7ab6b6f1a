import InputEvents
import TouchKit

/// One line of the log written in its format: a line states each of its fields once — its
/// JSON key, its value, how the text line says it — and this renders it, as `,"key":value`
/// in a JSON line or as words in a text line.
struct LineFields {
    /// How a field reads in a text line.
    enum Text {
        /// ` value`.
        case value
        /// ` label value`.
        case labelled(StaticString)
        /// ` "value"`, quoted as in JSON.
        case quoted
        /// ` (value)`.
        case parenthesized
        /// Not in the text line.
        case hidden
    }

    let json: Bool

    /// `{"t":T,"event":"EVENT"` or `T EVENT`.
    func begin(_ b: inout TextBuffer, time: Double, event: StaticString) {
        if json { b.append("{\"t\":") }
        b.append(fixed: time, decimals: 6)
        b.append(json ? ",\"event\":\"" : " ")
        b.append(event)
        if json { b.append("\"") }
    }

    /// The same, for an event named at run time (a responder's method).
    func begin(_ b: inout TextBuffer, time: Double, event: String) {
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
    func end(_ b: inout TextBuffer) { b.append(json ? "}\n" : "\n") }

    /// A word of the text line alone (`from`, `->`): JSON says it by its keys.
    func word(_ b: inout TextBuffer, _ word: StaticString) {
        guard !json else { return }
        b.append(" ")
        b.append(word)
    }

    /// A string; nil is JSON's `null`, and in text `missing` or nothing.
    func string(
        _ b: inout TextBuffer, _ key: StaticString, _ value: String?, text: Text = .value,
        missing: StaticString? = nil
    ) {
        guard open(&b, key, text, isNil: value == nil, missing: missing), let value else { return }
        if json || isQuoted(text) { b.append(jsonString: value) } else { b.append(string: value) }
        close(&b, text)
    }

    /// A name the log keeps in both formats' bytes.
    func name(
        _ b: inout TextBuffer, _ key: StaticString, _ value: HandlerLog.Name?, text: Text = .value,
        missing: StaticString? = nil
    ) {
        guard open(&b, key, text, isNil: value == nil, missing: missing), let value else { return }
        b.append(bytes: json ? value.json : value.text)
        close(&b, text)
    }

    /// A point: `[x,y]` with compact numbers, `(x.xx,y.yy)` in text.
    func point(_ b: inout TextBuffer, _ key: StaticString, _ p: Point, text: Text = .value) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if json { b.append(jsonPoint: p) } else { b.append(textPoint: p) }
        close(&b, text)
    }

    /// A measure: at most `decimals` in JSON (compact), exactly `decimals` in text.
    func measure(_ b: inout TextBuffer, _ key: StaticString, _ v: Double, decimals: Int, text: Text = .value) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if json { b.append(compact: v, maxDecimals: decimals) } else { b.append(fixed: v, decimals: decimals) }
        close(&b, text)
    }

    /// A number written the same in both formats: `decimals` fixed, or compact when nil;
    /// `unit` follows it in text (` s`).
    func number(
        _ b: inout TextBuffer, _ key: StaticString, _ v: Double, decimals: Int?, text: Text = .value,
        unit: StaticString = ""
    ) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if let decimals { b.append(fixed: v, decimals: decimals) } else { b.append(compact: v) }
        if !json { b.append(unit) }
        close(&b, text)
    }

    /// An integer; nil is JSON's `null`, and nothing in text.
    func integer(_ b: inout TextBuffer, _ key: StaticString, _ v: Int64?, text: Text = .value) {
        guard open(&b, key, text, isNil: v == nil, missing: nil), let v else { return }
        b.append(decimal: v)
        close(&b, text)
    }

    /// A flag: `true`/`false` in JSON, `said` in text when set.
    func flag(_ b: inout TextBuffer, _ key: StaticString, _ v: Bool, said: StaticString) {
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
    func list(_ b: inout TextBuffer, _ key: StaticString, _ items: [String], separator: String, text: Text = .value) {
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

    /// Writes what comes before a field's value; false when nothing more is to be written
    /// (the field is hidden in text, or nil: then `null` in JSON, `missing` in text).
    private func open(
        _ b: inout TextBuffer, _ key: StaticString, _ text: Text, isNil: Bool, missing: StaticString?
    ) -> Bool {
        if json {
            b.append(",\"")
            b.append(key)
            b.append("\":")
            if isNil { b.append("null") }
            return !isNil
        }
        if case .hidden = text { return false }
        if isNil && missing == nil { return false }
        b.append(" ")
        switch text {
        case .labelled(let label):
            b.append(label)
            b.append(" ")
        case .parenthesized: b.append("(")
        default: break
        }
        if isNil, let missing { b.append(missing) }
        return !isNil
    }

    private func close(_ b: inout TextBuffer, _ text: Text) {
        if !json, case .parenthesized = text { b.append(")") }
    }

    private func isQuoted(_ text: Text) -> Bool {
        if case .quoted = text { return true }
        return false
    }
}

extension HandlerLog {
    /// A line of `kind` in every format the log writes, its fields stated once by `body`.
    func emitLine(_ kind: Kind, _ body: (inout TextBuffer, LineFields) -> Void) {
        emit(kind) { buffer, format in body(&buffer, LineFields(json: format == .json)) }
    }
}
