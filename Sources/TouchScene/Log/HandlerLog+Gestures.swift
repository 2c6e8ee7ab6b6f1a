import InputEvents
import Output
import TouchKit

// Gesture lines: a recognizer's state changes, with its own figures.
extension HandlerLog {
    /// A recognizer's state as the log names it: discrete recognizers end as `recognized`,
    /// continuous ones as `ended`.
    public enum GestureState: String, CaseIterable, Sendable {
        /// Back to possible (not logged by the daemon).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture ended.
        case ended
        /// A discrete gesture was recognized.
        case recognized
        /// A continuous gesture was cancelled.
        case cancelled
        /// The recognizer failed.
        case failed
    }

    /// A recognizer entered `state` (every state but possible). `values` are the type's own
    /// figures (translation, velocity, scale, rotation) in its view's coordinates.
    func gesture(
        _ recognizer: Name, view: Name, state: GestureState, location: Point, values: GestureValues, action: Name?
    ) {
        tell(.gesture(recognizer: String(decoding: recognizer.text, as: UTF8.self), state: state))
        let line = GestureLine(
            time: now, recognizer: recognizer, view: view, state: state, location: location, values: values,
            action: action)
        emit(state == .changed ? .gestureChanged : .gesture) { buffer, format in
            switch format {
            case .json: line.writeJSON(into: &buffer)
            case .text: line.writeText(into: &buffer)
            }
        }
    }
}

/// One gesture line's values, written in either format.
struct GestureLine {
    let time: Double
    let recognizer: HandlerLog.Name
    let view: HandlerLog.Name
    let state: HandlerLog.GestureState
    let location: Point
    let values: GestureValues
    let action: HandlerLog.Name?

    func writeJSON(into buffer: inout TextBuffer) {
        buffer.append("{\"t\":")
        buffer.append(fixed: time, decimals: 6)
        buffer.append(",\"event\":\"gesture\",\"recognizer\":")
        buffer.append(bytes: recognizer.json)
        buffer.append(",\"view\":")
        buffer.append(bytes: view.json)
        buffer.append(",\"state\":\"")
        buffer.append(string: state.rawValue)
        buffer.append("\",\"location\":")
        buffer.append(jsonPoint: location)
        if let v = values.translation {
            buffer.append(",\"translation\":")
            buffer.append(jsonPoint: v)
        }
        if let v = values.velocityPoint {
            buffer.append(",\"velocity\":")
            buffer.append(jsonPoint: v)
        }
        if let v = values.scale {
            buffer.append(",\"scale\":")
            buffer.append(compact: v, maxDecimals: 4)
        }
        if let v = values.rotation {
            buffer.append(",\"rotation\":")
            buffer.append(compact: v, maxDecimals: 4)
        }
        if let v = values.velocity {
            buffer.append(",\"velocity\":")
            buffer.append(compact: v, maxDecimals: 4)
        }
        if let v = values.zOffset {
            buffer.append(",\"zOffset\":")
            buffer.append(compact: v, maxDecimals: 3)
        }
        buffer.append(",\"action\":")
        if let action { buffer.append(bytes: action.json) } else { buffer.append("null") }
        buffer.append("}\n")
    }

    func writeText(into buffer: inout TextBuffer) {
        buffer.append(fixed: time, decimals: 6)
        buffer.append(" gesture ")
        buffer.append(bytes: recognizer.text)
        buffer.append(" on ")
        buffer.append(bytes: view.text)
        buffer.append(" ")
        buffer.append(string: state.rawValue)
        buffer.append(" ")
        buffer.append(textPoint: location)
        if let v = values.translation {
            buffer.append(" translation ")
            buffer.append(textPoint: v)
        }
        if let v = values.velocityPoint {
            buffer.append(" velocity ")
            buffer.append(textPoint: v)
        }
        if let v = values.scale {
            buffer.append(" scale ")
            buffer.append(fixed: v, decimals: 4)
        }
        if let v = values.rotation {
            buffer.append(" rotation ")
            buffer.append(fixed: v, decimals: 4)
        }
        if let v = values.velocity {
            buffer.append(" velocity ")
            buffer.append(fixed: v, decimals: 4)
        }
        if let v = values.zOffset {
            buffer.append(" zOffset ")
            buffer.append(fixed: v, decimals: 3)
        }
        if let action {
            buffer.append(" action ")
            buffer.append(bytes: action.text)
        }
        buffer.append("\n")
    }
}

/// A recognizer's own figures, where its type has them.
struct GestureValues {
    var translation: Point?
    var velocityPoint: Point?
    var scale: Double?
    var rotation: Double?
    var velocity: Double?
    var zOffset: Double?
}
