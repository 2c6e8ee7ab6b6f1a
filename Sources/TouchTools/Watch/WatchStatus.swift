import InputEvents

/// `watch`'s words around the picture: the title line (the device, its protocol and slots,
/// the screen) and the status lines (report rate, contacts, SYN_DROPPED, the resting jitter,
/// playback and keys, and the coverage grid at the right).
package struct WatchStatus: Sendable {
    /// The resting jitter of the contact resting now, as `health` measures it.
    package struct Jitter: Sendable {
        package var id: UInt64
        /// How long it has rested, in seconds.
        package var seconds: Double
        /// The standard deviation and range of its positions on each axis.
        package var deviation: (x: Double, y: Double)
        package var range: (x: Double, y: Double)
        /// "mm", or "units" for a device without a resolution.
        package var unit: String

        package init(
            id: UInt64, seconds: Double, deviation: (x: Double, y: Double), range: (x: Double, y: Double), unit: String
        ) {
            self.id = id
            self.seconds = seconds
            self.deviation = deviation
            self.range = range
            self.unit = unit
        }
    }

    package var device: String
    package var source: String
    /// The tracker's summary, e.g. "multitouch protocol B, 10 slots".
    package var touchProtocol: String
    package var synDropped = 0
    package var jitter: Jitter?
    /// Where a recording's playback is ("recording 3.2 of 10.0 s", "end of recording"); nil live.
    package var playback: String?
    package var paused = false

    package init(device: String, source: String, touchProtocol: String) {
        self.device = device
        self.source = source
        self.touchProtocol = touchProtocol
    }

    /// The first line.
    package func title(screen: (width: Double, height: Double)) -> String {
        "\(device.printable) (\(source.printable)): \(touchProtocol), screen \(Int(screen.width))x\(Int(screen.height)) pt"
    }

    /// The status lines for a terminal `width` cells wide: one a row of the coverage grid (at
    /// least four), the grid at the right edge.
    package func lines(_ m: WatchModel, width: Int, unicode: Bool = true) -> [String] {
        let grid = coverage(m, unicode: unicode)
        var left = [
            "rate \(Int(m.rateNow.rounded()))/s now, \(Int(m.rateSinceStart.rounded()))/s since start, \(m.frames) frames",
            "down \(m.contacts.count), most \(m.mostAtOnce) at once, SYN_DROPPED \(synDropped)",
            jitterText,
            (paused ? "PAUSED  " : "") + "q quit  c clear  p " + (paused ? "go on" : "pause")
                + (playback.map { "  |  " + $0 } ?? ""),
        ]
        while left.count < grid.count { left.append("") }
        let gridWidth = m.coverageColumns + 10
        return left.enumerated().map { i, text in
            guard i < grid.count, width >= gridWidth + 20 else { return text }
            let room = width - gridWidth
            let l =
                text.count > room ? String(text.prefix(room)) : text + String(repeating: " ", count: room - text.count)
            return l + (i == 0 ? " coverage " : "          ") + grid[i]
        }
    }

    private var jitterText: String {
        guard let j = jitter else { return "jitter: no finger resting" }
        return
            "jitter #\(j.id) resting \(fixed(j.seconds, 1)) s: sd \(fixed(j.deviation.x, 2)) x \(fixed(j.deviation.y, 2)), "
            + "range \(fixed(j.range.x, 2)) x \(fixed(j.range.y, 2)) \(j.unit)"
    }

    /// The coverage grid's rows: a cell a contact has been in, and one it has not.
    private func coverage(_ m: WatchModel, unicode: Bool) -> [String] {
        (0..<m.coverageRows).map { r in
            String(
                (0..<m.coverageColumns).map { c in
                    m.coverage[r * m.coverageColumns + c] ? (unicode ? "█" : "#") : (unicode ? "·" : ".")
                })
        }
    }
}

/// `v` with `decimals` digits after the point.
private func fixed(_ v: Double, _ decimals: Int) -> String { String(fixed: v, decimals: decimals) }
