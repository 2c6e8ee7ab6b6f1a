import ControlProtocol
import Glibc
import MQTTBridge
import Output
import Runtime

/// `touchbridge mqtt`: reads the daemon's event socket and keeps an MQTT broker told: the
/// kiosk's state on retained topics, Home Assistant's discovery, commands from their topics
/// back into the socket. Both connections come back with back-off; neither waits for the
/// other, and the daemon never waits for either (a socket client that falls behind only
/// loses lines).
final class Bridge {
    let options: BridgeOptions
    let topics: BridgeTopics
    let discovery: Discovery
    let loop: EventLoop
    let client: MQTTClient
    private var state = KioskState()
    /// The daemon's socket, while connected; what came of a line not yet ended.
    private var daemon: (fd: Int32, source: EventLoop.Source)?
    private var pending: [UInt8] = []
    private var brokerSource: EventLoop.Source?
    private var brokerUp = false
    /// Set on the way out: the goodbye's disconnection is not a loss.
    private var stopping = false
    /// What the broker was last told: whether a backlight was announced (nil: nothing yet on
    /// this connection), and the availability.
    private var announced: Bool?
    private var available: Bool?
    /// Whether the first connection was begun (later ones reconnect).
    private var brokerStarted = false
    private var daemonBackoff = Backoff(shortest: 1, longest: 30)
    private var brokerBackoff = Backoff(shortest: 1, longest: 60)
    private var daemonRetry: LoopTimer!
    private var brokerRetry: LoopTimer!
    private var keepalive: LoopTimer!
    /// What was said about each connection's failure, so that a long outage is said once.
    private var daemonSaid: String?, brokerSaid: String?
    /// When the connection to the broker was made: one that drops at once does not reset the
    /// back-off (a broker that accepts then kicks the bridge out is tried less and less often).
    private var brokerUpSince: Double?
    /// The entities the daemon's socket cannot feed (the kinds it does not serve, or the
    /// actions none are published of), by object id: their configs are removed.
    private var leftOut: Set<String> = []
    /// Commands from the broker: 10 at once, then 5 a second (the daemon allows 10).
    private var commandRate = TokenBucket(burst: 10, perSecond: 5)
    private let signals = SignalWatch(signals: [SIGINT, SIGTERM])
    /// How long a connection must last for the back-off to begin anew.
    static let steadyConnection = 30.0

    init(options: BridgeOptions, id: String, name: String, version: String) throws {
        self.options = options
        topics = BridgeTopics(id: id, base: options.base, discoveryPrefix: options.discoveryPrefix)
        discovery = Discovery(topics: topics, name: name, version: version)
        loop = try EventLoop()
        client = try MQTTClient(id: "touchbridge-\(id)")
        try client.will(topic: topics.availability, payload: "offline")
        if let file = options.credentials {
            let c = try BridgeSetup.credentials(file)
            if c.username != nil { try client.credentials(username: c.username, password: c.password) }
            if c.password != nil, !options.broker.tls, !c.asksForTLS {
                Diagnostics.print(
                    "touchbridge: mqtt: the password goes to \(options.broker.description) in clear (no TLS): "
                        + "anyone on the network path reads it; mqtts:// keeps it private", level: .warning)
            }
            if options.broker.tls || c.asksForTLS {
                try client.tls(cafile: c.cafile, capath: c.capath, certfile: c.certfile, keyfile: c.keyfile)
            }
        } else if options.broker.tls {
            try client.tls(cafile: nil, capath: nil, certfile: nil, keyfile: nil)
        }
        daemonRetry = try loop.timer { [unowned self] in connectDaemon() }
        brokerRetry = try loop.timer { [unowned self] in connectBroker() }
        keepalive = try loop.timer { [unowned self] in keepAlive() }
        client.connected = { [unowned self] rc in brokerConnected(rc) }
        client.disconnected = { [unowned self] rc in brokerLost(rc == 0 ? "disconnected" : MQTTClient.describe(rc)) }
        client.received = { [unowned self] topic, payload, retained in
            received(topic: topic, payload: payload, retained: retained)
        }
        try loop.watch(signals.fd, order: .signal) { [unowned self] in
            while signals.take() != nil { loop.stop() }
        }
    }

    /// Runs until SIGINT or SIGTERM; says goodbye (availability offline) on the way out.
    func run() {
        connectDaemon()
        connectBroker()
        loop.run(beforeSleep: { [unowned self] in
            if let s = brokerSource { loop.wantsWritable(s, client.wantsWrite) }
        })
        stopping = true
        if brokerUp {
            client.publish(topics.availability, "offline")
            for _ in 0..<10 where client.wantsWrite { _ = client.write() }
            client.disconnect()
        }
        Diagnostics.sayRepeats()
    }

    // MARK: - The daemon

