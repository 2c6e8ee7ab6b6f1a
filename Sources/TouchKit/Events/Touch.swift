/// A finger on the screen for the life of one contact: its phase, where it is and was, and
/// the view and window it was hit-tested to at touch-down (UITouch's role).
public final class Touch: Hashable, CustomStringConvertible {
    /// Where a touch is in its life, as UITouch.Phase.
    public enum Phase: String, Sendable {
        /// The finger came down.
        case began
        /// It moved.
        case moved
        /// It is down and did not move in this frame.
        case stationary
        /// It lifted.
        case ended
        /// It ended without lifting: the panel went, the kernel dropped events, a palm, a recognizer took it.
        case cancelled
    }

    /// Where the touch is in its life, as of the frame being delivered.
    public internal(set) var phase: Phase
    /// Seconds; the time of the frame that last changed the touch.
    public internal(set) var timestamp: Double
    /// How many taps in a row this touch is (a double tap's second touch says 2), by the application's tap interval and distance.
    public internal(set) var tapCount: Int
    /// Fixed at touch-down for the touch's whole life, even when the finger leaves the view;
    /// held strongly, as UITouch holds it. A view's recognizers hold the touches they follow
    /// until they reset, and the application lets its touches' views go when it goes.
    public internal(set) var view: View?
    /// The window the touch was hit-tested in, fixed at touch-down.
    public internal(set) var window: Window?
    /// The contact's pressure scaled so that 1 is an average touch (0 when the panel reports none), as UITouch.force.
    public internal(set) var force: Double
    /// The largest `force` the panel can report (0 without pressure).
    public internal(set) var maximumPossibleForce: Double
    /// The radius of the contact's major axis in points (0 when the panel does not report it).
    public internal(set) var majorRadius: Double
    /// A finger on the glass (`.direct`) or a pen's tip (`.pencil`), as UITouch.type.
    public internal(set) var type: TouchType = .direct
    /// A pen's angle with the glass in radians: π/2 upright (and always for a finger), as UITouch.altitudeAngle.
    public internal(set) var altitudeAngle: Double = .pi / 2
    /// The pen's eraser end touches (not in UIKit, whose pencils have none).
    public internal(set) var isEraser = false
    /// Where the pen points on the glass, in the window: radians from +x, growing clockwise on screen.
    var windowAzimuth = 0.0
    /// The id of the contact this touch follows (from the input side).
    public let identifier: UInt64
    /// This touch object's own number, never reused in the process: what recognizers key
    /// their bookkeeping by (an object's address can be reused once it is freed, and input
    /// identifiers may be reused once a contact ended).
    let serial: UInt64
    nonisolated(unsafe) private static var nextSerial: UInt64 = 1
    /// Where the contact comes from: an input-device number the input side assigns, and the
    /// kernel slot (-1 without slots). Not in UIKit; for logs that name the panel.
    public internal(set) var device = 0
    /// The kernel's multitouch slot of the contact (-1 on panels without slots).
    public internal(set) var slot = -1
    /// In window coordinates.
    var windowLocation: Point
    var previousWindowLocation: Point
    /// Hit-tested yet (done once, at touch-down).
    var routed = false
    /// The application's frame number when an update last mentioned it.
    var frame: UInt64 = 0
    /// False for touches their view may not have (exclusive touch, single touch); gesture
    /// recognizers still see them, as in UIKit.
    var isDelivered = true
    /// Gesture recognizers chosen at touch-down (of the hit view and its ancestors), held
    /// weakly: a recognizer follows its touches strongly, so the other way must not be.
    var recognizerRefs: [WeakRecognizer] = []

    var recognizers: [GestureRecognizer] { recognizerRefs.compactMap(\.recognizer) }
    var attached = false
    /// The view has had touchesBegan; has had its last call; waits for recognizers.
    var viewBegan = false
    var viewDone = false
    var heldBegan = false
    var heldEnded = false

    /// The recognizers that receive this touch: those of its view and the view's ancestors.
    public var gestureRecognizers: [GestureRecognizer] { recognizers }

    /// Whether `r` receives this touch.
    func isFollowed(by r: GestureRecognizer) -> Bool { recognizerRefs.contains { $0.recognizer === r } }

    init(
        identifier: UInt64, location: Point, window: Window, timestamp: Double, force: Double,
        maximumPossibleForce: Double, majorRadius: Double
    ) {
        self.identifier = identifier
        serial = Touch.nextSerial
        Touch.nextSerial &+= 1
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = 1
        self.window = window
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.majorRadius = majorRadius
        self.windowLocation = location
        self.previousWindowLocation = location
    }

