/// A kernel timestamp (`struct timeval`): whole seconds and microseconds.
public struct EventTime: Hashable, Comparable, Sendable {
    public var seconds: Int64
    public var microseconds: Int32

    public init(seconds: Int64, microseconds: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
    }

    /// The time as microseconds since the clock's epoch.
    public var totalMicroseconds: Int64 { seconds * 1_000_000 + Int64(microseconds) }

    public init(totalMicroseconds us: Int64) {
        var s = us / 1_000_000
        var r = us % 1_000_000
        if r < 0 {
            r += 1_000_000
            s -= 1
        }
        self.init(seconds: s, microseconds: Int32(r))
    }

    /// The time in seconds, as TouchKit, the handler log and the timers count it: the one
    /// conversion from event time (whole seconds plus microseconds, so large times lose nothing
    /// to the division).
    public var inSeconds: Double { Double(seconds) + Double(microseconds) / 1e6 }

    /// A time from seconds (as the monotonic clock gives them), truncated to the microsecond.
    public init(inSeconds s: Double) { self.init(totalMicroseconds: Int64(s * 1e6)) }

    public static func < (a: EventTime, b: EventTime) -> Bool {
        (a.seconds, a.microseconds) < (b.seconds, b.microseconds)
    }
}

/// One `struct input_event`: the unit the kernel, libevdev and evemu recordings all share.
public struct InputEvent: Hashable, Sendable {
    public var time: EventTime
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: EventTime, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// True for the `SYN_REPORT` that ends an input frame.
    public var isReport: Bool { type == Kernel.EV_SYN && code == Kernel.SYN_REPORT }
}
