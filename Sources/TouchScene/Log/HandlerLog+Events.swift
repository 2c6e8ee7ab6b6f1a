import InputEvents
import TextBuffers
import TouchKit

/// The log's lines for the other kinds of event: motion (a shake), remote control (media
/// keys) and presses (physical buttons), one per responder call, like the touch lines.
extension HandlerLog {
    /// A responder's `motionBegan/Ended/Cancelled` was called.
    func motion(_ method: String, responder: Name, subtype: Event.Subtype, time: Double) {
        tell(.motion(method: method, responder: String(decoding: responder.text, as: UTF8.self)))
        line(.motion, time, method, responder) { b, f in f.string(&b, "subtype", subtype.name) }
    }

    /// A responder's `remoteControlReceived(with:)` was called.
    func remoteControl(responder: Name, subtype: Event.Subtype, time: Double) {
        tell(.remoteControl(responder: String(decoding: responder.text, as: UTF8.self), subtype: subtype.name))
        line(.remoteControl, time, "remoteControlReceived", responder) { b, f in
            f.string(&b, "subtype", subtype.name)
        }
    }

    /// A responder's `pressesBegan/Changed/Ended/Cancelled` was called.
    func presses(_ method: String, responder: Name, presses: Set<Press>, time: Double) {
        let sorted = presses.sorted { $0.key < $1.key }
        tell(
            .presses(
                method: method, responder: String(decoding: responder.text, as: UTF8.self), keys: sorted.map(\.key)))
        line(.presses, time, method, responder) { b, f in
            if f.open(&b, "presses", .hidden, isNil: false, missing: nil) {
                var w = JSONWriter(capacity: 64)
                w.array { list in
                    for p in sorted {
                        list.object { o in
                            o.string("key", p.name)
                            o.integer("code", Int(p.key))
                            o.string("phase", p.phase.rawValue)
                        }
                    }
                }
                b.append(bytes: w.buffer.bytes)
            } else if !f.json {
                for (i, p) in sorted.enumerated() {
                    b.append(i == 0 ? " " : "; ")
                    b.append(string: p.name)
                    b.append(" ")
                    b.append(string: p.phase.rawValue)
                }
            }
        }
    }

    /// The line a reader that fell behind gets once it has caught up: how many lines it lost
    /// (`{"t":…,"event":"dropped","lines":N}` or `T dropped N lines`). Written into `out`, not
    /// the log: only that reader gets it.
    public func writeDropped(_ lines: Int, at time: Double, into out: inout TextBuffer, format: Format? = nil) {
        let f = LineFields(json: (format ?? self.format) == .json)
        f.begin(&out, time: time, event: "dropped")
        f.integer(&out, "lines", Int64(lines))
        f.word(&out, "lines")
        f.end(&out)
    }

    /// `{"t":…,"event":METHOD,"responder":NAME…}` or `T METHOD NAME…`, the rest from `body`.
    private func line(
        _ kind: Kind, _ time: Double, _ method: String, _ responder: Name,
        _ body: (inout TextBuffer, LineFields) -> Void
    ) {
        let t = max(now, time)
        emitLine(kind) { b, f in
            f.begin(&b, time: t, event: method)
            f.name(&b, "responder", responder)
            body(&b, f)
            f.end(&b)
        }
    }
}
