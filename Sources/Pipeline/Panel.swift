import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// One input device feeding the pipeline: its contact tracker, where it lands on the screen,
/// its jitter filter and masks, and what turns its pressure and touch-size axes into UIKit's
/// `force` and `majorRadius`. A class: the event loop holds it as the device's handle.
public final class Panel {
    /// The number touches carry to name their device in the log.
    public let number: Int
    /// The event node, or the recording's path.
    public let node: String
    /// The device's name (`N:` of a recording).
    public let name: String
    public let description: DeviceDescription
    /// How its contacts become screen points (calibration, rotation, size).
    public var mapper: ScreenMapper { corrections.mapper }
    /// Where it lands in the screen space, and from which settings.
    public private(set) var placement: PanelPlacement
    /// Its input chain (`InputChain`, the one every reader of panels builds), kept as its two
    /// parts: a frame the tracker hands out is corrected, contact by contact, while the tracker
    /// is still at work.
    @usableFromInline package var tracker: ContactTracker
    private var corrections: ContactCorrections
    /// Input events seen, for the state report and the metrics.
    public var events: Int { counts.events }
    /// Frames (`SYN_REPORT`) read.
    public var frames: Int { counts.frames }
    /// `SYN_DROPPED` seen.
    public var dropped: Int { counts.dropped }
    /// The three, counted where the pipeline reads each event (inlined into a source's loop).
    @usableFromInline var counts = ReadCounts()
    /// A pen's barrel buttons held (`PenState.buttons`), as last sent to the scene.
    var penButtons: UInt8 = 0
    /// The barrel buttons whose press went down through the gate (their release follows).
    var barrelDelivered: UInt8 = 0
    /// A pen near it, through the gate or held.
    var penSession = TouchPipeline.PenSession.away
    /// Its noise rules on, nil when none (`filtersNoise` is read per contact instead). No
    /// observer: judging mutates it in place, where an observer would copy its tables each time.
    package var noise: NoiseFilter?
    private(set) var filtersNoise = false
    /// The noise rules asked for it, from its placement or the scene.
    public private(set) var noiseChoice = NoiseChoice.none
    /// When a noise line last went to the journal, and how many were not said since.
    var noiseSaid = (at: -Double.infinity, unsaid: 0)
    /// Pen and touch arbitration was said for it (once).
    var saidArbitration = false
    private let pressure: AbsInfo?
    /// Screen points per device unit, for the touch size.
    private var pointsPerUnit = 0.0
    /// How far a resting contact may stray and still rest (screen points), for
    /// `--ghost-after`: its position axis' fuzz, else 1 mm.
    public private(set) var restRadius = 0.0
    /// The jitter filter (libinput's fuzz filter, or the placement's margin), from its placement.
    public var jitterSetting: JitterSetting { corrections.jitterSetting }

    /// The force of a touch at half the pressure axis' range (UIKit: 1.0 is an average touch).
    public static let maximumPossibleForce = 2.0

    init(
        number: Int, node: String, name: String, description: DeviceDescription, mapper: ScreenMapper,
        placement: PanelPlacement, ids: ContactIDs, warn: @escaping (TrackerWarning) -> Void
    ) {
        self.number = number
        self.node = node
        self.name = name
        self.description = description
        self.placement = placement
        let chain = InputChain(description: description, mapper: mapper, placement: placement, ids: ids, warn: warn)
        tracker = chain.tracker
        corrections = chain.corrections
        let multitouch = tracker.touchProtocol != .single
        let pressureCode = multitouch ? Kernel.ABS_MT_PRESSURE : Kernel.ABS_PRESSURE
        pressure = description.has(type: Kernel.EV_ABS, code: pressureCode) ? description.absInfo[pressureCode] : nil
        remap(mapper)
    }

    /// A new placement (udev's properties changed): where it lands, its filter and masks.
    func replace(placement p: PanelPlacement, mapper: ScreenMapper) {
        placement = p
        corrections.replace(placement: p, description: description)
        remap(mapper)
    }