    private func connectDaemon() {
        daemonRetry.arm(nil)
        switch UnixSocket.connect(path: options.socket) {
        case .failure(let f):
            say(&daemonSaid, "daemon: \(f.description), trying again", level: .warning)
            daemonRetry.arm(monotonicSeconds() + daemonBackoff.delay())
        case .success(let fd):
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            do {
                let source = try loop.watch(fd, order: .input) { [unowned self] in readDaemon() }
                daemon = (fd, source)
            } catch {
                close(fd)
                return
            }
            daemonSaid = nil
            daemonBackoff.reset()
            pending.removeAll()
            Diagnostics.print("touchbridge: mqtt: connected to the daemon on \(options.socket)", level: .info)
        // Its subscription follows the hello, which says what the socket serves.
        }
    }

    /// Reads what the daemon sent (a bounded amount per wake) and takes each complete line.
    private func readDaemon() {
        guard let d = daemon else { return }
        var chunk = [UInt8](repeating: 0, count: 16384)
        var budget = 4
        while budget > 0 {
            budget -= 1
            let n = chunk.withUnsafeMutableBytes { read(d.fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            guard n > 0 else {
                return daemonLost(n == 0 ? "the daemon closed the socket" : String(cString: strerror(errno)))
            }
            pending += chunk[0..<n]
            var start = 0
            while let nl = pending[start...].firstIndex(of: 10) {
                take(Array(pending[start..<nl]))
                start = nl + 1
                guard daemon?.fd == d.fd else { return }  // lost while answering a line
            }
            pending.removeFirst(start)
            if pending.count > 1 << 16 { return daemonLost("a line longer than 64 KiB") }
        }
    }

    private func take(_ line: [UInt8]) {
        let (changes, answer) = state.take(line)
        if changes.contains(.hello) { subscribe() }
        if changes.contains(.asksForState) { send(ControlCommand.state.line) }
        if let answer, let error = answer.error {
            Diagnostics.print(
                "touchbridge: mqtt: the daemon refused \(answer.command ?? "a line"): \(error)", level: .warning,
                counting: true)
        }
        // The first state answer makes the bridge available, with the number or without it.
        if answer?.command == "state", answer?.error == nil, brokerUp {
            if announced != (state.brightness != nil) { announce() }
            setAvailability(true)
        }
        publish(changes)
    }

    private func daemonLost(_ why: String) {
        if let d = daemon {
            loop.remove(d.source)
            close(d.fd)
        }
        daemon = nil
        Diagnostics.print("touchbridge: mqtt: \(why), connecting again", level: .warning)
        setAvailability(false)
        daemonRetry.arm(monotonicSeconds() + daemonBackoff.delay())
    }

    private func send(_ line: String) {
        guard let d = daemon else { return }
        var text = line
        let n = text.withUTF8 { write(d.fd, $0.baseAddress, $0.count) }
        if n != line.utf8.count {
            daemonLost(n < 0 && errno == EPIPE ? "the daemon closed the socket" : "writing to the daemon failed")
        }
    }

    /// The daemon's kinds the bridge reads, of those its socket serves (all, from a daemon
    /// whose hello does not say); the entities the others would feed are left out, and said.
    private func subscribe() {
        var wanted: [(kind: LineKind, entity: String)] = [
            (.action, "last_action"), (.device, "panels"), (.idle, "idle"), (.lock, "locked"),
        ]
        if options.actions?.isEmpty == true { wanted.removeFirst() }
        let served = state.served.map(Set.init)
        let kinds = wanted.filter { served?.contains($0.kind.name) ?? true }
        let missing = wanted.filter { !(served?.contains($0.kind.name) ?? true) }
        send(SocketProtocol.subscriptionLine(kinds.map(\.kind), json: nil))
        var out = Set(missing.map(\.entity))
        if options.actions?.isEmpty == true { out.insert("last_action") }
        if !missing.isEmpty {
            Diagnostics.print(
                "touchbridge: mqtt: the daemon's socket does not serve \(missing.map(\.kind.name).joined(separator: ", ")): "
                    + "Home Assistant gets no \(missing.map(\.entity).joined(separator: ", "))", level: .notice)
        }
        if out != leftOut {
            leftOut = out
            if brokerUp, announced != nil { announce() }
        }
    }

    // MARK: - The broker

    private func connectBroker() {
        brokerRetry.arm(nil)
        let rc =
            brokerStarted
            ? client.reconnect()
            : client.connect(host: options.broker.host, port: options.broker.port, keepalive: options.keepalive)
        brokerStarted = true
        guard rc == 0 else { return brokerLost(MQTTClient.describe(rc)) }
        watchBroker()
    }

    private func watchBroker() {
        if let s = brokerSource { loop.remove(s) }
        brokerSource = nil
        let fd = client.socket
        guard fd >= 0 else { return brokerLost("no socket") }
        brokerSource = try? loop.watch(fd, order: .input) { [unowned self] in
            var rc: Int32 = 0
            if client.wantsWrite { rc = client.write() }
            if rc == 0 { rc = client.read() }
            if rc != 0 { return brokerLost(MQTTClient.describe(rc)) }
            // Room to write is asked for only while something waits to be written: the loop
            // looks for more before it sleeps, and would find the socket writable forever.
            if let s = brokerSource { loop.wantsWritable(s, client.wantsWrite) }
        }
        keepalive.arm(monotonicSeconds() + Double(options.keepalive) / 4)
    }

    private func brokerConnected(_ rc: Int32) {
        guard rc == 0 else { return brokerLost("the broker refused: \(MQTTClient.describeRefusal(rc))") }
        brokerUp = true
        brokerSaid = nil
        brokerUpSince = monotonicSeconds()
        Diagnostics.print("touchbridge: mqtt: connected to \(options.broker.description)", level: .notice)
        client.subscribe(topics.commands)
        client.subscribe(topics.brightnessSet)
        if daemon != nil { send(ControlCommand.state.line) }
    }

    /// Discovery and every state topic: Home Assistant shows the kiosk (once per connection to
    /// the broker, and again when a backlight comes or goes).
    private func announce() {
        let brightness = state.brightness != nil
        for (topic, payload) in discovery.configs(brightness: brightness, leaving: leftOut) {
            client.publish(topic, payload)
        }
        announced = brightness
        publish([.idle, .locked, .lastAction, .panels, .brightness])
    }

    /// `online` while the daemon answers, `offline` when it is gone; said on change.
    private func setAvailability(_ online: Bool) {
        guard brokerUp, available != online else { return }
        available = online
        client.publish(topics.availability, online ? "online" : "offline")
    }

    private func brokerLost(_ why: String) {
        guard !stopping else { return }
        let wasUp = brokerUp
        brokerUp = false
        // Only a connection that lasted begins the back-off anew.
        if let since = brokerUpSince, monotonicSeconds() - since >= Self.steadyConnection { brokerBackoff.reset() }
        brokerUpSince = nil
        announced = nil
        available = nil
        if let s = brokerSource { loop.remove(s) }
        brokerSource = nil
        keepalive.arm(nil)
        let delay = brokerBackoff.delay()
        if wasUp {
            Diagnostics.print("touchbridge: mqtt: lost \(options.broker.description): \(why)", level: .warning)
        } else {
            say(&brokerSaid, "\(options.broker.description): \(why), trying again", level: .warning)
        }
        brokerRetry.arm(monotonicSeconds() + delay)
    }

    private func keepAlive() {
        let rc = client.misc()
        if rc != 0 && rc != MQTTClient.notConnected { return brokerLost(MQTTClient.describe(rc)) }
        keepalive.arm(monotonicSeconds() + Double(options.keepalive) / 4)
    }

    // MARK: - Topics

    private func publish(_ changes: KioskState.Changes) {
        guard brokerUp else { return }
        if changes.contains(.idle) { client.publish(topics.idle, state.idle ? "ON" : "OFF") }
        if changes.contains(.locked) { client.publish(topics.locked, state.locked ? "ON" : "OFF") }
        if changes.contains(.lastAction), let a = state.lastAction, options.actions?.contains(a) ?? true {
            client.publish(topics.lastAction, a, retain: options.retainActions)
        }
        if changes.contains(.panels) { client.publish(topics.panels, String(state.panels)) }
        if changes.contains(.brightness), let b = state.brightness {
            client.publish(topics.brightness, String(Int((b * 100).rounded())))
        }
    }

    /// A message on a command topic: obeyed when it was sent now (never a retained one, which
    /// the broker hands again at every connection), holds a command and comes within the rate.
    private func received(topic: String, payload: [UInt8]?, retained: Bool) {
        guard let payload else {
            return Diagnostics.print(
                "touchbridge: mqtt: \(topic): a message larger than \(MQTTClient.largestMessage >> 10) KiB, dropped",
                level: .warning, counting: true)
        }
        // An empty message is a retained one being cleared (the bridge's own, with
        // --clear-retained), never a command.
        guard !payload.isEmpty else { return }
        if retained {
            let clear = options.clearRetained ? " (cleared)" : " (--clear-retained clears it)"
            Diagnostics.print(
                "touchbridge: mqtt: \(topic): a retained message is not obeyed: it would be again at every connection"
                    + clear, level: .warning, counting: true)
            if options.clearRetained { client.publish(topic, "", retain: true) }
            return
        }
        guard commandRate.take(at: monotonicSeconds()) else {
            return Diagnostics.print(
                "touchbridge: mqtt: commands come faster than 5 a second: left out", level: .warning, counting: true)
        }
        switch BridgeCommand.line(topic: topic, payload: payload, topics: topics, lockSeconds: options.lockSeconds) {
        case .failure(let e):
            Diagnostics.print("touchbridge: mqtt: \(e)", level: .warning, counting: true)
        case .success(let line):
            guard daemon != nil else {
                Diagnostics.print(
                    "touchbridge: mqtt: \(topic): the daemon is not connected, nothing sent", level: .warning,
                    counting: true)
                return
            }
            send(line)
        }
    }

    /// Says `message` unless it was the last thing said about this connection.
    private func say(_ said: inout String?, _ message: String, level: Diagnostics.Level) {
        guard said != message else { return }
        said = message
        Diagnostics.print("touchbridge: mqtt: \(message)", level: level)
    }
}
