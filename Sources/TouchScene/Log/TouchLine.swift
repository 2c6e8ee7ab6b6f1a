import InputEvents
import TextBuffers
import TouchKit

/// What the two formats of a touches line write around each touch; the walk over the call's
/// touches (`HandlerLog.touchesLine`) is one, specialised for each format.
protocol TouchLineFormat {
    /// The line's time, method and responder.
    static func open(_ w: inout ByteWriter, time: Double, method: StaticString, responder: HandlerLog.Name)
    /// Between two touches.
    static var separator: StaticString { get }
    /// A touch's identifier and phase, up to its location.
    static func head(_ w: inout ByteWriter, id: UInt64, phase: StaticString)
    static func point(_ w: inout ByteWriter, _ p: Point)
    /// Between a touch's location and its previous location.
    static var previous: StaticString { get }
    /// A touch's window location, after its previous location (`location` and `length`:
    /// where the location's bytes are, to repeat them).
    static func window(_ w: inout ByteWriter, _ at: Touch.Locations, location: Int, length: Int)
    /// The rest of a touch, written only from its tap count, force, radius, device and slot
    /// (`TouchLineCaches.tailKey`).
    static func tail(_ w: inout ByteWriter, _ touch: Touch, log: HandlerLog)
    /// A pencil touch's part (its type, altitude, azimuth in `view` and end), before its tail's close.
    static func pencil(_ w: inout ByteWriter, _ touch: Touch, in view: View?)
    /// The end of the line.
    static var close: StaticString { get }
}

/// `{"t":…,"event":"touchesMoved","responder":…,"touches":[{…},…]}`.
enum JSONTouchLine: TouchLineFormat {
    static func open(_ w: inout ByteWriter, time: Double, method: StaticString, responder: HandlerLog.Name) {
        w.write("{\"t\":")
        w.write(fixed: time, decimals: 6)
        w.write(",\"event\":\"")
        w.write(method)
        w.write("\",\"responder\":")
        w.write(bytes: responder.json)
        w.write(",\"touches\":[")
    }

    static var separator: StaticString { "," }

    static func head(_ w: inout ByteWriter, id: UInt64, phase: StaticString) {
        w.write("{\"id\":")
        w.write(decimal: Int64(id))
        w.write(",\"phase\":\"")
        w.write(phase)
        w.write("\",\"location\":")
    }

    static func point(_ w: inout ByteWriter, _ p: Point) { w.write(jsonPoint: p) }

    static var previous: StaticString { ",\"previousLocation\":" }

    static func window(_ w: inout ByteWriter, _ at: Touch.Locations, location: Int, length: Int) {
        w.write(",\"window\":")
        if at.inWindow == at.location {
            w.repeatBytes(from: location, count: length)
        } else {
            w.write(jsonPoint: at.inWindow)
        }
    }

    static func tail(_ w: inout ByteWriter, _ touch: Touch, log: HandlerLog) {
        w.write(",\"tapCount\":")
        w.write(decimal: Int64(touch.tapCount))
        w.write(",\"force\":")
        w.write(compact: touch.force)
        w.write(",\"majorRadius\":")
        w.write(compact: touch.majorRadius)
        w.write(",\"device\":")
        w.write(bytes: log.deviceJSON.json(touch.device))
        w.write(",\"slot\":")
        if touch.slot >= 0 { w.write(decimal: Int64(touch.slot)) } else { w.write("null") }
        if touch.type == .pencil { return }
        w.write("}")
    }

    static func pencil(_ w: inout ByteWriter, _ touch: Touch, in view: View?) {
        w.write(",\"type\":\"pencil\",\"altitude\":")
        w.write(fixed: touch.altitudeAngle, decimals: 3)
        w.write(",\"azimuth\":")
        w.write(fixed: touch.azimuthAngle(in: view), decimals: 3)
        if touch.isEraser { w.write(",\"eraser\":true") }
        w.write("}")
    }

    static var close: StaticString { "]}\n" }
}

/// `T touchesMoved Responder #1 moved (x,y) prev (x,y) taps 1; #2 …`.
enum TextTouchLine: TouchLineFormat {
    static func open(_ w: inout ByteWriter, time: Double, method: StaticString, responder: HandlerLog.Name) {
        w.write(fixed: time, decimals: 6)
        w.write(" ")
        w.write(method)
        w.write(" ")
        w.write(bytes: responder.text)
    }

    static var separator: StaticString { ";" }

    static func head(_ w: inout ByteWriter, id: UInt64, phase: StaticString) {
        w.write(" #")
        w.write(decimal: Int64(id))
        w.write(" ")
        w.write(phase)
        w.write(" ")
    }

