import InputEvents
import TouchKit

/// What the two formats of a touches line write around each touch; the walk over the call's
/// touches (`HandlerLog.touchesLine`) is one, specialised for each format.
protocol TouchLineFormat {
    /// The line's time, method and responder.
    static func open(_ w: inout ByteWriter, time: Double, method: StaticString, responder: HandlerLog.Name)
    /// A touch's separator, identifier and phase, up to its location.
    static func touch(_ w: inout ByteWriter, index: Int, id: UInt64, phase: StaticString)
    static func point(_ w: inout ByteWriter, _ p: Point)
    /// Between a touch's location and its previous location.
    static var previous: StaticString { get }
    /// The rest of a touch, after its previous location (`location` and `length`: where the
    /// location's bytes are, to repeat them).
    static func rest(_ w: inout ByteWriter, _ touch: Touch, _ at: Touch.Locations, location: Int, length: Int, log: HandlerLog)
    /// The end of the line.
    static var close: StaticString { get }
}

/// `{"t":…,"event":"touchesMoved","responder":…,"touches":[{…},…]}`.
enum JSONTouchLine: TouchLineFormat {
    static func open(_ w: inout ByteWriter, time: Double, method: StaticString, responder: HandlerLog.Name) {
        w.write("{\"t\":"); w.write(fixed: time, decimals: 6)
        w.write(",\"event\":\""); w.write(method)
        w.write("\",\"responder\":"); w.write(bytes: responder.json)
        w.write(",\"touches\":[")
    }

    static func touch(_ w: inout ByteWriter, index: Int, id: UInt64, phase: StaticString) {
        if index > 0 { w.write(",") }
        w.write("{\"id\":"); w.write(decimal: Int64(id))
        w.write(",\"phase\":\""); w.write(phase)
        w.write("\",\"location\":")
    }

    static func point(_ w: inout ByteWriter, _ p: Point) { w.write(jsonPoint: p) }

    static var previous: StaticString { ",\"previousLocation\":" }

    static func rest(_ w: inout ByteWriter, _ touch: Touch, _ at: Touch.Locations, location: Int, length: Int, log: HandlerLog) {
        w.write(",\"window\":")
        if at.inWindow == at.location { w.repeatBytes(from: location, count: length) } else { w.write(jsonPoint: at.inWindow) }
        w.write(",\"tapCount\":"); w.write(decimal: Int64(touch.tapCount))
        w.write(",\"force\":"); w.write(compact: touch.force)
        w.write(",\"majorRadius\":"); w.write(compact: touch.majorRadius)
        w.write(",\"device\":"); w.write(bytes: log.deviceJSON.json(touch.device))
        w.write(",\"slot\":")
        if touch.slot >= 0 { w.write(decimal: Int64(touch.slot)) } else { w.write("null") }
        w.write("}")
    }

    static var close: StaticString { "]}\n" }
}

/// `T touchesMoved Responder #1 moved (x,y) prev (x,y) taps 1; #2 …`.
enum TextTouchLine: TouchLineFormat {
    static func open(_ w: inout ByteWriter, time: Double, method: StaticString, responder: HandlerLog.Name) {
        w.write(fixed: time, decimals: 6); w.write(" ")
        w.write(method); w.write(" ")
        w.write(bytes: responder.text)
    }

    static func touch(_ w: inout ByteWriter, index: Int, id: UInt64, phase: StaticString) {
        w.write(index == 0 ? " #" : "; #")
        w.write(decimal: Int64(id))
        w.write(" "); w.write(phase); w.write(" ")
    }

    static func point(_ w: inout ByteWriter, _ p: Point) { w.write(textPoint: p) }

    static var previous: StaticString { " prev " }

    static func rest(_ w: inout ByteWriter, _ touch: Touch, _ at: Touch.Locations, location: Int, length: Int, log: HandlerLog) {
        w.write(" taps "); w.write(decimal: Int64(touch.tapCount))
    }

    static var close: StaticString { "\n" }
}

extension Touch {
    /// A touch's locations in a view, as `locations(in:)` gives them.
    typealias Locations = (location: Point, previous: Point, inWindow: Point)
}

extension HandlerLog {
    /// One touches line in `F`'s format: each touch's location written once, its previous
    /// location copied when it repeats (the location, or this format's last line of it).
    func touchesLine<F: TouchLineFormat>(_ format: F.Type, _ buffer: inout TextBuffer, _ method: TouchMethod, _ responder: Name,
                                         _ t: Double, _ view: View?, _ cancelled: Bool, _ points: PointCache) {
        buffer.write(maxBytes: lineBound(responder)) { w in
            F.open(&w, time: t, method: method.name, responder: responder)
            for (i, u) in scratch.enumerated() {
                let touch = u.takeUnretainedValue()
                F.touch(&w, index: i, id: touch.identifier, phase: cancelled ? "cancelled" : phase(touch.phase))
                let at = touch.locations(in: view)
                let location = w.count
                F.point(&w, at.location)
                let length = w.count - location
                w.write(F.previous)
                // The same point again (a touch that has not moved, a view at the window's
                // origin, the location of the line before) is copied, not formatted again.
                if at.previous == at.location {
                    w.repeatBytes(from: location, count: length)
                } else if !points.copy(at.previous, key: touch.identifier, into: &w) {
                    F.point(&w, at.previous)
                }
                points.store(at.location, key: touch.identifier, from: w, start: location, count: length)
                F.rest(&w, touch, at, location: location, length: length, log: self)
            }
            w.write(F.close)
        }
    }
}
