import InputEvents

/// Where a contact is in its life, per input frame (UIKit's touch phases).
public enum ContactPhase: String, Sendable {
    case began, moved, stationary, ended, cancelled

    /// True for the two phases that end a contact.
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}

/// A position in device units (or, after mapping, in screen points).
public struct DevicePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One contact's state in one frame: what a tester sees of a finger on the glass.
public struct Contact: Equatable, Sendable {
    /// Unique for the life of the process, across devices and slot reuse.
    public var id: UInt64
    /// The kernel slot (protocol B), or -1 for protocol A and single-touch devices.
    public var slot: Int
    /// `ABS_MT_TRACKING_ID`, or -1 when the device has none.
    public var trackingID: Int32
    public var phase: ContactPhase
    public var position: DevicePoint
    public var previousPosition: DevicePoint
    /// Optional axes, present when the device reports them.
    public var pressure: Int32?
    public var touchMajor: Int32?
    public var touchMinor: Int32?
    public var orientation: Int32?
    public var toolType: Int32?
    /// The frame's timestamp.
    public var time: EventTime
    /// True for contacts already on the glass when the device was opened.
    public var isInitial: Bool

    public init(
        id: UInt64, slot: Int, trackingID: Int32, phase: ContactPhase, position: DevicePoint,
        previousPosition: DevicePoint, pressure: Int32? = nil, touchMajor: Int32? = nil,
        touchMinor: Int32? = nil, orientation: Int32? = nil, toolType: Int32? = nil,
        time: EventTime, isInitial: Bool = false
    ) {
        self.id = id
        self.slot = slot
        self.trackingID = trackingID
        self.phase = phase
        self.position = position
        self.previousPosition = previousPosition
        self.pressure = pressure
        self.touchMajor = touchMajor
        self.touchMinor = touchMinor
        self.orientation = orientation
        self.toolType = toolType
        self.time = time
        self.isInitial = isInitial
    }
}

/// The contact changes of one input frame (up to its `SYN_REPORT`), in slot order.
public struct ContactFrame: Sendable {
    public var time: EventTime
    public var contacts: [Contact]
    /// A pen's part, one reference: nil for fingers' frames, which stay small enough (four
    /// words) to be passed in registers, without a copy of the contacts' array.
    private var penPart: PenPart?

    /// A pen over the glass, not touching it, when it came, moved or went in this frame.
    public var hover: PenHover? {
        get { penPart?.hover }
        set { penPart = PenPart(hover: newValue, state: pen) }
    }
    /// A pen's frame: its tool and axes, for its tip's contact and its hover (nil for fingers'
    /// frames). Kept once a frame, not in each contact, so fingers' contacts stay small.
    public var pen: PenState? {
        get { penPart?.state }
        set { penPart = PenPart(hover: hover, state: newValue) }
    }

    public init(time: EventTime, contacts: [Contact], hover: PenHover? = nil, pen: PenState? = nil) {
        self.time = time
        self.contacts = contacts
        penPart = hover == nil && pen == nil ? nil : PenPart(hover: hover, state: pen)
    }

    /// A pen's frame whose part is `spare` when no frame holds it any more (the last one was
    /// let go), written anew; else a new part, kept in `spare`: a pen's frames allocate
    /// nothing while no one keeps them.
    init(time: EventTime, contacts: [Contact], hover: PenHover?, pen: PenState, reusing spare: inout PenPart?) {
        self.time = time
        self.contacts = contacts
        if var part = spare.take(), isKnownUniquelyReferenced(&part) {
            part.hover = hover
            part.state = pen
            spare = part
        } else {
            spare = PenPart(hover: hover, state: pen)
        }
        penPart = spare
    }
}

/// A pen frame's hover and state. Written only while one reference holds it (before a frame
/// takes it), so frames sharing one keep value semantics.
final class PenPart: @unchecked Sendable {
    fileprivate(set) var hover: PenHover?
    fileprivate(set) var state: PenState?

    init(hover: PenHover?, state: PenState?) {
        self.hover = hover
        self.state = state
    }
}

/// Hands out contact ids unique for the life of the process. A class because every device's
/// tracker must draw from the same sequence.
public final class ContactIDs {
    private var next: UInt64 = 1

    public init() {}

    public func make() -> UInt64 {
        defer { next += 1 }
        return next
    }
}
