import Evdev
import Foundation
import Glibc
import ProgramTestSupport
import Runtime
import Testing

/// Commanding the kiosk as users do: a client on the socket of `run --realtime` with a
/// recording, `listen --send`, a user outside the control group, and the MQTT bridge against
/// a real mosquitto on loopback.
@Suite("Commanding the kiosk", .serialized)
struct KioskControlTests {
    let kiosk = repositoryDirectory + "/examples/kiosk.json"

    /// A tap on the kiosk's button at `x` (Coffee 160, Tea 400, Water 640; y 380) at `t`.
    func tap(_ r: inout RecordingText, _ t: Double, id: Int, x: Double) {
        r.down(t, slot: 0, id: id, x, 380)
        r.sync(t)
        r.up(t + 0.05, slot: 0)
        r.sync(t + 0.05)
    }

    /// `run --realtime --json` on `recording`, its socket at a fresh path, once it listens.
    func daemon(_ recording: String, _ extra: [String] = []) throws -> (Spawned, String) {
        let socket = temporaryPath("sock")
        let d = try Spawned(
            touchbridgeExecutable,
            ["run", "--realtime", "--json", "--socket", socket, "--scene", kiosk] + extra + [recording])
        #expect(eventually(timeout: 10) { d.errors.contains("listening on") }, "\(d.errors)")
        return (d, socket)
    }

    func lines(_ s: String) -> [String] { s.split(separator: "\n").map(String.init) }
    func events(_ s: String, _ names: Set<String>) -> [String] {
        lines(s).filter { eventName($0).map(names.contains) ?? false }
    }

    @Test func aClientLocksAndBlanksARecordingAndOnlyTheTouchesThatShouldPassDo() throws {
        var r = RecordingText()
        r.sync(0)
        tap(&r, 1, id: 1, x: 160)  // locked (for 2 s from 0): swallowed
        tap(&r, 3, id: 2, x: 400)  // unlocked at 2, but blanked: wakes, reaches nothing
        tap(&r, 4, id: 3, x: 640)  // orderWater
        let (d, socket) = try daemon(try r.file(), ["--wait-for-client"])
        let client = try TestClient(
            socket,
            send:
                "{\"command\":\"lock\",\"seconds\":2}\n{\"command\":\"blank\"}\n{\"subscribe\":[\"action\",\"idle\",\"lock\"]}\n"
        )
        #expect(client.waitForEnd(), "the client got no end of file")
        #expect(d.wait() == 0, "\(d.errors)")
        let me = "\"cause\":\"command\",\"uid\":\(getuid()),\"pid\":\(getpid())"
        #expect(
            Array(client.lines.dropFirst()).map {
                $0.replacingOccurrences(of: #"^\{"t":[0-9.]+,"#, with: "{", options: .regularExpression)
            }
                == [
                    "{\"event\":\"lock\",\"seconds\":2.0,\(me)}",
                    "{\"event\":\"ok\",\"command\":\"lock\",\"locked\":true}",
                    "{\"event\":\"idle\",\(me)}",
                    "{\"event\":\"ok\",\"command\":\"blank\",\"changed\":true,\"idle\":true}",
                    "{\"event\":\"unlock\",\"swallowed\":1,\"cause\":\"timer\"}",
                    "{\"event\":\"wake\",\"device\":\"\(try #require(wakeDevice(d.output)))\",\"id\":2,\"location\":[400.0,380.0],\"cause\":\"touch\"}",
                    "{\"event\":\"action\",\"action\":\"orderWater\",\"sender\":\"Water\",\"controlEvent\":\"touchUpInside\",\"target\":\"AppDelegate\"}",
                ], "\(client.lines)")
        #expect(events(d.output, ["action"]).count == 1, "only the third tap orders: \(d.output)")
        #expect(events(d.output, ["lock", "unlock", "idle", "wake"]).count == 4)
        #expect(d.errors.contains("waiting for a client before playing"))
    }

