import ControlProtocol
import Glibc
import InputEvents
import Output
import Runtime
import TextBuffers
import TouchScene

/// `run --socket PATH`: the handler log for every program on the kiosk. Each client gets a
/// `hello` line, then the log's lines as they are written (all kinds the socket serves as JSON
/// Lines, or what its `subscribe` line asks for). Lines are formatted once, whatever the number
/// of clients; each client has its own bounded queue, so none can hold the loop: one that falls
/// behind loses whole lines and hears how many, one that stays behind is disconnected. No
/// client can hold the socket either: a wake accepts and reads a bounded amount, a user has
/// at most `maxClientsPerUser` connections (a new one replaces its oldest), and when all
/// `maxClients` are taken a newcomer replaces the oldest connection of the user with the most.
package final class EventSocket {
    package static let maxClients = 64
    /// Connections one user (by the peer's uid) may hold at once.
    package static let maxClientsPerUser = 16
    /// The longest line a client may send.
    package static let lineLimit = 4096
    /// Connections accepted in one wake at most (the rest wait in the backlog for the next).
    static let acceptsPerWake = 16
    /// Bytes read (and so lines parsed) from one client in one wake at most: a client that
    /// floods commands delays the panels' next frame by a few hundred lines' parsing at most.
    static let readBudget = 2 << 10
    /// Commands one client may send: `commandBurst` at once, then `commandsPerSecond`; one
    /// over it is refused (answered, not carried out).
    package static let commandBurst = 20.0, commandsPerSecond = 10.0

    /// The socket file (nil for a socket systemd passed in, which is systemd's to remove).
    package let path: String?
    let fd: Int32
    private let loop: EventLoop
    private let log: HandlerLog
    private let queueCapacity: Int
    /// Seconds a client may go on losing lines before it is disconnected.
    private let stallLimit: Double
    private var source: EventLoop.Source?
    private(set) var clients: [SocketClient] = []
    private var nextID = 1
    private var scratch = TextBuffer(capacity: 1 << 12)
    /// What a client's read lands in, 256 bytes at a time.
    private var chunk = (
        (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)),
        (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)),
        (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)),
        (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    )
    /// The kinds this socket serves (`run --socket-events`): a client gets no others.
    package let served: HandlerLog.Kinds
    /// Connections and disconnections said in the journal: a loop of connects cannot flood it.
    private var notes = TokenBucket(burst: 20, perSecond: 1)
    /// Writes the `hello` line (the state now).
    package var hello: (inout TextBuffer) -> Void = { _ in }
    /// The log's time now (for `dropped`, `ok` and `error` lines).
    package var now: () -> Double = { 0 }
    /// Who may command the kiosk (nil: this socket takes no commands).
    package var access: ControlAccess?
    /// Carries out a command a permitted client sent, `cause` naming the client.
    package var perform: (ControlCommand, KioskCause) -> ControlAnswer = { _, _ in
        .failed("this daemon takes no commands")
    }
    package var warn: (String, Diagnostics.Level) -> Void = { _, _ in }

    /// Listens on `path` (or on `inherited`, a socket systemd passed) in `loop`.
    package init(
        path: String?, inherited: Int32? = nil, loop: EventLoop, log: HandlerLog,
        queueCapacity: Int = QueuedOutput.defaultCapacity, stallLimit: Double = 30,
        served: HandlerLog.Kinds = .all
    ) throws {
        if let inherited {
            fd = inherited
            self.path = nil
        } else {
            fd = try UnixSocket.listen(path: path ?? "")
            self.path = path
        }
        signal(SIGPIPE, SIG_IGN)  // a client that leaves ends its output, not the daemon
        self.loop = loop
        self.log = log
        self.queueCapacity = queueCapacity
        self.stallLimit = stallLimit
        self.served = served
        source = try loop.watch(fd, order: .requests) { [unowned self] in acceptAll() }
    }

    /// The number of clients connected now.
    package var clientCount: Int { clients.count }

    /// When the first client still connected came (monotonic seconds), and whether one has sent
    /// its line (a subscription): what a recording waiting for its first client starts on.
    package var firstClient: (since: Double, spoke: Bool)? {
        guard let first = clients.map(\.connected).min() else { return nil }
        return (first, clients.contains { $0.spoke })
    }

    private func acceptAll() {
        let refused: (Int32) -> Void = { [unowned self] e in
            warn(
                "event socket: refused a client: it cannot be made non-blocking (\(String(cString: strerror(e))))",
                .warning)
        }
        var accepted = 0
        while accepted < Self.acceptsPerWake, let cfd = UnixSocket.accept(fd, refused: refused) {
            accepted += 1
            let peer = UnixSocket.peer(cfd)
            let who = peer.map { "uid \($0.uid), pid \($0.pid)" } ?? "peer unknown"
            if let (old, why) = Admission.replaced(among: clients, byNewcomerOf: peer?.uid) {
                refuse(old, why)
            }
            let c = SocketClient(
                id: nextID, fd: cfd, peer: peer, capacity: queueCapacity, connected: monotonicSeconds())
            c.groups = UnixSocket.peerGroups(cfd)
            nextID += 1
            do {
                c.source = try loop.watch(cfd, order: .requests) { [unowned self, unowned c] in handle(c) }
            } catch {
                close(cfd)
                warn("event socket: \(error)", .error)
                continue
            }
            c.out.wantsWritable = { [unowned self, unowned c] on in if let s = c.source { loop.wantsWritable(s, on) } }
            c.out.writeDroppedLine = { [unowned self, unowned c] n, b in
                warn("event socket: client \(c.id) did not keep up; \(n) line\(n == 1 ? "" : "s") dropped", .info)
                log.writeDropped(n, at: now(), into: &b, format: c.subscription.format)
            }
            // It gets the lines logged from now on, not those already waiting for this flush.
            c.sent = (log.buffer.count, log.otherBuffer.count)
            c.subscription.kinds = served
            clients.append(c)
            note("event socket: client \(c.id) connected (\(who))", .info)
            scratch.removeAll()
            hello(&scratch)
            scratch.withUnsafeBytes { c.out.send($0) }
        }
    }

    /// The client's descriptor is ready: its line (a subscription), its end, or room to write.
    private func handle(_ c: SocketClient) {
        if c.reading {
            var budget = Self.readBudget
            while budget > 0 {
                let n = withUnsafeMutableBytes(of: &chunk) { read(c.fd, $0.baseAddress, min($0.count, budget)) }
                if n > 0 {
                    budget -= n
                    withUnsafeBytes(of: &chunk) { c.input.append(contentsOf: $0[0..<n]) }
                    if let problem = takeLines(c) { return refuse(c, problem) }
                    continue
                }
                if n < 0 && (errno == EINTR) { continue }
                if n < 0 && errno == EAGAIN { break }
                if n < 0 { return disconnect(c, "read error: \(String(cString: strerror(errno)))") }
                // End of its input: it may still read (a half-closed socket), or be gone.
                c.reading = false
                if let s = c.source { loop.stopReading(s) }
                break
            }
        }
        if !c.reading && UnixSocket.peerClosed(c.fd) { return disconnect(c, "closed by the client") }
        c.out.writeReady()
        if c.out.isBroken { disconnect(c, "closed by the client") }
    }

    /// Applies the complete lines a client sent; the problem with one, if any.
    private func takeLines(_ c: SocketClient) -> String? {
        var start = 0
        defer { c.input.removeFirst(start) }
        while let nl = c.input[start...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = c.input[start..<nl]
            start = nl + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            c.spoke = true
            switch ClientLine.parse(Array(line), serving: served) {
            case .success(.command(let command)):
                answer(c, command)
            case .success(.subscription(let s)):
                // What was logged before the line arrived goes out as the client had asked
                // until now: a new format starts from here (the other buffer may not have it).
                send(to: c)
                c.subscription = s
                c.sent = (log.buffer.count, log.otherBuffer.count)
                updateFormats()
            case .failure(let e):
                return e.description
            }
        }
        return c.input.count - start > Self.lineLimit ? "a line longer than \(Self.lineLimit) bytes" : nil
    }

    /// Carries out a client's command when it may give one, then answers: the lines the
    /// command logged reach the client first (in its subscription), then its `ok` or `error`.
    private func answer(_ c: SocketClient, _ command: Result<ControlCommand, ClientLineError>) {
        let name: String?
        let result: ControlAnswer
        switch command {
        case .failure(let e):
            (name, result) = (nil, .failed(e.description))
        case .success(let command):
            name = command.name.rawValue
            if let why = access.map({ $0.refusal(peer: c.peer, groups: c.groups) }) ?? "this socket takes no commands" {
                note("event socket: client \(c.id) refused a command: \(why)", .notice)
                result = .failed(why)
            } else if !c.commands.take(at: monotonicSeconds()) {
                note(
                    "event socket: client \(c.id) sends more commands than \(Int(Self.commandsPerSecond)) a second",
                    .notice)
                result = .failed(
                    "too many commands: at most \(Int(Self.commandsPerSecond)) a second (\(Int(Self.commandBurst)) at once); "
                        + "this one was not carried out")
            } else {
                result = perform(command, .command(uid: c.peer?.uid, pid: c.peer?.pid))
            }
        }
        send(to: c)
        scratch.removeAll()
        result.write(command: name, time: now(), into: &scratch)
        scratch.withUnsafeBytes { c.out.send($0) }
    }

    /// The log writes the other format only while a client takes it.
    private func updateFormats() {
        log.writesOtherFormat = clients.contains { $0.subscription.format != log.format }
    }

    /// Sends the lines logged since the last flush to every client, each in its format and
    /// kinds. Called before the log's buffers are emptied.
    package func deliver() {
        guard !clients.isEmpty else { return }
        let t = now()
        for c in clients {
            send(to: c)
            c.sent = (0, 0)
            if c.out.isBroken {
                disconnect(c, "closed by the client")
                continue
            }
            if !c.out.isDropping {
                c.droppingSince = nil
                continue
            }
            let since = c.droppingSince ?? t
            c.droppingSince = since
            if t - since > stallLimit {
                disconnect(
                    c, "too slow: it lost \(c.out.droppedTotal) lines and did not catch up in \(Int(stallLimit)) s")
            }
        }
    }

    /// Sends `c` the lines of this flush it has not had yet, in its format and kinds.
    private func send(to c: SocketClient) {
        let primary = c.subscription.format == log.format
        guard let (buffer, marks) = log.lines(in: c.subscription.format) else { return }
        let from = primary ? c.sent.primary : c.sent.other
        if primary { c.sent.primary = buffer.count } else { c.sent.other = buffer.count }
        guard buffer.count > from else { return }
        if c.subscription.kinds == .all {
            buffer.withUnsafeBytes { c.out.send(UnsafeRawBufferPointer(rebasing: $0[from...])) }
        } else {
            scratch.removeAll()
            HandlerLog.copy(c.subscription.kinds, from: buffer, marks: marks, into: &scratch, after: from)
            scratch.withUnsafeBytes { c.out.send($0) }
        }
    }

    /// An error line to a client that broke the protocol, then the end.
    private func refuse(_ c: SocketClient, _ problem: String) {
        scratch.removeAll()
        errorLine(problem, into: &scratch)
        scratch.withUnsafeBytes { c.out.send($0) }
        disconnect(c, problem, level: .warning)
    }

    private func errorLine(_ message: String, into b: inout TextBuffer) {
        ControlAnswer.failed(message).write(command: nil, time: now(), into: &b)
    }

    private func disconnect(_ c: SocketClient, _ why: String, level: Diagnostics.Level = .info) {
        guard let i = clients.firstIndex(where: { $0 === c }) else { return }
        clients.remove(at: i)
        if let s = c.source {
            loop.remove(s)
            c.source = nil
        }
        close(c.fd)
        note("event socket: client \(c.id) disconnected: \(why)", level)
        updateFormats()
    }

    /// A connection's news in the journal, within `notes`' rate; what was left out is counted
    /// in the next one said.
    private func note(_ message: String, _ level: Diagnostics.Level) {
        guard notes.take(at: monotonicSeconds()) else { return }
        let left = notes.takeRefused()
        warn(
            left == 0 ? message : message + " (\(left) earlier connection notes left out: too many at once)", level)
    }

    /// Shutdown: each client gets what is queued for it (waiting at most `grace` seconds in
    /// all); one still behind then loses what it has not begun to get and is told how many
    /// (a further `2 × grace` at most: what the kernel already holds for it must be read
    /// first, up to a socket buffer's worth), so that no client takes a loss for the
    /// end of the stream. Then end of file; the socket file is removed.
    package func finish(grace: Double = 1) {
        drain(for: grace)
        for c in clients where c.out.pending > 0 { c.out.dropQueued() }
        drain(for: 2 * grace)
        for c in clients {
            if let s = c.source { loop.remove(s) }
            close(c.fd)
        }
        clients.removeAll()
        if let s = source {
            loop.remove(s)
            source = nil
        }
        close(fd)
        if let path { unlink(path) }
    }
}

