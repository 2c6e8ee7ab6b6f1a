import InputEvents
import TextBuffers
import TouchKit

/// The log's own kinds of field: names kept in both formats' bytes, and points.
extension LineFields {
    /// A name the log keeps in both formats' bytes.
    func name(
        _ b: inout TextBuffer, _ key: StaticString, _ value: HandlerLog.Name?, text: Text = .value,
        missing: StaticString? = nil
    ) {
        guard let value else {
            _ = open(&b, key, text, isNil: true, missing: missing)
            return
        }
        preformatted(&b, key, json: value.json, text: value.text, text: text)
    }

    /// A point: `[x,y]` with compact numbers, `(x.xx,y.yy)` in text.
    func point(_ b: inout TextBuffer, _ key: StaticString, _ p: Point, text: Text = .value) {
        guard open(&b, key, text, isNil: false, missing: nil) else { return }
        if json { b.append(jsonPoint: p) } else { b.append(textPoint: p) }
        close(&b, text)
    }

}

extension HandlerLog {
    /// A line of `kind` in every format the log writes, its fields stated once by `body`.
    func emitLine(_ kind: Kind, _ body: (inout TextBuffer, LineFields) -> Void) {
        emit(kind) { buffer, format in body(&buffer, LineFields(json: format == .json)) }
    }
}