    func wakeDevice(_ output: String) -> String? {
        guard let line = events(output, ["wake"]).first, let r = line.range(of: #""device":""#) else { return nil }
        return String(line[r.upperBound...].prefix { $0 != "\"" })
    }

    @Test func listenSendsCommandsAndPrintsTheirAnswers() throws {
        var r = RecordingText()
        r.sync(0)
        r.sync(30)  // the daemon plays on while the commands come
        let (d, socket) = try daemon(try r.file())
        let send = try Spawned(
            touchbridgeExecutable,
            ["listen", "--socket", socket, "--send", "lock=120", "--send", "state", "--send", "unlock"])
        #expect(send.wait() == 0, "\(send.errors)")
        let answers = lines(send.output)
        #expect(answers.count == 3, "\(answers)")
        #expect(answers.first?.hasSuffix(#""event":"ok","command":"lock","locked":true}"#) == true, "\(answers)")
        #expect(
            answers.dropFirst().first?.contains(#""command":"state","idle":false,"locked":true,"lockSeconds":"#) == true
        )
        #expect(answers.last?.hasSuffix(#""command":"unlock","changed":true,"locked":false}"#) == true)
        let refused = try Spawned(touchbridgeExecutable, ["listen", "--socket", socket, "--send", "brightness=0.5"])
        #expect(refused.wait() == 65)
        #expect(refused.errors.contains("a recording's panels have no display"), "\(refused.errors)")
        let usage = try Spawned(touchbridgeExecutable, ["listen", "--socket", socket, "--send", "dance"])
        #expect(usage.wait() == 64)
        #expect(usage.errors.contains("unknown command 'dance'"), "\(usage.errors)")
        d.signal(SIGTERM)
        #expect(d.wait() == 0)
        #expect(events(d.output, ["lock", "unlock"]).count == 2, "\(d.output)")
    }

    @Test(.enabled(if: geteuid() == 0, "only root can run the daemon and its clients as other users"))
    func anotherUserMayReadButNotCommandUnlessInTheControlGroup() throws {
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs the clients as other users")
        let users = try #require(getgrnam("users")?.pointee.gr_gid, "the group 'users'")
        var r = RecordingText()
        r.sync(0)
        r.sync(30)
        let (d, socket) = try daemon(OtherUsers.readable(try r.file()), ["--control-group", "users"])
        chmod(socket, 0o666)  // the socket's readers: here everyone
        func asNobody(_ groups: [String], _ command: String) throws -> Spawned {
            try Spawned(
                setpriv,
                ["--reuid=65534", "--regid=65534"] + groups + [
                    OtherUsers.touchbridge, "listen", "--socket", socket, "--send", command,
                ])
        }
        let outsider = try asNobody(["--clear-groups"], "blank")
        #expect(outsider.wait() == 77, "\(outsider.errors)")
        #expect(
            outsider.errors.contains("uid 65534 may not command this daemon: join the group 'users'"),
            "\(outsider.errors)")
        #expect(outsider.output.contains(#""event":"error","command":"blank""#))
        #expect(events(d.output, ["idle"]).isEmpty, "nothing changed: \(d.output)")
        let member = try asNobody(["--groups=\(users)"], "blank")
        #expect(member.wait() == 0, "\(member.errors)")
        #expect(eventually(timeout: 10) { events(d.output, ["idle"]).count == 1 }, "\(d.output)")
        #expect(events(d.output, ["idle"]).first?.contains(#""cause":"command","uid":65534"#) == true)
        d.signal(SIGTERM)
        #expect(d.wait() == 0)
        #expect(d.errors.contains("refused a command: uid 65534 may not command"), "\(d.errors)")
    }

    /// The user and system CPU time a process has used, in clock ticks (`/proc/PID/stat`).
    func cpuTicks(_ pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command's name: state is field 3, utime 14 and stime 15.
        guard fields.count > 13, let u = Int(fields[11]), let s = Int(fields[12]) else { return 0 }
        return u + s
    }