extension EventSocket {
    /// Writes to the clients that have lines waiting as they take them, `seconds` at most.
    fileprivate func drain(for seconds: Double) {
        let end = monotonicSeconds() + seconds
        while true {
            let waiting = clients.filter { $0.out.pending > 0 && !$0.out.isBroken }
            let left = end - monotonicSeconds()
            guard !waiting.isEmpty, left > 0 else { return }
            var fds = waiting.map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), Int32(left * 1000) + 1) > 0 else { return }
            for (c, p) in zip(waiting, fds) where p.revents != 0 { c.out.writeReady() }
        }
    }
}

/// One connected client: its queue, what it subscribed to, what it has sent so far.
final class SocketClient {
    let id: Int
    let fd: Int32
    let peer: UnixSocket.Peer?
    let out: QueuedOutput
    var subscription = Subscription()
    var input: [UInt8] = []
    var source: EventLoop.Source?
    var reading = true
    /// When it started losing lines (nil while it keeps up).
    var droppingSince: Double?
    /// Its supplementary groups as it connected (who may command).
    var groups: [UInt32]?
    /// How far into the log's buffers (its format's and the other) it has been sent this flush.
    var sent: (primary: Int, other: Int) = (0, 0)
    /// When it connected (monotonic seconds), and whether it has sent a line since.
    let connected: Double
    var spoke = false
    /// The commands it may still send now.
    var commands = TokenBucket(burst: EventSocket.commandBurst, perSecond: EventSocket.commandsPerSecond)

    init(id: Int, fd: Int32, peer: UnixSocket.Peer?, capacity: Int, connected: Double) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.connected = connected
        out = QueuedOutput(fd: fd, capacity: capacity)
    }
}
