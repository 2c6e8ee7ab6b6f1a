/// Whether a panel delivers events while the person touches it (`--listen`).
package enum EventsLink {
    /// What listening counted on one node.
    package struct Heard: Equatable, Sendable {
        package var seconds: Double
        /// SYN_REPORT frames.
        package var frames: Int
        /// From the first frame's time to the last's.
        package var span: Double
        /// Why it could not be listened to, if it could not.
        package var failure: String?

        package init(seconds: Double, frames: Int, span: Double, failure: String? = nil) {
            self.seconds = seconds
            self.frames = frames
            self.span = span
            self.failure = failure
        }
    }

    /// `reset` is the command that brings a stalled controller back.
    package static func check(_ h: Heard, reset: String, as s: Subject) -> Check {
        if let failure = h.failure { return .holds(.events, "not listened to: \(failure)", of: s) }
        let listened = "listened \(Self.seconds(h.seconds)) s"
        guard h.frames > 0 else {
            return .broken(
                .events, listened + ": no events", of: s,
                problem:
                    "It delivered nothing while it was touched: the controller is silent (asleep, stalled, or not wired).",
                fix: reset)
        }
        let rate = h.span > 0 && h.frames > 1 ? " at \(Int((Double(h.frames - 1) / h.span).rounded())) Hz" : ""
        return .holds(.events, listened + ": \(h.frames) frame\(h.frames == 1 ? "" : "s")" + rate, of: s)
    }

    /// Seconds as the events link says them: whole, or to a tenth.
    package static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(Double(Int(s * 10)) / 10)
    }
}
