import InputEvents
import Output
import TextBuffers
import TouchKit

// Touches lines: a responder's touch method called, with each touch of the call.
extension HandlerLog {
    /// Which touch method a touches line reports.
    public enum TouchMethod: Sendable {
        /// `touchesBegan`.
        case began
        /// `touchesMoved`.
        case moved
        /// `touchesEnded`.
        case ended
        /// `touchesCancelled`.
        case cancelled

        var name: StaticString {
            switch self {
            case .began: return "touchesBegan"
            case .moved: return "touchesMoved"
            case .ended: return "touchesEnded"
            case .cancelled: return "touchesCancelled"
            }
        }
    }

    /// A responder's touch method was called with `touches`; locations are given in `view`'s
    /// coordinates (the window's when nil).
    func touches(_ method: TouchMethod, responder: Name, touches: Set<Touch>, event: Event?, in view: View?) {
        scratch.removeAll(keepingCapacity: true)
        for touch in touches { scratch.append(.passUnretained(touch)) }
        // By identifier: an insertion sort in place (a frame has a few touches).
        scratch.withUnsafeMutableBufferPointer { b in
            var i = 1
            while i < b.count {
                var j = i
                while j > 0
                    && b[j &- 1]._withUnsafeGuaranteedRef(\.identifier) > b[j]._withUnsafeGuaranteedRef(\.identifier)
                {
                    b.swapAt(j &- 1, j)
                    j &-= 1
                }
                i &+= 1
            }
        }
        // The time of the call: a frame's time, or later for a touch-up a recognizer withheld.
        let t = max(now, event?.timestamp ?? 0)
        // A touch a view gets in touchesCancelled is over for that view, whatever the finger
        // does next (a recognizer cancelling the view's touch): it shows as cancelled there.
        let cancelled = method == .cancelled
        if !callListeners.isEmpty {
            tell(
                .touches(
                    method: method, responder: String(decoding: responder.text, as: UTF8.self),
                    touches: scratch.map { $0._withUnsafeGuaranteedRef(\.identifier) }))
        }
        emit(.touches) { buffer, format in
            switch format {
            case .json: touchesLine(JSONTouchLine.self, &buffer, method, responder, t, view, cancelled, jsonTouches)
            case .text: touchesLine(TextTouchLine.self, &buffer, method, responder, t, view, cancelled, textTouches)
            }
        }
    }

    /// Room for one touch line: its fixed text, numbers and names.
    func lineBound(_ responder: Name) -> Int {
        let n = 96 + responder.json.count
        return n + scratch.count * (40 * ByteWriter.maxNumberBytes + 200 + deviceJSON.longest)
    }

    func phase(_ p: Touch.Phase) -> StaticString {
        switch p {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "stationary"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
