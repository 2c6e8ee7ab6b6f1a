import Evdev
import Foundation
import Glibc
import ProgramTestSupport
import Runtime
import Testing

/// What a peer of the daemon can do on purpose, tried as an attacker would on `run --realtime`
/// with a recording: a socket reader that polls hellos for a finger's place, a client that
/// floods commands or forges journal lines. Each row of RELIABILITY.md's table by attacker
/// position names its test here.
@Suite("Hostile peers of the daemon", .serialized)
struct HostilePeerTests {
    /// A tap on the kiosk's button at `x` (Coffee 160, Tea 400, Water 640; y 380) at `t`,
    /// held `hold` seconds.
    func tap(_ r: inout RecordingText, _ t: Double, id: Int, x: Double, hold: Double = 0.25) {
        r.down(t, slot: 0, id: id, x, 380)
        r.sync(t)
        r.up(t + hold, slot: 0)
        r.sync(t + hold)
    }

    /// `run --realtime --json` on `recording` with the kiosk scene, its socket at a fresh path.
    func daemon(_ recording: String, _ extra: [String] = []) throws -> (Spawned, String) {
        try KioskControlTests().daemon(recording, extra)
    }

    /// The first line a new connection to `socket` gets; nil when none came.
    func hello(_ socket: String) -> String? {
        guard case .success(let fd) = UnixSocket.connect(path: socket) else { return nil }
        defer { close(fd) }
        var tv = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    @Test func aPINPadsSocketTellsNoPlaceToAReaderPollingHellosNorOnAWake() throws {
        var r = RecordingText()
        r.sync(0)
        for (i, x) in [160.0, 400, 640, 160, 400].enumerated() { tap(&r, 1 + Double(i) * 0.5, id: i + 1, x: x) }
        let (d, socket) = try daemon(try r.file(), ["--socket-events", "action,device,idle", "--wait-for-client"])
        // The first client blanks the kiosk: the first tap wakes it.
        let idle = try TestClient(socket, send: "{\"command\":\"blank\"}\n{\"subscribe\":[\"idle\",\"action\"]}\n")
        var hellos: [String] = []
        while d.isRunning, hellos.count < 2000 {
            if let h = hello(socket) { hellos.append(h) }
            usleep(20_000)
        }
        #expect(idle.waitForEnd(), "the client got no end of file")
        #expect(d.wait() == 0, "\(d.errors)")
        #expect(hellos.count > 20, "the poller read hellos all through the session: \(hellos.count)")
        #expect(hellos.allSatisfy { $0.contains("\"touches\":null") }, "\(hellos.first ?? "")")
        #expect(!hellos.contains { $0.contains("location") }, "\(hellos.filter { $0.contains("location") })")
        let wake = idle.lines.filter { eventName($0) == "wake" }
        #expect(wake.count == 1, "\(idle.lines)")
        #expect(wake.first?.contains("\"cause\":\"touch\"") == true, "\(wake)")
        #expect(wake.first?.contains("location") == false, "\(wake)")
        #expect(idle.lines.filter { eventName($0) == "action" }.count == 4, "the other taps act: \(idle.lines)")
        // Standard output, the daemon's own, has every touch still; only the wake line's place
        // is gone, as the socket's readers may read the log.
        #expect(d.output.contains("\"event\":\"touchesBegan\""))
    }

    /// Writes `line` to `fd` again and again (`count` times at most) until the daemon closes
    /// the connection, on a thread of its own; the number written, once it stops.
    func flood(_ fd: Int32, _ line: @escaping @Sendable (Int) -> String, count: Int) -> () -> Int {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var written = 0
        Thread {
            for i in 0..<count {
                let bytes = Array(line(i).utf8)
                guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { break }
                written += 1
            }
            done.signal()
        }.start()
        return {
            done.wait()
            return written
        }
    }

    /// Four taps played in real time, a client flooding `commands` (in turn) all through them
    /// when any are given: the daemon's standard output and standard error, its peak memory
    /// once the taps have acted, the commands sent and the client's lines.
    func session(flooding commands: [@Sendable (Int) -> String]) throws -> (
        output: String, errors: String, peak: Int, sent: Int, answers: [String]
    ) {
        var r = RecordingText()
        r.sync(0)
        for (i, x) in [160.0, 400, 640, 160].enumerated() { tap(&r, 1 + Double(i) * 0.6, id: i + 1, x: x, hold: 0.05) }
        r.sync(4)
        let (d, socket) = try daemon(try r.file(), ["--wait-for-client"])
        let client = try TestClient(socket, send: "{\"subscribe\":[\"action\",\"scene\"]}\n")
        let stopped =
            commands.isEmpty
            ? { 0 } : flood(client.fd, { i in commands[i % commands.count](i) }, count: 300_000)
        #expect(eventually(timeout: 30) { d.output.components(separatedBy: "\"event\":\"action\"").count == 5 })
        let peak = peakKiB(d.pid)
        #expect(d.wait(timeout: 30) == 0, "\(d.errors.suffix(2000))")
        return (d.output, d.errors, peak, stopped(), client.lines)
    }

    @Test func aCommandFloodDuringTapsLosesNoTapNorGrowsTheDaemon() throws {
        let quiet = try session(flooding: [])
        let flooded = try session(flooding: [
            { _ in "{\"command\":\"reload\"}\n" },
            { i in "{\"command\":\"brightness\",\"value\":0.5,\"display\":\"HDMI-A-\(i)\"}\n" },
            { _ in "{\"command\":\"state\"}\n" },
            { _ in "{\"command\":\"wake\"}\n" },
            { _ in "{\"command\":\"unlock\"}\n" },
        ])
        #expect(flooded.sent > 1000, "the flood went on through the taps: \(flooded.sent) commands")
        let actions = flooded.output.split(separator: "\n").filter { eventName(String($0)) == "action" }
        #expect(actions.count == 4, "no tap is lost: \(actions)")
        let reloads = flooded.output.split(separator: "\n").filter { eventName(String($0)) == "sceneReloaded" }.count
        #expect(reloads >= 1, "the flood reloaded the scene")
        #expect(reloads <= 6, "reloads coalesced to one a second at most: \(reloads)")
        let said = flooded.errors.split(separator: "\n").filter { $0.contains("scene reloaded") }.count
        #expect(said <= reloads, "\(said) journal lines for \(reloads) reloads")
        #expect(flooded.errors.split(separator: "\n").count < 100, "the journal is not flooded: \(flooded.errors)")
        #expect(flooded.answers.contains { $0.contains("too many commands") }, "the rest refused, and told")
        #expect(quiet.peak > 0, "the quiet session's peak was read")
        #expect(
            flooded.peak < quiet.peak + 8 << 10, "memory flat: \(flooded.peak) KiB flooded, \(quiet.peak) KiB quiet")
    }

    @Test func aClientsTextCannotForgeAJournalLine() throws {
        var r = RecordingText()
        r.sync(0)
        r.sync(2)
        let (d, socket) = try daemon(try r.file())
        let forged = try TestClient(socket, send: #"{"subscribe":["x\n<0>touchbridge: FORGED"]}"# + "\n")
        #expect(forged.waitForEnd(), "the daemon ends the client")
        #expect(d.wait(timeout: 30) == 0, "\(d.errors)")
        #expect(forged.lines.last?.contains("unknown kind") == true, "\(forged.lines)")
        let lines = d.errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("<") }, "\(d.errors)")
        #expect(!lines.contains { $0.hasPrefix("touchbridge: FORGED") }, "\(d.errors)")
        #expect(d.errors.contains(#"unknown kind 'x\u{A}<0>touchbridge: FORGED'"#), "\(d.errors)")
    }
}
