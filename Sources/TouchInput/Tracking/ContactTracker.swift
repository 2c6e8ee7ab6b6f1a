import InputEvents

/// Something odd in the event stream that the tracker worked around.
public enum TrackerWarning: Equatable, Sendable, CustomStringConvertible {
    case slotOutOfRange(Int32)
    case doubleTrackingID(slot: Int, id: Int32)
    case tooManyContacts
    case eventsDropped

    public var description: String {
        switch self {
        case .slotOutOfRange(let v):
            return "ABS_MT_SLOT \(v) is beyond the device's slots: ignored until the next valid slot"
        case .doubleTrackingID(let slot, let id):
            return "tracking ID \(id) on active slot \(slot) (a driver bug): ignored, the contact continues"
        case .tooManyContacts:
            return "more than \(GroupTracker.maxContacts) contacts in one frame: the rest are ignored"
        case .eventsDropped: return "SYN_DROPPED: events were lost; contacts resync at the next frame"
        }
    }
}

/// How a device reports contacts, chosen from its capabilities.
public enum TouchProtocol: Equatable, Sendable {
    /// Protocol B with this many slots.
    case slots(Int)
    /// Protocol A: `SYN_MT_REPORT` groups.
    case groups
    /// `BTN_TOUCH` with `ABS_X/ABS_Y` (also "fake MT" devices).
    case single

    /// Protocol B needs a usable `ABS_MT_SLOT` range and positions; a device with the slot
    /// bit but no range, or with `ABS_MT_SLOT - 1` set (HID axis overflow), is fake MT.
    public init(_ d: DeviceDescription) {
        let abs = d.codes[Kernel.EV_ABS] ?? BitSet()
        let hasMTPosition = abs.contains(Kernel.ABS_MT_POSITION_X) && abs.contains(Kernel.ABS_MT_POSITION_Y)
        let fakeMT = abs.contains(Kernel.ABS_MT_SLOT - 1)
        if hasMTPosition, !fakeMT, let slots = d.slotCount, slots > 0 {
            self = .slots(min(slots, ContactTracker.maxSlots))
        } else if hasMTPosition, !fakeMT, !abs.contains(Kernel.ABS_MT_SLOT) {
            self = .groups
        } else {
            self = .single
        }
    }

    /// The `ABS_*` codes that carry positions for this protocol.
    public var positionCodes: (x: UInt16, y: UInt16) {
        self == .single ? (Kernel.ABS_X, Kernel.ABS_Y) : (Kernel.ABS_MT_POSITION_X, Kernel.ABS_MT_POSITION_Y)
    }
}

/// Turns one device's event stream into contact frames: fed one event at a time, it emits
/// one frame of contact changes per `SYN_REPORT`. Pure Swift, so recordings and live devices
/// go through exactly the same logic.
public struct ContactTracker {
    /// Slots beyond this are not tracked (warned once).
    public static let maxSlots = 256

    public let touchProtocol: TouchProtocol
    /// The key whose press is a single-touch device's contact: `BTN_TOUCH`, or `BTN_LEFT` for
    /// a touch controller in mouse mode (`TouchProtocol.contactKey(of:marked:)`).
    public let contactKey: UInt16
    private var slots: SlotTracker?
    private var single: SingleTouchTracker?
    private var pen: PenTracker?
    private var groups: GroupTracker?
    private let ids: ContactIDs
    private let warnings: WarningSink
    private var frame: [Contact] = []
    /// The pen part of the last pen frame, written again for the next while no one keeps it.
    private var spareFrame: PenPart?
    /// After a raw SYN_DROPPED: discard until the next SYN_REPORT (kernel semantics).
    private var dropping = false

    /// `warn` hears each kind of stream problem once; `contactKey` is the key a single-touch
    /// device's contact is.
    public init(
        description: DeviceDescription, ids: ContactIDs, contactKey: UInt16 = Kernel.BTN_TOUCH,
        warn: @escaping (TrackerWarning) -> Void = { _ in }
    ) {
        touchProtocol = TouchProtocol(description)
        self.contactKey = contactKey
        self.ids = ids
        self.warnings = WarningSink(warn)
        frame.reserveCapacity(16)
        switch touchProtocol {
        case .slots(let n):
            let initialSlot = Int(description.absInfo[Kernel.ABS_MT_SLOT]?.value ?? 0)
            slots = SlotTracker(
                slotCount: n, initialSlot: initialSlot, presence: AxisPresence(description, multitouch: true))
        case .groups:
            groups = GroupTracker(
                presence: AxisPresence(description, multitouch: true),
                x: description.absInfo[Kernel.ABS_MT_POSITION_X], y: description.absInfo[Kernel.ABS_MT_POSITION_Y])
        case .single where PenTracker.isPen(description):
            pen = PenTracker(description)
        case .single:
            single = SingleTouchTracker(presence: AxisPresence(description, multitouch: false), contactKey: contactKey)
        }
    }

    /// State of one slot at open, as libevdev holds it.
    public struct SlotState: Sendable {
        public var slot: Int
        public var trackingID: Int32
        public var x: Int32, y: Int32
        public var pressure: Int32 = 0, touchMajor: Int32 = 0, touchMinor: Int32 = 0
        public var orientation: Int32 = 0, toolType: Int32 = 0

