import InputEvents

/// Finds shakes in an accelerometer's stream (UIKit's `motionShake`): acceleration beyond
/// gravity above a threshold for a minimum time begins one; a settling time without it ends
/// it; one that goes on longer than a shake can is cancelled. Gravity is followed with a
/// low-pass filter, so tilting the device, however far, is not a shake. Values are in g, from
/// the axes' resolution (units per g).
public struct ShakeDetector {
    /// The thresholds (README, "Motion: shakes").
    public struct Settings: Sendable {
        /// Acceleration beyond gravity that counts as shaking (g).
        public var threshold = 0.7
        /// Shaking must go on this long before a shake begins (seconds).
        public var minimumDuration = 0.15
        /// A shake ends once the device has been calm this long (seconds).
        public var settleTime = 0.4
        /// A shake that goes on longer than this is cancelled (seconds).
        public var maximumDuration = 5.0
        /// The time constant of the gravity filter (seconds).
        public var gravityTimeConstant = 0.5
        public init() {}
    }

    public enum Change: Equatable, Sendable {
        case began(Double)
        case ended(Double)
        case cancelled(Double)
    }

    public let settings: Settings
    /// Units per g of the three axes.
    private let scale: (x: Double, y: Double, z: Double)
    private var raw: (x: Int32, y: Int32, z: Int32) = (0, 0, 0)
    private var gravity: (x: Double, y: Double, z: Double)?
    private var lastSample: Double?
    /// When shaking was first seen (a candidate, or the shake's start) and last seen.
    private var activeSince: Double?
    private var lastActive = 0.0
    public private(set) var isShaking = false
    /// After a cancelled shake, a new one needs the device calm first.
    private var needsCalm = false

    /// Whether a device is an accelerometer this detector can read: `INPUT_PROP_ACCELEROMETER`
    /// with ABS_X, ABS_Y and ABS_Z.
    public static func isAccelerometer(_ d: DeviceDescription) -> Bool {
        let k = Kernel.self
        return d.has(property: k.INPUT_PROP_ACCELEROMETER)
            && [k.ABS_X, k.ABS_Y, k.ABS_Z].allSatisfy { d.has(type: k.EV_ABS, code: $0) && d.absInfo[$0] != nil }
    }

    public init(description d: DeviceDescription, settings: Settings = Settings()) {
        self.settings = settings
        func unitsPerG(_ code: UInt16) -> Double {
            guard let a = d.absInfo[code] else { return 1 }
            // Without a resolution, assume the range spans ±2 g, the common default.
            return a.resolution > 0 ? Double(a.resolution) : max(Double(a.range) / 4, 1)
        }
        let k = Kernel.self
        scale = (unitsPerG(k.ABS_X), unitsPerG(k.ABS_Y), unitsPerG(k.ABS_Z))
        raw = (d.absInfo[k.ABS_X]?.value ?? 0, d.absInfo[k.ABS_Y]?.value ?? 0, d.absInfo[k.ABS_Z]?.value ?? 0)
    }

    /// Feeds one event; a `SYN_REPORT` evaluates the sample and may begin, end or cancel.
    public mutating func process(_ e: InputEvent) -> Change? {
        let k = Kernel.self
        if e.type == k.EV_ABS {
            switch e.code {
            case k.ABS_X: raw.x = e.value
            case k.ABS_Y: raw.y = e.value
            case k.ABS_Z: raw.z = e.value
            default: break
            }
            return nil
        }
        guard e.type == k.EV_SYN && e.code == k.SYN_REPORT else { return nil }
        return sample(at: e.time.inSeconds)
    }

    /// Acceleration beyond gravity now (g), for tests and tools.
    public private(set) var dynamic = 0.0

    private mutating func sample(at t: Double) -> Change? {
        // A deadline that passed before this sample takes effect first.
        if let change = advance(to: t) { return change }
        let a = (Double(raw.x) / scale.x, Double(raw.y) / scale.y, Double(raw.z) / scale.z)
        var g = gravity ?? a
        if let last = lastSample, gravity != nil {
            let dt = max(0, t - last)
            let alpha = dt / (settings.gravityTimeConstant + dt)
            g = (g.0 + alpha * (a.0 - g.0), g.1 + alpha * (a.1 - g.1), g.2 + alpha * (a.2 - g.2))
        }
        gravity = g
        lastSample = t
        let d = (a.0 - g.0, a.1 - g.1, a.2 - g.2)
        dynamic = (d.0 * d.0 + d.1 * d.1 + d.2 * d.2).squareRoot()
        guard dynamic >= settings.threshold else { return nil }
        if needsCalm {
            if t - lastActive < settings.settleTime {
                lastActive = t
                return nil
            }
            needsCalm = false
        }
        if activeSince == nil || t - lastActive > settings.settleTime { activeSince = t }
        lastActive = t
        if !isShaking, let since = activeSince, t - since >= settings.minimumDuration {
            isShaking = true
            return .began(t)
        }
        return nil
    }

    /// When `advance` could next end or cancel the shake, nil when none is under way.
    public var deadline: Double? {
        guard isShaking, let since = activeSince else { return nil }
        return min(lastActive + settings.settleTime, since + settings.maximumDuration)
    }

    /// Time passes with no sample: a shake ends once calm for the settling time, or is
    /// cancelled when it has gone on too long.
    public mutating func advance(to t: Double) -> Change? {
        guard isShaking, let since = activeSince else { return nil }
        if since + settings.maximumDuration <= t && since + settings.maximumDuration <= lastActive + settings.settleTime
        {
            isShaking = false
            activeSince = nil
            needsCalm = true
            return .cancelled(since + settings.maximumDuration)
        }
        if lastActive + settings.settleTime <= t {
            isShaking = false
            activeSince = nil
            return .ended(lastActive + settings.settleTime)
        }
        return nil
    }

    /// The device went away: a shake under way is cancelled.
    public mutating func cancel(at t: Double) -> Change? {
        guard isShaking else { return nil }
        isShaking = false
        activeSince = nil
        return .cancelled(t)
    }
}
