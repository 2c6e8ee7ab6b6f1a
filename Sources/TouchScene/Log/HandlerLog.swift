import InputEvents
import Output
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
    private let jsonTouches = TouchLineCaches(), textTouches = TouchLineCaches()
    /// The action being sent (set by its sender, written by whoever performs it).
    private var pendingAction: (action: Name, sender: Name, controlEvent: String?, location: Point?)?
    /// The panel whose frame is being handled (its number), for the actions it causes: set
    /// by the pipeline as it routes a frame, and by a control for the touch it tracks.
    package var currentDevice = -1

    /// An action sent by a control or a recognizer, with where and when.
    package struct ActionSent: Sendable {
        public var action: String
        public var sender: String
        public var controlEvent: String?
        public var target: String?
        /// Window points of the touch (a control) or the recognizer's location.
        public var location: Point?
        /// The node of the panel the touch came from ("" when not known).
        public var device: String
        public var time: Double
    }
    private let unknownDevice = Name("")

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
    private func deviceName(_ number: Int) -> Name {
        number >= 0 && number < devices.count ? devices[number] ?? unknownDevice : unknownDevice
    }

    package var now: Double { timers?.now ?? 0 }

    // MARK: - Touches

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

    // MARK: - Gestures

    /// A recognizer entered `state` (every state but possible). `values` are the type's own
    /// figures (translation, velocity, scale, rotation) in its view's coordinates.
    func gesture(
        _ recognizer: Name, view: Name, state: GestureState, location: Point, values: GestureValues, action: Name?
    ) {
        tell(.gesture(recognizer: String(decoding: recognizer.text, as: UTF8.self), state: state))
        emit(state == .changed ? .gestureChanged : .gesture) { buffer, format in
            switch format {
            case .json:
                buffer.append("{\"t\":")
                buffer.append(fixed: now, decimals: 6)
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
                buffer.append(",\"action\":")
                if let action { buffer.append(bytes: action.json) } else { buffer.append("null") }
                buffer.append("}\n")
            case .text:
                buffer.append(fixed: now, decimals: 6)
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
                if let action {
                    buffer.append(" action ")
                    buffer.append(bytes: action.text)
                }
                buffer.append("\n")
            }
        }
    }

    // MARK: - Actions

    /// `sender` is about to send `action` (for `controlEvent`, when a control sends it).
    func beginAction(_ action: Name, sender: Name, controlEvent: String?, location: Point?) {
        pendingAction = (action, sender, controlEvent, location)
    }

    /// The responder `target` performs the pending action.
    func performed(by target: Name) {
        guard let p = pendingAction else { return }
        pendingAction = nil
        actionLine(p.action, p.sender, p.controlEvent, target)
        announce(p, target: target)
    }

    /// Nobody performed the pending action.
    func unperformed() {
        guard let p = pendingAction else { return }
        pendingAction = nil
        actionLine(p.action, p.sender, p.controlEvent, nil)
        announce(p, target: nil)
    }

    private func announce(_ p: (action: Name, sender: Name, controlEvent: String?, location: Point?), target: Name?) {
        guard !actionListeners.isEmpty else { return }
        func s(_ n: Name) -> String { String(decoding: n.text, as: UTF8.self) }
        tellAction(
            ActionSent(
                action: s(p.action), sender: s(p.sender), controlEvent: p.controlEvent, target: target.map(s),
                location: p.location, device: s(deviceName(currentDevice)), time: now))
    }

    private func actionLine(_ action: Name, _ sender: Name, _ controlEvent: String?, _ target: Name?) {
        tell(
            .action(
                action: String(decoding: action.text, as: UTF8.self),
                sender: String(decoding: sender.text, as: UTF8.self),
                target: target.map { String(decoding: $0.text, as: UTF8.self) }))
        emit(.action) { buffer, format in
            switch format {
            case .json:
                buffer.append("{\"t\":")
                buffer.append(fixed: now, decimals: 6)
                buffer.append(",\"event\":\"action\",\"action\":")
                buffer.append(bytes: action.json)
                buffer.append(",\"sender\":")
                buffer.append(bytes: sender.json)
                buffer.append(",\"controlEvent\":")
                if let controlEvent { buffer.append(jsonString: controlEvent) } else { buffer.append("null") }
                buffer.append(",\"target\":")
                if let target { buffer.append(bytes: target.json) } else { buffer.append("null") }
                buffer.append("}\n")
            case .text:
                buffer.append(fixed: now, decimals: 6)
                buffer.append(" action ")
                buffer.append(bytes: action.text)
                buffer.append(" from ")
                buffer.append(bytes: sender.text)
                if let controlEvent {
                    buffer.append(" ")
                    buffer.append(string: controlEvent)
                }
                buffer.append(" -> ")
                if let target { buffer.append(bytes: target.text) } else { buffer.append("nobody") }
                buffer.append("\n")
            }
        }
    }

    // MARK: - Devices

    /// Whether a device joined or left.
    public enum DeviceChange: String, Sendable {
        /// `deviceAdded`.
        case added = "deviceAdded"
        /// `deviceRemoved`.
        case removed = "deviceRemoved"
    }

    /// A device joined or left, at input time `time`.
    public func device(_ change: DeviceChange, node: String, name: String, time: Double) {
        tell(.device(change, node: node))
        emit(.device) { buffer, format in
            switch format {
            case .json:
                buffer.append("{\"t\":")
                buffer.append(fixed: time, decimals: 6)
                buffer.append(",\"event\":\"")
                buffer.append(string: change.rawValue)
                buffer.append("\",\"device\":")
                buffer.append(jsonString: node)
                buffer.append(",\"name\":")
                buffer.append(jsonString: name)
                buffer.append("}\n")
            case .text:
                buffer.append(fixed: time, decimals: 6)
                buffer.append(" ")
                buffer.append(string: change.rawValue)
                buffer.append(" ")
                buffer.append(string: node)
                buffer.append(" ")
                buffer.append(jsonString: name)
                buffer.append("\n")
            }
        }
    }
}

/// A recognizer's own figures, where its type has them.
struct GestureValues {
    var translation: Point?
    var velocityPoint: Point?
    var scale: Double?
    var rotation: Double?
    var velocity: Double?
}

extension ByteWriter {
    /// `[x,y]`, compact numbers.
    package mutating func write(jsonPoint p: Point) {
        write("[")
        write(compact: p.x)
        write(",")
        write(compact: p.y)
        write("]")
    }

    /// `(x.xx,y.yy)`.
    package mutating func write(textPoint p: Point) {
        write("(")
        write(fixed: p.x, decimals: 2)
        write(",")
        write(fixed: p.y, decimals: 2)
        write(")")
    }
}

extension TextBuffer {
    /// `[x,y]`, compact numbers.
    package mutating func append(jsonPoint p: Point) {
        append("[")
        append(compact: p.x)
        append(",")
        append(compact: p.y)
        append("]")
    }

    /// `(x.xx,y.yy)`.
    package mutating func append(textPoint p: Point) {
        append("(")
        append(fixed: p.x, decimals: 2)
        append(",")
        append(fixed: p.y, decimals: 2)
        append(")")
    }
}