    static func point(_ w: inout ByteWriter, _ p: Point) { w.write(textPoint: p) }

    static var previous: StaticString { " prev " }

    static func window(_ w: inout ByteWriter, _ at: Touch.Locations, location: Int, length: Int) {}

    static func tail(_ w: inout ByteWriter, _ touch: Touch, log: HandlerLog) {
        w.write(" taps ")
        w.write(decimal: Int64(touch.tapCount))
    }

    static func pencil(_ w: inout ByteWriter, _ touch: Touch, in view: View?) {
        w.write(" pencil alt ")
        w.write(fixed: touch.altitudeAngle, decimals: 3)
        w.write(" az ")
        w.write(fixed: touch.azimuthAngle(in: view), decimals: 3)
        if touch.isEraser { w.write(" eraser") }
    }

    static var close: StaticString { "\n" }
}

extension Touch {
    /// A touch's locations in a view, as `locations(in:)` gives them.
    typealias Locations = (location: Point, previous: Point, inWindow: Point)
}

/// What a format's touches lines repeat from one line to the next, kept as the bytes written:
/// each touch's last location (its next previous location), its head (identifier and phase)
/// and its tail (tap count, force, radius, device, slot), which on a moving finger are the
/// same every frame.
final class TouchLineCaches {
    let points = WrittenBytesCache<PointKey>()
    let heads = WrittenBytesCache<FragmentKey>()
    let tails = WrittenBytesCache<FragmentKey>()

    /// What a touch's head is written from: its identifier and its phase's name.
    @inline(__always)
    static func headKey(_ id: UInt64, _ phase: StaticString) -> FragmentKey {
        FragmentKey(words: (id, UInt64(UInt(bitPattern: phase.utf8Start)), 0, 0, 0, 0))
    }

    /// What a touch's tail is written from; `names` changes whenever a device's name does.
    @inline(__always)
    static func tailKey(_ t: Touch, names: UInt64) -> FragmentKey {
        FragmentKey(
            words: (
                UInt64(bitPattern: Int64(t.tapCount)), t.force.bitPattern, t.majorRadius.bitPattern,
                UInt64(bitPattern: Int64(t.device)), UInt64(bitPattern: Int64(t.slot)), names
            ))
    }
}

extension HandlerLog {
    /// One touches line in `F`'s format: each touch's location written once, its previous
    /// location copied when it repeats (the location, or this format's last line of it), its
    /// head and tail copied while what they are written from stays the same.
    func touchesLine<F: TouchLineFormat>(
        _ format: F.Type, _ buffer: inout TextBuffer, _ method: TouchMethod, _ responder: Name,
        _ t: Double, _ view: View?, _ cancelled: Bool, _ caches: TouchLineCaches
    ) {
        let points = caches.points
        let heads = caches.heads
        let tails = caches.tails
        let names = deviceJSON.generation
        buffer.write(maxBytes: lineBound(responder)) { w in
            F.open(&w, time: t, method: method.name, responder: responder)
            for (i, u) in scratch.enumerated() {
                let touch = u.takeUnretainedValue()
                let id = touch.identifier
                if i > 0 { w.write(F.separator) }
                let phaseName = cancelled ? "cancelled" : phase(touch.phase)
                let headKey = TouchLineCaches.headKey(id, phaseName)
                if !heads.copy(headKey, index: id, into: &w) {
                    let start = w.count
                    F.head(&w, id: id, phase: phaseName)
                    heads.store(headKey, index: id, from: w, start: start, count: w.count - start)
                }
                let at = touch.locations(in: view)
                let location = w.count
                F.point(&w, at.location)
                let length = w.count - location
                w.write(F.previous)
                // The same point again (a touch that has not moved, a view at the window's
                // origin, the location of the line before) is copied, not formatted again.
                if at.previous == at.location {
                    w.repeatBytes(from: location, count: length)
                } else if !points.copy(PointKey(point: at.previous), index: id, into: &w) {
                    F.point(&w, at.previous)
                }
                points.store(PointKey(point: at.location), index: id, from: w, start: location, count: length)
                F.window(&w, at, location: location, length: length)
                let tailKey = TouchLineCaches.tailKey(touch, names: names)
                if touch.type == .pencil {
                    // A pen's angles change with every sample: its tail is written each time.
                    F.tail(&w, touch, log: self)
                    F.pencil(&w, touch, in: view)
                } else if !tails.copy(tailKey, index: id, into: &w) {
                    let start = w.count
                    F.tail(&w, touch, log: self)
                    tails.store(tailKey, index: id, from: w, start: start, count: w.count - start)
                }
            }
            w.write(F.close)
        }
    }
}