    /// Puts the noise rules of `choice` on (those that read this panel).
    func filterNoise(_ choice: NoiseChoice) {
        guard choice != noiseChoice else { return }
        noiseChoice = choice
        refitNoise()
    }

    /// The noise filter for the rules asked and the mapping now; one already on keeps what it
    /// judged of the touches down.
    private func refitNoise() {
        if noise != nil {
            if !noise!.change(to: noiseChoice, description: description, mapper: mapper) { noise = nil }
        } else {
            noise = NoiseFilter(noiseChoice, description: description, mapper: mapper)
        }
        filtersNoise = noise != nil
    }

    /// Why a rule asked is off on this panel (a setting no touch could pass), nil when none is.
    public var noiseRefusal: String? { noise?.refused }

    /// The noise rules on (none when none reads it).
    public var noiseRules: NoiseRules { noise?.rules ?? [] }

    /// Maps the panel anew (a reloaded scene with another screen size).
    func remap(_ mapper: ScreenMapper) {
        corrections.remap(mapper)
        if noise != nil { refitNoise() }
        let turned = mapper.rotation.swapsSides
        let sx = (turned ? mapper.height : mapper.width) / Double(mapper.x.range)
        let sy = (turned ? mapper.width : mapper.height) / Double(mapper.y.range)
        pointsPerUnit = (sx * sy).squareRoot()
        let axis = description.absInfo[tracker.touchProtocol.positionCodes.x]
        if let a = axis, a.fuzz > 0 {
            restRadius = Double(a.fuzz) * pointsPerUnit
        } else if let a = axis, a.resolution > 0 {
            restRadius = Double(a.resolution) * pointsPerUnit
        } else {
            restRadius = 96 / 25.4  // a millimetre at 96 dpi, without a resolution
        }
    }

    /// Where a contact is in global screen points.
    func screenPoint(_ p: DevicePoint) -> Point { corrections.screenPoint(p) }

    /// The contact's position after the jitter filter and the masks, or nil when it is left out
    /// (`ContactCorrections.correct`).
    @inline(__always)
    func corrected(_ c: Contact) -> DevicePoint? { corrections.correct(c) }

    /// UIKit's force: the pressure normalised so that half the axis range is 1.0 (up to
    /// `maximumPossibleForce`); 0 for devices without pressure.
    func force(_ raw: Int32?) -> Double {
        guard let raw, let p = pressure, p.maximum > p.minimum else { return 0 }
        return Double(Int64(raw) - Int64(p.minimum)) / Double(Int64(p.maximum) - Int64(p.minimum))
            * Self.maximumPossibleForce
    }

    var maximumPossibleForce: Double { pressure == nil ? 0 : Self.maximumPossibleForce }

    /// A hovering pen's height as UIKit's zOffset: its distance over the axis' range, 0…1 (0
    /// without a distance axis).
    func zOffset(_ pen: PenState) -> Double { pen.height(over: description.absInfo[Kernel.ABS_DISTANCE]) }

    /// A pen's tip as the window gets it: a pencil touch with its altitude and its azimuth on
    /// the screen (turned with the panel's rotation), and whether it is the eraser end.
    func pencil(_ u: inout TouchUpdate, _ pen: PenState) {
        u.type = .pencil
        u.isEraser = pen.eraser
        guard let x = pen.tiltX, let y = pen.tiltY else { return }
        let a = PenAngles.angles(
            tiltX: PenAngles.radians(x, axis: description.absInfo[Kernel.ABS_TILT_X]),
            tiltY: PenAngles.radians(y, axis: description.absInfo[Kernel.ABS_TILT_Y]))
        u.altitudeAngle = a.altitude
        u.azimuthAngle = PenAngles.turned(a.azimuth, by: mapper.rotation)
    }

    /// UIKit's majorRadius: half the touch's major axis (`ABS_MT_TOUCH_MAJOR`, which the
    /// kernel defines in the position axes' units) in screen points; 0 without that axis.
    func majorRadius(_ raw: Int32?) -> Double {
        guard let raw else { return 0 }
        return Double(raw) / 2 * pointsPerUnit
    }
}
