import CNcurses
import DeviceTools
import Evdev
import Glibc
import InputEvents
import Runtime
import TouchBridge
import TouchKit
import TouchTools

/// `watch`'s loop: reads the panel (or plays a recording at its pace), takes keys and
/// signals, and redraws at most 30 times a second from a timer armed only while the picture
/// has changed or something on it is about to fade — asleep in epoll otherwise. Reading comes
/// first: a drawing starts only when nothing is waiting, and on a machine where drawing is
/// slow the picture skips frames (drawing takes at most a quarter of the time), never the panel.
final class WatchSession {
    /// Where the events come from.
    enum Input {
        case device(EvdevDevice)
        case recording(Recording, speed: Double, until: Double?)
    }

    /// The fastest redraw.
    static let frameInterval = 1.0 / 30
    /// The time between drawings: `frameInterval`, or four times what the last drawing took.
    private var interval = WatchSession.frameInterval

    private var feed: WatchFeed
    private var status: WatchStatus
    private let screen: Size
    private let views: [WatchScreen.ViewBox]
    private let terminal: Terminal
    private let loop: EventLoop
    private let signals = SignalWatch(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    private var redraw: LoopTimer?
    private var dirty = true
    private var lastDraw = -Double.infinity
    /// The picture while paused (`p`): the model as it was; the status goes on from the live one.
    private var frozen: WatchModel?
    private var failure: (any Error)?
    private var playback: Playback?
    /// The terminal, watched for room to write while it has none.
    private var output: EventLoop.Source?

    init(feed: WatchFeed, status: WatchStatus, screen: Size, views: [WatchScreen.ViewBox], terminal: Terminal) throws {
        self.feed = feed
        self.status = status
        self.screen = screen
        self.views = views
        self.terminal = terminal
        loop = try EventLoop()
    }

    /// Runs until `q`, a signal, or the device goes away (thrown once the terminal is restored).
    func run(_ input: Input) throws {
        defer { terminal.end() }
        let redraw = try loop.timer { [unowned self] in dirty = true }
        self.redraw = redraw
        try loop.watch(signals.fd, order: .signal) { [unowned self] in signal() }
        if terminal.readsKeys { try loop.watch(0) { [unowned self] in keys() } }
        output = try loop.watch(1, readable: false) { [unowned self] in
            if terminal.hungUp(1) {
                loop.stop()
                return
            }  // the terminal is gone
            if let output { loop.wantsWritable(output, false) }  // room again: draw what is due
        }
        switch input {
        case .device(let device):
            try loop.watch(device.fd) { [unowned self] in read(device) }
        case .recording(let r, let speed, let until):
            let timer = try loop.timer { [unowned self] in play() }
            playback = Playback(recording: r, speed: speed, until: until, start: monotonicNow().inSeconds, timer: timer)
            play()
        }
        loop.run(beforeSleep: { [unowned self] in beforeSleep() })
        terminal.end()
        if let failure { throw failure }
    }

    /// Input time now: the clock the events are stamped with (monotonic), or the recording's
    /// position in its own time.
    private var inputNow: Double {
        playback?.position(at: monotonicNow().inSeconds) ?? monotonicNow().inSeconds
    }

    private func read(_ device: EvdevDevice) {
        dirty = true
        do {
            let state = try device.read(.synced) { e, isSync in feed.event(e, isSync: isSync) }
            if state == .unplugged { stop(DeviceError.unplugged(path: device.path)) }
        } catch {
            stop(error)
        }
    }

    private func play() {
        guard var p = playback else { return }
        p.play(upTo: monotonicNow().inSeconds) { feed.event($0) }
        if p.finished { feed.advance(to: p.heldAt) }
        playback = p
        dirty = true
    }

    private func keys() {
        let typed = terminal.keys()
        // Woken with nothing to read: the terminal hung up (a closed SSH session without a
        // SIGHUP); watching it further would wake the loop forever.
        if typed.isEmpty && terminal.hungUp(0) { loop.stop() }
        for k in typed {
            switch k {
            case Int32(UInt8(ascii: "q")), Int32(UInt8(ascii: "Q")), 3:  // 3: Ctrl-C, in raw mode
                loop.stop()
            case Int32(UInt8(ascii: "c")), Int32(UInt8(ascii: "C")):
                feed.clear()
                if frozen != nil { frozen = feed.model }
            case Int32(UInt8(ascii: "p")), Int32(UInt8(ascii: "P")), Int32(UInt8(ascii: " ")):
                frozen = frozen == nil ? feed.model : nil
            case KEY_RESIZE:
                terminal.resize()
            default:
                continue
            }
            dirty = true
        }
    }

    private func signal() {
        while let s = signals.take() {
            if s == SIGWINCH {
                terminal.resize()
                dirty = true
            } else {
                loop.stop()
            }
        }
    }

    private func stop(_ error: any Error) {
        failure = error
        loop.stop()
    }

    /// Draws when something changed and the last drawing is old enough, then arms the timer
    /// for the next drawing that is due (changed too soon, or something fading) — or not at all.
    private func beforeSleep() {
        let now = monotonicNow().inSeconds
        if dirty && now >= lastDraw + interval {
            guard terminal.hasRoom else {
                // Wait for the terminal to take output (woken by epoll), not in a write.
                if let output { loop.wantsWritable(output, true) }
                redraw?.arm(nil)
                return
            }
            draw(at: now)
            interval = max(Self.frameInterval, 4 * (monotonicNow().inSeconds - now))
        }
        var deadline: Double?
        if dirty { deadline = lastDraw + interval }
        if let expiry = feed.model.nextExpiry, let wall = wallTime(ofInput: expiry) {
            // A millisecond late, so the fading has happened when it is drawn.
            let due = max(wall + 0.001, lastDraw + interval)
            deadline = min(deadline ?? due, due)
        }
        redraw?.arm(deadline)
    }

    /// When input time `t` comes on the monotonic clock; nil once a recording holds its end.
    private func wallTime(ofInput t: Double) -> Double? {
        guard let p = playback else { return t }
        return p.finished ? nil : p.wallTime(of: t)
    }

    private func draw(at now: Double) {
        feed.advance(to: inputNow)
        status.synDropped = feed.synDropped
        status.jitter = feed.jitter()
        status.paused = frozen != nil
        status.playback = playback?.summary
        let lines = status.lines(feed.model, width: terminal.columns, unicode: terminal.unicode)
        let frame = WatchScreen.render(
            frozen ?? feed.model, columns: terminal.columns, rows: terminal.rows,
            title: status.title(screen: (screen.width, screen.height)), status: lines,
            views: views, unicode: terminal.unicode)
        terminal.draw(frame)
        dirty = false
        lastDraw = now
    }
}

/// A recording played at its pace (times `speed`), up to `until` seconds into it, then held.
private struct Playback {
    let events: [InputEvent]
    let first: Double, last: Double
    let speed: Double
    let until: Double?
    /// The monotonic time the recording's first event was played at.
    let start: Double
    let timer: LoopTimer
    private var next = 0
    private(set) var finished = false

