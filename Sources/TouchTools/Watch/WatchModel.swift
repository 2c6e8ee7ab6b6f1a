import TouchKit

/// What `watch` shows of a panel, as plain values: the contacts down with their trails of the
/// last half second, where touches began and ended, the report rate, the most contacts at
/// once and the coverage so far. Fed frame by frame; drawing is someone else's job.
package struct WatchModel {
    /// A contact down now.
    package struct Contact: Sendable {
        package let id: UInt64
        package let slot: Int
        package var location: Point
        /// Where it was, newest last, no older than `trailSeconds`.
        package var trail: [(time: Double, point: Point)]
        /// The view it was hit-tested to when it began (with a scene).
        package var view: String?
        /// A pen's tip (`pen`, or `eraser` for its other end); nil for a finger.
        package var tool: String?
    }

    /// A pen over the glass, not touching it.
    package struct Hover: Equatable, Sendable {
        package var point: Point
        package var isEraser: Bool
        /// Its height, 0 (touching) to 1 (the top of its range), as `zOffset`.
        package var height: Double

        package init(point: Point, isEraser: Bool, height: Double) {
            self.point = point
            self.isEraser = isEraser
            self.height = height
        }
    }

    /// Where a touch began or ended, shown for `trailSeconds`.
    package struct Mark: Sendable {
        package enum Kind: Sendable { case began, ended, cancelled }
        package let kind: Kind
        package let point: Point
        package let time: Double
    }

    /// The screen the contacts' points are in.
    package let screen: Size
    /// How long trails and marks stay.
    package var trailSeconds = 0.5
    /// The coverage grid's size: cells a contact has been in.
    package let coverageColumns: Int, coverageRows: Int
    package private(set) var coverage: [Bool]
    package private(set) var contacts: [Contact] = []
    package private(set) var marks: [Mark] = []
    /// Report frames (SYN_REPORT) seen, the first one's time, and the latest input time.
    package private(set) var frames = 0
    package private(set) var firstFrame: Double?
    package private(set) var now = 0.0
    package private(set) var mostAtOnce = 0
    /// The pen hovering now, drawn as an outline where it would touch.
    package var hover: Hover?
    /// Report frames' times; those before `lastSecondStart` are older than a second (dropped
    /// in batches, so a 1 kHz panel costs no scan a frame).
    private var lastSecond: [Double] = []
    private var lastSecondStart = 0

    package init(screen: Size, coverageColumns: Int = 8, coverageRows: Int = 4) {
        self.screen = screen
        self.coverageColumns = coverageColumns
        self.coverageRows = coverageRows
        coverage = [Bool](repeating: false, count: coverageColumns * coverageRows)
    }

    /// A report frame at `time` (each SYN_REPORT, with or without touch changes).
    package mutating func reportFrame(at time: Double) {
        frames += 1
        if firstFrame == nil { firstFrame = time }
        lastSecond.append(time)
        advance(to: time)
    }

    /// Frames in the last second of input time.
    package var rateNow: Double { Double(lastSecond.count - lastSecondStart) }

    /// Frames a second since the first one.
    package var rateSinceStart: Double {
        guard let first = firstFrame, now > first else { return 0 }
        return Double(frames - 1) / (now - first)
    }

    /// A frame's touch changes, in screen points; `hitTest` names the view a touch that
    /// begins is hit-tested to.
    package mutating func touches(_ updates: [TouchUpdate], at time: Double, hitTest: (Point) -> String? = { _ in nil })
    {
        advance(to: time)
        for u in updates {
            let i = contacts.firstIndex { $0.id == u.identifier }
            switch u.phase {
            case .began:
                contacts.append(
                    Contact(
                        id: u.identifier, slot: u.slot, location: u.location, trail: [(time, u.location)],
                        view: hitTest(u.location), tool: u.type == .pencil ? (u.isEraser ? "eraser" : "pen") : nil))
                marks.append(Mark(kind: .began, point: u.location, time: time))
            case .moved, .stationary:
                guard let i else { continue }
                contacts[i].location = u.location
                contacts[i].trail.append((time, u.location))
            case .ended, .cancelled:
                if let i { contacts.remove(at: i) }
                marks.append(Mark(kind: u.phase == .ended ? .ended : .cancelled, point: u.location, time: time))
            }
            cover(u.location)
        }
        mostAtOnce = max(mostAtOnce, contacts.count)
    }

    /// When, in input time, the screen next changes by itself (a mark or the tail of a trail
    /// growing too old, a frame leaving the last second's rate): nil when nothing will.
    package var nextExpiry: Double? {
        var t: Double?
        func consider(_ v: Double) { t = min(t ?? v, v) }
        if let m = marks.first { consider(m.time + trailSeconds) }
        for c in contacts where c.trail.count > 1 { consider(c.trail[0].time + trailSeconds) }
        if lastSecondStart < lastSecond.count { consider(lastSecond[lastSecondStart] + 1) }
        return t
    }

    /// Input time moves on: trails, marks and the rate window drop what is too old.
    package mutating func advance(to time: Double) {
        now = max(now, time)
        let oldest = now - trailSeconds
        // Oldest first in both: only a prefix goes, and only when it has aged (a memmove).
        for i in contacts.indices where contacts[i].trail.first.map({ $0.time < oldest }) == true {
            contacts[i].trail.removeFirst(contacts[i].trail.firstIndex { $0.time >= oldest } ?? contacts[i].trail.count)
        }
        if let first = marks.first, first.time < oldest {
            marks.removeFirst(marks.firstIndex { $0.time >= oldest } ?? marks.count)
        }
        while lastSecondStart < lastSecond.count, lastSecond[lastSecondStart] <= now - 1 { lastSecondStart += 1 }
        if lastSecondStart > 1024 && lastSecondStart * 2 > lastSecond.count {
            lastSecond.removeFirst(lastSecondStart)
            lastSecondStart = 0
        }
    }

    /// `c` in `watch`: trails, marks, counters and coverage start again; contacts down stay.
    package mutating func clear() {
        for i in contacts.indices { contacts[i].trail = [(now, contacts[i].location)] }
        marks.removeAll()
        frames = 0
        firstFrame = nil
        lastSecond.removeAll()
        lastSecondStart = 0
        mostAtOnce = contacts.count
        for i in coverage.indices { coverage[i] = false }
    }

    private mutating func cover(_ p: Point) {
        guard screen.width > 0, screen.height > 0 else { return }
        let c = min(coverageColumns - 1, max(0, Int(p.x / screen.width * Double(coverageColumns))))
        let r = min(coverageRows - 1, max(0, Int(p.y / screen.height * Double(coverageRows))))
        coverage[r * coverageColumns + c] = true
    }
}
