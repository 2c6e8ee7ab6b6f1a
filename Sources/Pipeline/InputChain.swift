import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// A panel's input chain, built here for every reader of panels — the daemon's `Panel` and
/// each command alike, so that a correction added to it reaches them all: the contact
/// tracker, the jitter filter (libinput's fuzz filter, or a margin in millimetres), the masks
/// (regions where contacts that begin are ignored) and the mapping to screen points with the
/// panel's place on the screen. A correction's setting is declared here too (`settings`): the
/// command line and udev then set it per panel with nothing more.
package struct InputChain {
    /// The corrections' settings, each read from udev's properties and `run`'s options alike.
    public static let settings: [any PanelSetting.Type] = [Hysteresis.self, Masks.self]

    package var tracker: ContactTracker
    /// Everything after the tracker: filter, masks, mapping.
    package var corrections: ContactCorrections

    /// The chain for a panel of `description` placed by `placement` and mapped by `mapper`;
    /// `ids` is shared by the panels of one window, `warn` hears the tracker's complaints.
    package init(
        description: DeviceDescription, mapper: ScreenMapper, placement: PanelPlacement,
        ids: ContactIDs = ContactIDs(), warn: @escaping (TrackerWarning) -> Void
    ) {
        tracker = ContactTracker(
            description: description, ids: ids,
            contactKey: TouchProtocol.contactKey(of: description, marked: placement.markedPanel), warn: warn)
        corrections = ContactCorrections(description: description, mapper: mapper, placement: placement)
    }

    package var mapper: ScreenMapper { corrections.mapper }
    package var origin: Point { corrections.origin }
    package var jitterSetting: JitterSetting { corrections.jitterSetting }

    /// A frame of the tracker's through the corrections (`ContactCorrections.corrected`).
    package mutating func corrected(_ frame: ContactFrame) -> ContactFrame { corrections.corrected(frame) }

    /// The tracker alone, for tools that measure what the panel itself reports (`health`'s
    /// jitter, `calibrate`'s raw positions): no correction may stand between.
    /// `marked`: the device is marked as a panel (`TouchProtocol.contactKey(of:marked:)`).
    package static func uncorrected(
        description: DeviceDescription, marked: Bool = false, warn: @escaping (TrackerWarning) -> Void
    ) -> ContactTracker {
        ContactTracker(
            description: description, ids: ContactIDs(),
            contactKey: TouchProtocol.contactKey(of: description, marked: marked), warn: warn)
    }
}

/// What the chain does after the tracker, kept apart from it so that a frame the tracker
/// hands out can be corrected while the tracker is still at work (the daemon's pipeline).
package struct ContactCorrections {
    /// How its contacts become screen points (calibration, rotation, size).
    package private(set) var mapper: ScreenMapper
    /// Where the panel's rectangle starts in the screen space.
    package private(set) var origin: Point
    /// The jitter filter chosen for the panel, and the filter itself (per contact state).
    package private(set) var jitterSetting: JitterSetting
    private var jitter = JitterFilter()
    private var masks: ContactMasks
    /// Contacts that began in a masked region: left out until they end (`correct`).
    private var masked: Set<UInt64> = []
    /// Whether there are masks or masked contacts: one test a contact when there are none.
    private var masking = false

    init(description: DeviceDescription, mapper: ScreenMapper, placement: PanelPlacement) {
        self.mapper = mapper
        origin = Point(x: placement.rect?.minX ?? 0, y: placement.rect?.minY ?? 0)
        masks = Self.masks(placement)
        masking = !masks.regions.isEmpty
        jitterSetting = .choose(
            for: description, udevFuzz: placement.udevFuzz, millimetres: placement.corrections[Hysteresis.self])
        jitter = jitterSetting.filter(mapper: mapper)
    }

    private static func masks(_ p: PanelPlacement) -> ContactMasks {
        let rects = p.corrections[Masks.self] ?? []
        return ContactMasks(rects.map { .init(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) })
    }

    /// A new placement (udev's properties changed): where it lands, its filter and masks;
    /// `remap` then fits the filter to the placement's mapper.
    package mutating func replace(placement p: PanelPlacement, description: DeviceDescription) {
        origin = Point(x: p.rect?.minX ?? 0, y: p.rect?.minY ?? 0)
        masks = Self.masks(p)
        masking = !masks.regions.isEmpty || !masked.isEmpty
        jitterSetting = .choose(for: description, udevFuzz: p.udevFuzz, millimetres: p.corrections[Hysteresis.self])
    }

    /// Maps the panel anew (another screen size); the filter follows the new scale.
    package mutating func remap(_ mapper: ScreenMapper) {
        self.mapper = mapper
        jitter = jitterSetting.filter(mapper: mapper)
    }

    /// Where a contact is in global screen points.
    package func screenPoint(_ p: DevicePoint) -> Point {
        let m = mapper.map(p)
        return Point(x: m.x + origin.x, y: m.y + origin.y)
    }

    /// The contact's position after the jitter filter and the masks, or nil when it is left
    /// out: the filter holds it still, or it began in a masked region (then until it ends).
    /// The daemon's step, contact by contact; the tools take the same one a frame at a time.
    @inline(__always)
    package mutating func correct(_ c: Contact) -> DevicePoint? {
        guard let position = jitter.filter(c) else { return nil }
        guard masking else { return position }
        return isMaskedOut(c, at: position) ? nil : position
    }

    /// A frame as the tools show it: through the jitter filter (contacts it holds still are
    /// left out, the others carry the position reported before as their previous one), then
    /// without the contacts that began in a masked region.
    package mutating func corrected(_ frame: ContactFrame) -> ContactFrame {
        var out = jitter.apply(frame)
        guard masking else { return out }
        out.contacts.removeAll { c in isMaskedOut(c, at: c.position) }
        return out
    }

    /// Whether the masks leave out contact `c`, at `position` after the filter: it began in a
    /// masked region, and is left out until it ends. The masks' one bookkeeping.
    private mutating func isMaskedOut(_ c: Contact, at position: DevicePoint) -> Bool {
        if c.phase == .began {
            if masks.masks(mapper.map(position).offset(by: (origin.x, origin.y))) { masked.insert(c.id) }
        }
        guard masked.contains(c.id) else { return false }
        if c.phase.isTerminal {
            masked.remove(c.id)
            masking = !masks.regions.isEmpty || !masked.isEmpty
        }
        return true
    }
}

/// The jitter filter's margin in millimetres around where a finger rests (0: off); not set:
/// libinput's fuzz filter.
public enum Hysteresis: PanelSetting {
    public static let option = "hysteresis", udevProperty = "TOUCHBRIDGE_HYSTERESIS_MM"
    public static let syntax = "MM", expected = "millimetres"
    public static func parse(_ text: Substring) -> Double? {
        guard let mm = Double(text), mm >= 0, mm.isFinite else { return nil }
        return mm
    }
}

/// Rectangles of global screen points (a cracked corner) where contacts that begin are
/// ignored until they end.
public enum Masks: PanelSetting {
    public static let option = "mask", udevProperty = "TOUCHBRIDGE_MASK"
    public static let syntax = "\"x y w h[; x y w h …]\"", expected = "rectangles in screen points"
    public static func parse(_ text: Substring) -> [Rect]? { parseRects(text) }
}