    init(recording r: Recording, speed: Double, until: Double?, start: Double, timer: LoopTimer) {
        events = r.events
        first = r.events.first?.time.inSeconds ?? 0
        last = r.events.last?.time.inSeconds ?? 0
        self.speed = speed
        self.until = until
        self.start = start
        self.timer = timer
    }

    /// Where playback ends: the last event, or `until` into the recording.
    var end: Double { until.map { min(first + $0, last) } ?? last }
    /// The input time a finished playback holds.
    var heldAt: Double { until.map { first + $0 } ?? last }

    func position(at wall: Double) -> Double { finished ? heldAt : first + (wall - start) * speed }
    func wallTime(of t: Double) -> Double { start + (t - first) / speed }

    /// Plays every event due by `wall`, then arms the timer for the next one.
    mutating func play(upTo wall: Double, _ body: (InputEvent) -> Void) {
        let now = position(at: wall)
        while next < events.count, events[next].time.inSeconds <= min(now, end) {
            body(events[next])
            next += 1
        }
        if next == events.count || events[next].time.inSeconds > end {
            finished = true
            timer.arm(nil)
        } else {
            timer.arm(wallTime(of: events[next].time.inSeconds))
        }
    }

    var summary: String {
        let total = fixed(end - first, 1)
        if finished { return "recording held at \(fixed(heldAt - first, 1)) of \(fixed(last - first, 1)) s" }
        return "recording \(fixed(position(at: monotonicNow().inSeconds) - first, 1)) of \(total) s"
            + (speed == 1 ? "" : " at \(fixed(speed, speed == speed.rounded() ? 0 : 2))x")
    }
}

private func fixed(_ v: Double, _ decimals: Int) -> String { String(fixed: v, decimals: decimals) }
