import InputEvents
import Output
import TextBuffers
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
        emitLine(state == .changed ? .gestureChanged : .gesture) { buffer, fields in
            line.write(into: &buffer, fields)
        }
    }
}

/// One gesture line's values, each field stated once for both formats.
struct GestureLine {
    let time: Double
    let recognizer: HandlerLog.Name
    let view: HandlerLog.Name
    let state: HandlerLog.GestureState
    let location: Point
    let values: GestureValues
    let action: HandlerLog.Name?

    func write(into b: inout TextBuffer, _ f: LineFields) {
        f.begin(&b, time: time, event: "gesture")
        f.name(&b, "recognizer", recognizer)
        f.name(&b, "view", view, text: .labelled("on"))
        f.string(&b, "state", state.rawValue)
        f.point(&b, "location", location)
        if let v = values.translation { f.point(&b, "translation", v, text: .labelled("translation")) }
        if let v = values.velocityPoint { f.point(&b, "velocity", v, text: .labelled("velocity")) }
        if let v = values.scale { f.measure(&b, "scale", v, decimals: 4, text: .labelled("scale")) }
        if let v = values.rotation { f.measure(&b, "rotation", v, decimals: 4, text: .labelled("rotation")) }
        if let v = values.velocity { f.measure(&b, "velocity", v, decimals: 4, text: .labelled("velocity")) }
        if let v = values.zOffset { f.measure(&b, "zOffset", v, decimals: 3, text: .labelled("zOffset")) }
        f.name(&b, "action", action, text: .labelled("action"))
        f.end(&b)
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