        public init(
            slot: Int, trackingID: Int32, x: Int32, y: Int32, pressure: Int32 = 0, touchMajor: Int32 = 0,
            touchMinor: Int32 = 0, orientation: Int32 = 0, toolType: Int32 = 0
        ) {
            self.slot = slot
            self.trackingID = trackingID
            self.x = x
            self.y = y
            self.pressure = pressure
            self.touchMajor = touchMajor
            self.touchMinor = touchMinor
            self.orientation = orientation
            self.toolType = toolType
        }
    }

    /// Reports the contacts already on the glass when the device was opened, as beginning
    /// now and marked initial. `slots` is libevdev's slot state (protocol B); for single-touch
    /// devices pass `touching` with `ABS_X/ABS_Y`.
    public mutating func open(
        at time: EventTime, slots state: [SlotState] = [], touching: Bool = false,
        x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0
    ) -> ContactFrame {
        frame.removeAll(keepingCapacity: true)
        if slots != nil {
            for s in state where s.trackingID >= 0 {
                var a = Axes()
                a.trackingID = s.trackingID
                a.x = s.x
                a.y = s.y
                a.pressure = s.pressure
                a.touchMajor = s.touchMajor
                a.touchMinor = s.touchMinor
                a.orientation = s.orientation
                a.toolType = s.toolType
                slots!.setInitial(slot: s.slot, axes: a)
            }
            slots!.report(time: time, ids: ids, into: &frame)
        } else if single != nil {
            single!.setInitial(down: touching, x: x, y: y, pressure: pressure)
            single!.report(time: time, ids: ids, into: &frame)
        } else if pen != nil {
            pen!.setInitial(down: touching, x: x, y: y, pressure: pressure)
            let hover = pen!.report(time: time, ids: ids, into: &frame)
            return ContactFrame(time: time, contacts: frame, hover: hover, pen: pen!.state)
        }
        return ContactFrame(time: time, contacts: frame)
    }

    /// Feeds one event. At `SYN_REPORT`, calls `emit` with the frame's contact changes (not
    /// called for frames where no contact changed). `isSync` marks libevdev's resync: its
    /// `SYN_DROPPED` and the events it derives; contacts that vanish there end as cancelled.
    /// A `SYN_DROPPED` without `isSync` (a raw stream, a recording) drops the events up to the
    /// next `SYN_REPORT`, as the kernel documentation says.
    public mutating func process(_ e: InputEvent, isSync: Bool = false, emit: (ContactFrame) -> Void) {
        if e.type == Kernel.EV_SYN && e.code == Kernel.SYN_DROPPED {
            warnings.note(.eventsDropped)
            dropping = !isSync  // libevdev's resync needs no dropping, even when it is empty
            return
        }
        if dropping {
            if e.isReport { dropping = false }
            return
        }
        if e.isReport {
            frame.removeAll(keepingCapacity: true)
            if slots != nil {
                slots!.report(time: e.time, ids: ids, into: &frame)
            } else if single != nil {
                single!.report(time: e.time, ids: ids, into: &frame)
            } else if groups != nil {
                groups!.report(time: e.time, ids: ids, resync: isSync, warn: warnings, into: &frame)
            } else if pen != nil {
                let hover = pen!.report(time: e.time, ids: ids, into: &frame)
                if !frame.isEmpty || hover != nil {
                    emit(
                        ContactFrame(
                            time: e.time, contacts: frame, hover: hover, pen: pen!.state, reusing: &spareFrame))
                }
                return
            }
            if !frame.isEmpty { emit(ContactFrame(time: e.time, contacts: frame)) }
            return
        }
        if slots != nil {
            slots!.apply(e, resync: isSync, warn: warnings)
        } else if single != nil {
            single!.apply(e, resync: isSync)
        } else if groups != nil {
            groups!.apply(e, warn: warnings)
        } else if pen != nil {
            pen!.apply(e, resync: isSync)
        }
    }

    /// Ends every active contact as cancelled (unplug, grab loss, shutdown).
    public mutating func cancelAll(at time: EventTime) -> ContactFrame {
        frame.removeAll(keepingCapacity: true)
        slots?.cancelAll(time: time, into: &frame)
        single?.cancelAll(time: time, into: &frame)
        groups?.cancelAll(time: time, into: &frame)
        let state = pen?.state
        let hover = pen?.cancelAll(time: time, into: &frame)
        return ContactFrame(time: time, contacts: frame, hover: hover, pen: state)
    }

}

/// Passes each kind of warning on once. A class so the sub-trackers can report into it while
/// the tracker itself is being mutated, and so they get it as a reference (no closure formed
/// for every event).
final class WarningSink {
    private let warn: (TrackerWarning) -> Void
    private var warned: [TrackerWarning] = []

    init(_ warn: @escaping (TrackerWarning) -> Void) { self.warn = warn }

    func note(_ w: TrackerWarning) {
        let kind: TrackerWarning
        switch w {
        case .slotOutOfRange: kind = .slotOutOfRange(0)
        case .doubleTrackingID: kind = .doubleTrackingID(slot: 0, id: 0)
        default: kind = w
        }
        guard !warned.contains(kind) else { return }
        warned.append(kind)
        warn(w)
    }
}
