/// Identical diagnostics in a row written `burst` times at most: a line that comes again more
/// often within `window` seconds of its first writing is counted, and the count said when
/// another line comes (or the same one after the window), so a flood from outside says what
/// it did in a few lines, not thousands, while two reloads in a row still show as two. The
/// caller hands in the time, so it is tested without a clock.
public struct RepeatedLines: Sendable {
    /// Seconds a line is counted rather than written again.
    public let window: Double
    /// Identical lines in a row written before the rest are counted.
    public let burst: Int
    private var last: String?
    private var since = 0.0
    private var written = 0
    /// Times the last line came again since it was written.
    public private(set) var repeats = 0

    public init(window: Double = 10, burst: Int = 3) {
        self.window = window
        self.burst = burst
    }

    /// Whether `line`, at `now`, is written; `repeatsBefore`: how many times the line before it
    /// came again unwritten, to say first (0: nothing to say).
    public mutating func take(_ line: String, at now: Double) -> (write: Bool, repeatsBefore: Int) {
        if line == last, now - since < window {
            if written < burst {
                written += 1
                return (true, 0)
            }
            repeats += 1
            return (false, 0)
        }
        let before = repeats
        last = line
        since = now
        repeats = 0
        written = 1
        return (true, before)
    }

    /// A line that is never counted came between: the repeats not said yet (to say before it),
    /// and the next counted line is new.
    public mutating func interrupt() -> Int {
        last = nil
        return takeRepeats()
    }

    /// The repeats not said yet, now said (the count begun anew): at the end of a run.
    public mutating func takeRepeats() -> Int {
        defer { repeats = 0 }
        return repeats
    }

    /// The line that says `n` repeats of the line before it.
    public func saying(_ n: Int) -> String {
        "(the line above came \(n) more time\(n == 1 ? "" : "s"), each within \(Int(window)) s of the one before)"
    }
}
