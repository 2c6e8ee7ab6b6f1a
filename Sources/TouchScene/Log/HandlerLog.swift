import InputEvents
import Output
import TextBuffers
import TouchKit

/// The daemon's output: one line per handler call, in call order, as text or JSON Lines,
/// built in one reused buffer that the event loop writes out when it is about to wait.
public final class HandlerLog {
    /// How lines are written.
    public enum Format: Sendable {
        /// One readable line a call (`run`'s default).
        case text
        /// JSON Lines, as the schema in `schema/` describes (`--json`).
        case json
    }

    /// A name written into lines, escaped once instead of at every line.
    struct Name {
        let text: [UInt8]
        let json: [UInt8]

        init(_ s: String) {
            text = Array(s.utf8)
            var b = TextBuffer(capacity: s.utf8.count + 2)
            b.append(jsonString: s)
            json = b.bytes
        }
    }

    /// One handler call as a value, for checkers that follow the calls without parsing text
    /// (the invariant tests, the fuzzers).
    package enum Call: Sendable {
        case touches(method: TouchMethod, responder: String, touches: [UInt64])
        case gesture(recognizer: String, state: GestureState)
        case action(action: String, sender: String, target: String?)
        case device(DeviceChange, node: String)
        case motion(method: String, responder: String)
        case remoteControl(responder: String, subtype: String)
        case presses(method: String, responder: String, keys: [Int])
        case idle(waking: Bool, time: Double)  // the kiosk went idle, or a contact woke it
        case ghost(node: String)  // a contact of `node` rested too long: cancelled
        case noise(node: String, rule: String)  // a contact of `node` judged noise by `rule`
    }

    /// Who hears every call as it is logged (`listen(toCalls:)`); none costs one check a line.
    var callListeners: [(id: Int, hear: (Call) -> Void)] = []
    /// Who hears every action sent, after its line (`listen(toActions:)`).
    var actionListeners: [(id: Int, hear: (ActionSent) -> Void)] = []
    /// Who hears the kiosk go idle and wake (`listen(toIdle:)`).
    var idleListeners: [(id: Int, hear: (_ waking: Bool, _ time: Double) -> Void)] = []
    var lastListening = 0

    /// The format of standard output's lines.
    public let format: Format
    /// What has been logged since the last flush, in `format`.
    public internal(set) var buffer = TextBuffer(capacity: 1 << 16)
    /// Where each line of `buffer` ends, and its kind, for outputs that take some kinds only.
    package internal(set) var marks: [LineMark] = []
    /// The same lines in the other format, written while `writesOtherFormat` (the event
    /// socket's JSON beside a text standard output, or a client that asked for text).
    public internal(set) var otherBuffer = TextBuffer(capacity: 64)
    package internal(set) var otherMarks: [LineMark] = []
    package var writesOtherFormat = false
    /// The format of `otherBuffer`.
    public var otherFormat: Format { format == .json ? .text : .json }
    /// Input time, for lines not caused by a touch frame (timers, actions).
    var timers: TimerQueue?
    /// Device names by device number (small numbers the input side hands out).
    private var devices: [Name?] = []
    let deviceJSON = DeviceNameBytes()
    /// The touches of the call being logged, by identifier: unretained, as the call's set
    /// holds them while the line is written (and nothing reads them after).
    var scratch: [Unmanaged<Touch>] = []
    /// What each format's touches lines repeat from one line to the next.
    let jsonTouches = TouchLineCaches(), textTouches = TouchLineCaches()
    /// The action being sent (set by its sender, written by whoever performs it).
    var pendingAction: (action: Name, sender: Name, controlEvent: String?, location: Point?)?
    /// The panel whose frame is being handled (its number), for the actions it causes: set
    /// by the pipeline as it routes a frame, and by a control for the touch it tracks.
    package var currentDevice = -1
    /// Whether a `wake` line names the contact that woke the kiosk, and where: false while an
    /// event socket that does not serve `touches` reads the log (its readers learn no place).
    package var namesWakingPlaces = true

    let unknownDevice = Name("")

    /// An empty log writing `format`.
    public init(format: Format) {
        self.format = format
        scratch.reserveCapacity(16)
        marks.reserveCapacity(1024)
    }

    /// Writes what has been logged to `sink`, emptying the buffers.
    public func flush(to sink: any TextSink) {
        sink.flush(&buffer)
        discard()
    }

    /// Forgets what has been logged (a checker that follows the calls and needs no text).
    public func discard() {
        buffer.removeAll()
        marks.removeAll(keepingCapacity: true)
        otherBuffer.removeAll()
        otherMarks.removeAll(keepingCapacity: true)
    }

    /// The lines logged since the last flush in `format` (nil: that format is not being written).
    package func lines(in format: Format) -> (buffer: TextBuffer, marks: [LineMark])? {
        if format == self.format { return (buffer, marks) }
        return writesOtherFormat ? (otherBuffer, otherMarks) : nil
    }

    /// Writes one line of `kind` into each format being written: `body` gets the buffer and
    /// which format to write.
    @inline(__always)
    func emit(_ kind: Kind, _ body: (inout TextBuffer, Format) -> Void) {
        body(&buffer, format)
        marks.append(LineMark(end: buffer.count, kind: kind))
        if writesOtherFormat {
            body(&otherBuffer, otherFormat)
            otherMarks.append(LineMark(end: otherBuffer.count, kind: kind))
        }
    }

    /// Names the input device that touches with `device` number come from.
    public func setDevice(_ number: Int, name: String) {
        guard number >= 0 else { return }
        if number >= devices.count { devices.append(contentsOf: repeatElement(nil, count: number + 1 - devices.count)) }
        let n = Name(name)
        devices[number] = n
        deviceJSON.set(number, json: n.json)
    }

    package func removeDevice(_ number: Int) {
        if number >= 0 && number < devices.count { devices[number] = nil }
        deviceJSON.remove(number)
    }

    /// The name of device `number`, escaped for JSON (empty when unknown).
    func deviceName(_ number: Int) -> Name {
        number >= 0 && number < devices.count ? devices[number] ?? unknownDevice : unknownDevice
    }

    package var now: Double { timers?.now ?? 0 }
}
