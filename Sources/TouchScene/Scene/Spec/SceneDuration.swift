import ControlProtocol

/// Durations a scene gives in seconds: an idle time, a command's timeout, a gesture's times.
/// Each reaches a timer, so each is bounded where it is read: a file that says `1e300` is
/// refused with its line, not armed.
public enum SceneDuration {
    /// The longest duration a scene may give: a day (86,400 s). Nothing a kiosk waits for is
    /// longer; a larger figure is a typo or an attack on the timers.
    public static let maximum = Durations.longest

    /// What a message says a duration may be.
    public static func expected(allowingZero: Bool) -> String {
        "a number of seconds \(allowingZero ? "from 0" : "above 0") to \(Int(maximum)) (a day)"
    }

    /// Whether `seconds` is a duration a scene may give.
    public static func isValid(_ seconds: Double, allowingZero: Bool) -> Bool {
        (allowingZero ? seconds >= 0 : seconds > 0) && seconds <= maximum
    }
}

extension KeyedDecodingContainerProtocol {
    /// The duration under `key` (`fallback` when absent), refused with the key's line unless
    /// it is above 0 (or, `allowingZero`, at least 0) and at most `SceneDuration.maximum`.
    func decodeDuration(_ key: Key, fallback: Double? = nil, allowingZero: Bool = false) throws -> Double {
        let value: Double
        if let fallback {
            value = try decodeIfPresent(Double.self, forKey: key) ?? fallback
        } else {
            value = try decode(Double.self, forKey: key)
        }
        guard SceneDuration.isValid(value, allowingZero: allowingZero) else {
            throw failure(
                key,
                "expected \(SceneDuration.expected(allowingZero: allowingZero)), found \(value.isFinite && abs(value) < 1e15 ? String(compact: value) : "\(value)")"
            )
        }
        return value
    }
}