    /// The location in `view`'s coordinates (window coordinates when nil).
    public func location(in view: View?) -> Point {
        guard let view, let window else { return windowLocation }
        return window.convert(windowLocation, to: view)
    }

    /// The previous location in `view`'s coordinates (window coordinates when nil).
    public func previousLocation(in view: View?) -> Point {
        guard let view, let window else { return previousWindowLocation }
        return window.convert(previousWindowLocation, to: view)
    }

    /// The location and previous location in `view`'s coordinates together, and in the
    /// window's: what a log line shows, for one look at the window instead of three.
    public func locations(in view: View?) -> (location: Point, previous: Point, inWindow: Point) {
        guard let view else { return (windowLocation, previousWindowLocation, windowLocation) }
        // The window's root view (nearly always): one step down, its geometry read once and
        // the views compared by address, so this per-touch path takes no reference.
        let geometry = view.state
        let window = withUnsafeBytes(of: &self.window) { $0.load(as: UnsafeRawPointer?.self) }
        if window != nil, view.superviewAddress == window {
            return (
                View.convert(windowLocation, fromSuperviewOf: geometry),
                View.convert(previousWindowLocation, fromSuperviewOf: geometry),
                windowLocation
            )
        }
        return locationsThroughWindow(in: view)
    }

    /// `locations(in:)` for any view: through the window's conversion.
    private func locationsThroughWindow(in view: View) -> (location: Point, previous: Point, inWindow: Point) {
        guard let window, view !== window else { return (windowLocation, previousWindowLocation, windowLocation) }
        return (
            window.convert(windowLocation, to: view), window.convert(previousWindowLocation, to: view), windowLocation
        )
    }

    public static func == (a: Touch, b: Touch) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(serial) }
    /// What sets hash a touch by: its serial number (unique for the process's life, like its
    /// identity) mixed with the set's seed by one multiplication, instead of a full SipHash
    /// round for each touch of each frame's sets.
    public func _rawHashValue(seed: Int) -> Int {
        var x = serial ^ UInt64(UInt(bitPattern: seed))
        x = (x ^ (x >> 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: x ^ (x >> 29))
    }

    public var description: String { "Touch #\(identifier) \(phase.rawValue) \(windowLocation)" }
}

/// A recognizer a touch is delivered to.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}

/// What the input side knows of one contact in one frame, in screen points: the application
/// turns these into touches and events.
public struct TouchUpdate: Sendable {
    // Laid out small (80 bytes, 72 before pens came): one is built and copied for each contact
    // of each frame, so the small fields share the word after `phase` and the device's number
    // and slot share one.

    /// The contact's identity across frames, unique for the life of the input side.
    public var identifier: UInt64
    /// The contact's phase in this frame.
    public var phase: Touch.Phase
    /// A finger or a pen's tip.
    public var type: Touch.TouchType = .direct
    /// The pen's eraser end touches.
    public var isEraser = false
    /// Where it is, in screen points.
    public var location: Point
    /// Its pressure, scaled as `Touch.force`.
    public var force: Double
    /// The force of a maximal touch on this device (0 when it reports no pressure).
    public var maximumPossibleForce: Double
    /// The radius of its major axis in points (0 when unknown).
    public var majorRadius: Double
    /// A pen's angle with the glass in radians (π/2 upright, and for a finger).
    public var altitudeAngle: Double = .pi / 2
    /// Where a pen points on the screen: radians from +x, growing clockwise.
    public var azimuthAngle: Double = 0
    private var deviceNumber: Int32
    private var kernelSlot: Int32

    /// The input device's number (the input side's choice) and kernel slot (-1 without).
    public var device: Int {
        get { Int(deviceNumber) }
        set { deviceNumber = Int32(truncatingIfNeeded: newValue) }
    }
    /// See ``device``.
    public var slot: Int {
        get { Int(kernelSlot) }
        set { kernelSlot = Int32(truncatingIfNeeded: newValue) }
    }

    /// One contact's state in one frame; `identifier` must stay the same for the contact's whole life.
    public init(
        identifier: UInt64, phase: Touch.Phase, location: Point, force: Double = 0,
        maximumPossibleForce: Double = 0, majorRadius: Double = 0, device: Int = 0, slot: Int = -1
    ) {
        self.identifier = identifier
        self.phase = phase
        self.location = location
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.majorRadius = majorRadius
        self.deviceNumber = Int32(truncatingIfNeeded: device)
        self.kernelSlot = Int32(truncatingIfNeeded: slot)
    }
}

extension Set where Element == Touch {
    /// The touches in the order they began: a recognizer that decides on the
    /// first touch that qualifies decides the same way every run, whatever the set's hashing.
    public var inTouchOrder: [Touch] {
        count < 2 ? Array(self) : sorted { $0.serial < $1.serial }
    }
}
