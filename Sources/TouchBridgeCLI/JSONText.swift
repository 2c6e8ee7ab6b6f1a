import InputEvents

/// Minimal JSON output for the `--json` modes, so the command line needs no Foundation.
struct JSONObject {
    private var buffer = TextBuffer(capacity: 256)
    private var first = true

    init() { buffer.append("{") }

    private mutating func key(_ k: String) {
        if !first { buffer.append(",") }
        first = false
        buffer.append(jsonString: k)
        buffer.append(":")
    }

    mutating func set(_ k: String, _ v: String?) {
        key(k)
        if let v { buffer.append(jsonString: v) } else { buffer.append("null") }
    }

    mutating func set(_ k: String, _ v: Int?) {
        key(k)
        if let v { buffer.append(decimal: v) } else { buffer.append("null") }
    }

    mutating func set(_ k: String, _ v: Bool) {
        key(k)
        buffer.append(v ? "true" : "false")
    }

    mutating func set(_ k: String, _ v: [String]) {
        key(k)
        buffer.append("[")
        for (i, s) in v.enumerated() {
            if i > 0 { buffer.append(",") }
            buffer.append(jsonString: s)
        }
        buffer.append("]")
    }

    mutating func set(_ k: String, _ v: [Double]?) {
        key(k)
        guard let v else {
            buffer.append("null")
            return
        }
        buffer.append("[")
        for (i, d) in v.enumerated() {
            if i > 0 { buffer.append(",") }
            buffer.append(string: d.isFinite ? "\(d)" : "null")
        }
        buffer.append("]")
    }

    mutating func set(_ k: String, objects: [JSONObject]) {
        key(k)
        buffer.append("[")
        for (i, o) in objects.enumerated() {
            if i > 0 { buffer.append(",") }
            buffer.append(bytes: o.finished.bytes)
        }
        buffer.append("]")
    }

    mutating func set(_ k: String, object: JSONObject?) {
        key(k)
        if let object { buffer.append(bytes: object.finished.bytes) } else { buffer.append("null") }
    }

    var finished: TextBuffer {
        var b = buffer
        b.append("}")
        return b
    }
}
