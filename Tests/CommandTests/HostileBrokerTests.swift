import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// The MQTT bridge against a real mosquitto on loopback, as a broker client who means harm
/// would use it: a retained command, a huge message, a PIN pad's socket that serves few kinds,
/// and credentials that are not kept secret.
@Suite("The bridge against a hostile broker client", .serialized)
struct HostileBrokerTests {
    static let broker = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"].first { (path: String) in access(path, X_OK) == 0
    }
    static let hasBroker = broker != nil && tool("mosquitto_sub") != nil && tool("mosquitto_pub") != nil

    /// A broker on a free port of loopback, once it runs.
    func startBroker() throws -> (Spawned, port: Int) {
        let port = KioskControlTests().freePort()
        let mosquitto = try Spawned(Self.broker ?? "", ["-p", String(port)])
        #expect(eventually(timeout: 10) { mosquitto.errors.contains("running") }, "\(mosquitto.errors)")
        return (mosquitto, port)
    }

    /// `run --realtime` on a minute of nothing, its socket serving `kinds` (all when nil).
    func daemon(serving kinds: String? = nil) throws -> (Spawned, String) {
        var r = RecordingText()
        r.sync(0)
        r.sync(60)
        let socket = temporaryPath("sock")
        let serving = kinds.map { ["--socket-events", $0] } ?? []
        let d = try Spawned(
            touchbridgeExecutable,
            [
                "run", "--realtime", "--json", "--socket", socket, "--scene",
                repositoryDirectory + "/examples/kiosk.json",
            ]
                + serving + [try r.file()])
        #expect(eventually(timeout: 10) { d.errors.contains("listening on") }, "\(d.errors)")
        return (d, socket)
    }

    func bridge(_ port: Int, _ socket: String, _ extra: [String] = []) throws -> Spawned {
        try Spawned(
            touchbridgeExecutable,
            ["mqtt", "--broker", "mqtt://127.0.0.1:\(port)", "--socket", socket, "--id", "pin"] + extra)
    }

    func publish(_ port: Int, _ arguments: [String]) throws {
        let pub = try Spawned(tool("mosquitto_pub") ?? "", ["-p", String(port)] + arguments)
        #expect(pub.wait(timeout: 30) == 0, "\(pub.errors)")
    }

    @Test(.enabled(if: hasBroker, "mosquitto and mosquitto-clients (make test installs them)"))
    func theBridgeRunsOnAPINPadsSocketAndLeavesOutWhatItCannotFeed() throws {
        let (mosquitto, port) = try startBroker()
        defer { _ = mosquitto.stop() }
        let (d, socket) = try daemon(serving: "action,device,idle")
        defer { _ = d.stop() }
        let b = try bridge(port, socket, ["--actions", "none"])
        defer { _ = b.stop() }
        let ha = try Spawned(tool("mosquitto_sub") ?? "", ["-p", String(port), "-v", "-t", "#"])
        defer { _ = ha.stop() }
        #expect(eventually(timeout: 15) { ha.output.contains("touchbridge/pin/availability online") }, "\(b.errors)")
        #expect(b.errors.contains("does not serve lock"), "\(b.errors)")
        #expect(ha.output.contains("homeassistant/binary_sensor/pin/idle/config {"), "\(ha.output)")
        #expect(!ha.output.contains("homeassistant/binary_sensor/pin/locked/config {"), "\(ha.output)")
        #expect(!ha.output.contains("homeassistant/sensor/pin/last_action/config {"), "\(ha.output)")
        #expect(!d.errors.contains("refused"), "the daemon refused nothing the bridge sent: \(d.errors)")
        #expect(b.isRunning)
    }

    @Test(.enabled(if: hasBroker, "mosquitto and mosquitto-clients (make test installs them)"))
    func aRetainedCommandIsNeverObeyedAndAHugeMessageNeverHeld() throws {
        let (mosquitto, port) = try startBroker()
        defer { _ = mosquitto.stop() }
        let (d, socket) = try daemon()
        defer { _ = d.stop() }
        try publish(port, ["-r", "-t", "touchbridge/pin/command/lock", "-m", "86400"])
        let b = try bridge(port, socket, ["--clear-retained"])
        defer { _ = b.stop() }
        #expect(eventually(timeout: 15) { b.errors.contains("a retained message is not obeyed") }, "\(b.errors)")
        // 8 MiB to a command topic: the broker withholds it (the bridge's Maximum Packet Size).
        let huge = temporaryPath("huge")
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(repeating: 0x41, count: 8 << 20)))
        try publish(port, ["-t", "touchbridge/pin/command/blank", "-f", huge])
        let ha = try Spawned(tool("mosquitto_sub") ?? "", ["-p", String(port), "-v", "-t", "touchbridge/pin/#"])
        defer { _ = ha.stop() }
        try publish(port, ["-t", "touchbridge/pin/command/blank", "-m", "PRESS"])
        #expect(eventually(timeout: 15) { ha.output.contains("touchbridge/pin/idle ON") }, "\(ha.output)")
        #expect(!ha.output.contains("command/lock"), "the retained lock was cleared: \(ha.output)")
        #expect(!d.output.contains("\"event\":\"lock\""), "the kiosk was never locked: \(d.output)")
        // A payload that would forge a journal line stays one line of the bridge's.
        try publish(port, ["-t", "touchbridge/pin/brightness/set", "-m", "x\n<0>touchbridge: FORGED"])
        #expect(eventually(timeout: 15) { b.errors.contains("FORGED") }, "\(b.errors)")
        #expect(!b.errors.split(separator: "\n").contains { $0.hasPrefix("<") }, "\(b.errors)")
        #expect(b.errors.contains(#"\u{A}<0>touchbridge: FORGED"#), "\(b.errors)")
        #expect(b.isRunning)
        #expect(!b.errors.contains("lost mqtt://"), "the huge message cost no connection: \(b.errors)")
        #expect(peakKiB(b.pid) < 32 << 10, "never held: \(peakKiB(b.pid)) KiB")
    }

    @Test func credentialsThatAreNotSecretAreRefusedAndNoSecretIsEverSaid() throws {
        let dir = temporaryPath("creds")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        func credentials(_ name: String, mode: mode_t, owner: uid_t? = nil) throws -> String {
            let path = "\(dir)/\(name)"
            try "username = kiosk\npassword = s3cret\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, mode)
            if let owner { chown(path, owner, gid_t.max) }
            return path
        }
        var cases = [("group", try credentials("group", mode: 0o640), "its group or other users may read it")]
        if geteuid() == 0 {
            cases.append(("another's", try credentials("nobody", mode: 0o600, owner: 65534), "owned by uid 65534"))
        }
        for (what, file, why) in cases {
            let b = try Spawned(
                touchbridgeExecutable,
                ["mqtt", "--broker", "mqtt://127.0.0.1:1", "--credentials", file, "--socket", "/nonexistent"])
            #expect(b.wait() == 77, "\(what): \(b.errors)")
            #expect(b.errors.contains(why), "\(what): \(b.errors)")
        }
        let url = try Spawned(touchbridgeExecutable, ["mqtt", "--broker", "mqtt://kiosk:s3cret@127.0.0.1:1883"])
        #expect(url.wait() == 64, "\(url.errors)")
        #expect(url.errors.contains("holds credentials"), "\(url.errors)")
        #expect(!url.errors.contains("s3cret"), "\(url.errors)")
        #expect(!url.errors.contains("kiosk:"), "\(url.errors)")
    }
}