    /// A free TCP port on loopback (the kernel's choice, given back at once).
    func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length)
                return getsockname(fd, p, &length)
            }
        }
        return Int(UInt16(bigEndian: a.sin_port))
    }

    /// Home Assistant's side against a real broker: the discovery configs appear (retained),
    /// the Blank screen button puts the daemon idle, and the Idle sensor says so.
    @Test func theBridgeAnnouncesTheKioskToHomeAssistantAndItsBlankButtonBlanksIt() throws {
        let places: [String] = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"]
        let broker = places.first { access($0, X_OK) == 0 }
        guard let broker, let sub = tool("mosquitto_sub"), let pub = tool("mosquitto_pub") else {
            Issue.record("mosquitto and mosquitto-clients are not installed (make test installs them)")
            return
        }
        let port = freePort()
        let mosquitto = try Spawned(broker, ["-p", String(port)])
        defer { _ = mosquitto.stop() }
        #expect(eventually(timeout: 10) { mosquitto.errors.contains("running") }, "\(mosquitto.errors)")
        var r = RecordingText()
        r.sync(0)
        r.sync(60)
        let (d, socket) = try daemon(try r.file())
        defer { _ = d.stop() }
        let bridgeProgram =
            URL(fileURLWithPath: touchbridgeExecutable).deletingLastPathComponent().path + "/touchbridge-mqtt"
        let bridge = try Spawned(
            touchbridgeExecutable,
            ["mqtt", "--broker", "mqtt://127.0.0.1:\(port)", "--socket", socket, "--id", "hall", "--name", "Hall"])
        defer { _ = bridge.stop() }
        #expect(access(bridgeProgram, X_OK) == 0)
        #expect(
            eventually(timeout: 15) { bridge.errors.contains("connected to mqtt://127.0.0.1:\(port)") },
            "\(bridge.errors)")
        // A late subscriber (as Home Assistant starting after the bridge) gets the retained configs.
        let ha = try Spawned(sub, ["-p", String(port), "-v", "-t", "homeassistant/#", "-t", "touchbridge/#"])
        defer { _ = ha.stop() }
        #expect(
            eventually(timeout: 15) {
                ha.output.contains("homeassistant/button/hall/blank/config {\"name\":\"Blank screen\"")
                    && ha.output.contains("touchbridge/hall/availability online")
            }, "\(ha.output)")
        #expect(ha.output.contains("homeassistant/binary_sensor/hall/idle/config {\"name\":\"Idle\""))
        #expect(ha.output.contains("homeassistant/sensor/hall/last_action/config"))
        #expect(ha.output.contains("\"device\":{\"identifiers\":[\"touchbridge_hall\"],\"name\":\"Hall\""))
        #expect(ha.output.contains("touchbridge/hall/idle OFF"), "\(ha.output)")
        #expect(ha.output.contains("touchbridge/hall/panels 1"), "\(ha.output)")
        // Connected and quiet, it sleeps in epoll: no CPU time to speak of over two seconds (a
        // loop woken for a writable socket would spend them all).
        let before = cpuTicks(bridge.pid)
        sleep(2)
        #expect(cpuTicks(bridge.pid) - before < 50, "the bridge spins while nothing happens")
        // The Blank screen button.
        let press = try Spawned(pub, ["-p", String(port), "-t", "touchbridge/hall/command/blank", "-m", "PRESS"])
        #expect(press.wait() == 0)
        #expect(eventually(timeout: 15) { ha.output.contains("touchbridge/hall/idle ON") }, "\(ha.output)")
        #expect(events(d.output, ["idle"]).first?.contains("\"cause\":\"command\"") == true, "\(d.output)")
        // The broker restarts, empty: the bridge connects again by itself and announces the
        // kiosk anew, its state as it is now.
        _ = mosquitto.stop()
        #expect(eventually(timeout: 15) { bridge.errors.contains("lost mqtt://127.0.0.1:\(port)") }, "\(bridge.errors)")
        let again = try Spawned(broker, ["-p", String(port)])
        defer { _ = again.stop() }
        #expect(eventually(timeout: 10) { again.errors.contains("running") }, "\(again.errors)")
        let ha2 = try Spawned(sub, ["-p", String(port), "-v", "-t", "homeassistant/#", "-t", "touchbridge/#"])
        defer { _ = ha2.stop() }
        #expect(
            eventually(timeout: 30) {
                ha2.output.contains("homeassistant/button/hall/blank/config")
                    && ha2.output.contains("touchbridge/hall/idle ON")
            }, "\(ha2.output) \(bridge.errors)")
        // The bridge gone without a word: the broker says the kiosk is unavailable (its last will).
        bridge.signal(SIGKILL)
        #expect(
            eventually(timeout: 15) { ha2.output.hasSuffix("touchbridge/hall/availability offline\n") }, "\(ha2.output)"
        )
    }

    /// `program arguments` run to its end in `directory`; whether it exited 0.
    func run(_ program: String, _ arguments: [String]) throws -> Bool {
        try Spawned(program, arguments).wait(timeout: 60) == 0
    }

    /// A mosquitto that takes only TLS (a CA of the test's own, a certificate for 127.0.0.1
    /// signed by it, both made by openssl) and the user kiosk with its password; its folder
    /// (`ca.crt` in it) and port.
    func tlsBroker(_ broker: String, passwd: String, openssl: String) throws -> (Spawned, dir: String, port: Int) {
        let dir = temporaryPath("tls")
        mkdir(dir, 0o755)
        // A CA of the test's own and the broker's certificate for 127.0.0.1, signed by it.
        #expect(
            try run(
                openssl,
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(dir)/ca.key", "-out",
                    "\(dir)/ca.crt",
                    "-days", "2", "-subj", "/CN=touchbridge test CA",
                ]))
        #expect(
            try run(
                openssl,
                [
                    "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(dir)/server.key", "-out", "\(dir)/server.csr",
                    "-subj", "/CN=127.0.0.1",
                ]))
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: "\(dir)/ext.cnf", atomically: true, encoding: .utf8)
        #expect(
            try run(
                openssl,
                [
                    "x509", "-req", "-in", "\(dir)/server.csr", "-CA", "\(dir)/ca.crt", "-CAkey", "\(dir)/ca.key",
                    "-CAcreateserial", "-out", "\(dir)/server.crt", "-days", "2", "-extfile", "\(dir)/ext.cnf",
                ]))
        #expect(try run(passwd, ["-b", "-c", "\(dir)/passwd", "kiosk", "s3cret"]))
        let port = freePort()
        try """
        user root
        listener \(port) 127.0.0.1
        cafile \(dir)/ca.crt
        certfile \(dir)/server.crt
        keyfile \(dir)/server.key
        allow_anonymous false
        password_file \(dir)/passwd
        """.write(toFile: "\(dir)/mosquitto.conf", atomically: true, encoding: .utf8)
        let mosquitto = try Spawned(broker, ["-c", "\(dir)/mosquitto.conf"])
        #expect(eventually(timeout: 10) { mosquitto.errors.contains("running") }, "\(mosquitto.errors)")
        return (mosquitto, dir, port)
    }

    /// The bridge over TLS with a username and password from its credentials file, against a
    /// mosquitto that takes nothing else: announced; refused with a wrong password; a file
    /// others may read is refused before any connection.
    @Test func theBridgeTakesTLSAndItsCredentialsFromAFile() throws {
        let places: [String] = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"]
        guard let broker = places.first(where: { access($0, X_OK) == 0 }), let sub = tool("mosquitto_sub"),
            let passwd = tool("mosquitto_passwd"), let openssl = tool("openssl")
        else {
            Issue.record("mosquitto, mosquitto-clients and openssl are needed (make test installs them)")
            return
        }
        let (mosquitto, dir, port) = try tlsBroker(broker, passwd: passwd, openssl: openssl)
        defer { _ = mosquitto.stop() }
        var r = RecordingText()
        r.sync(0)
        r.sync(60)
        let (d, socket) = try daemon(try r.file())
        defer { _ = d.stop() }
        func credentials(_ password: String, mode: mode_t = 0o600) throws -> String {
            let path = "\(dir)/creds-\(password)-\(mode)"
            try "# the broker's\nusername = kiosk\npassword = \(password)\ncafile = \(dir)/ca.crt\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            chmod(path, mode)
            return path
        }
        /// `touchbridge mqtt` over TLS with the credentials file `file`, as the kiosk `id`.
        func bridgeOverTLS(_ file: String, id: String) throws -> Spawned {
            try Spawned(
                touchbridgeExecutable,
                [
                    "mqtt", "--broker", "mqtts://127.0.0.1:\(port)", "--credentials", file, "--socket", socket, "--id",
                    id,
                ])
        }
        let bridge = try bridgeOverTLS(try credentials("s3cret"), id: "tls")
        defer { _ = bridge.stop() }
        #expect(
            eventually(timeout: 15) { bridge.errors.contains("connected to mqtts://127.0.0.1:\(port)") },
            "\(bridge.errors)")
        let ha = try Spawned(
            sub,
            [
                "-h", "127.0.0.1", "-p", String(port), "--cafile", "\(dir)/ca.crt", "-u", "kiosk", "-P", "s3cret", "-v",
                "-t",
                "touchbridge/#",
            ])
        defer { _ = ha.stop() }
        #expect(eventually(timeout: 15) { ha.output.contains("touchbridge/tls/availability online") }, "\(ha.output)")
        // A wrong password: the broker's refusal is said, and the bridge keeps trying.
        let wrong = try bridgeOverTLS(try credentials("guess"), id: "wrong")
        defer { _ = wrong.stop() }
        #expect(eventually(timeout: 15) { wrong.errors.contains("the broker refused") }, "\(wrong.errors)")
        #expect(wrong.isRunning)
        // A credentials file others may read: refused before any connection.
        let open = try bridgeOverTLS(try credentials("s3cret", mode: 0o644), id: "open")
        #expect(open.wait() == 77)
        #expect(open.errors.contains("its group or other users may read it"), "\(open.errors)")
    }
}
