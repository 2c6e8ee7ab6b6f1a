import Evdev
import Foundation
import Glibc
import ProgramTestSupport
import Runtime
import Testing

/// `run --socket` and `listen` with recordings played at their recorded pace: what clients
/// get against what standard output gets, clients that stop, misbehave or are too many, the
/// end of the run, stale and live sockets, and `listen` itself.
@Suite("The event socket, with recordings", .serialized)
struct EventSocketTests {
    let kiosk = repositoryDirectory + "/examples/kiosk.json"

    /// `run --realtime --json` on `recording` with the socket at a fresh path, once it listens.
    func daemon(_ recording: String, _ extra: [String] = [], scene: String? = nil) throws -> (Spawned, String) {
        let socket = temporaryPath("sock")
        var args = ["run", "--realtime", "--json", "--socket", socket] + extra
        if let scene { args += ["--scene", scene] }
        let d = try Spawned(touchbridgeExecutable, args + [recording])
        #expect(eventually(timeout: 10) { d.errors.contains("listening on") }, "\(d.errors)")
        return (d, socket)
    }

    func lines(_ s: String) -> [String] { s.split(separator: "\n").map(String.init) }

    @Test func threeClientsGetExactlyTheLinesStandardOutputGetsOfTheKindsTheyChose() throws {
        let rec = try RecordingText.delayed("kiosk", by: 1.5)
        let (d, socket) = try daemon(rec, scene: kiosk)
        let all = try TestClient(socket)
        let actions = try TestClient(socket, send: "{\"subscribe\":[\"action\",\"device\"],\"format\":\"text\"}\n")
        let touches = try TestClient(socket, send: "{\"subscribe\":[\"touches\"]}\n")
        for c in [all, actions, touches] { #expect(c.waitForEnd(), "the client got no end of file") }
        #expect(d.wait() == 0)
        let out = lines(d.output)
        // The panel was announced before anyone connected; the hello line says it is there.
        #expect(eventName(out[0]) == "deviceAdded")
        for c in [all, actions, touches] {
            #expect(eventName(c.lines[0]) == "hello")
            #expect(c.lines[0].contains("\"protocol\":3"))
            #expect(c.lines[0].contains("\"scene\":\"\(kiosk)\""))
            #expect(c.lines[0].contains("touchbridge example panel"))
            #expect(c.lines[0].contains("\"windows\":[\"Kiosk\"]"))
        }
        #expect(Array(all.lines.dropFirst()) == Array(out.dropFirst()))
        #expect(Array(touches.lines.dropFirst()) == out.filter { eventName($0)?.hasPrefix("touches") == true })
        #expect(touches.lines.count > 10)
        // The text client gets run's text lines: the same run without --json, filtered.
        let text = try Spawned(touchbridgeExecutable, ["run", "--scene", kiosk, "--log-events", "action,device", rec])
        #expect(text.wait() == 0)
        #expect(Array(actions.lines.dropFirst()) == Array(lines(text.output).dropFirst()))
        #expect(actions.lines.contains { $0.contains(" action orderCoffee from Coffee touchUpInside -> AppDelegate") })
        #expect(d.errors.contains("client 1 connected (uid \(getuid()), pid \(getpid()))"))
    }

    @Test func aRecordingWaitsForItsFirstClientWhichSeesTheFirstTouch() throws {
        let (d, socket) = try daemon(repositoryDirectory + "/examples/kiosk.evemu", ["--wait-for-client"], scene: kiosk)
        #expect(eventually(timeout: 10) { d.errors.contains("waiting for a client before playing") }, "\(d.errors)")
        let client = try TestClient(socket, send: "{\"subscribe\":[\"touches\",\"action\",\"device\"]}\n")
        #expect(client.waitForEnd(), "the client got no end of file")
        #expect(d.wait() == 0, "\(d.errors)")
        let out = lines(d.output)
        // Nothing was down when it came, and it got every touch from the first.
        #expect(client.lines.first?.contains("\"touches\":[]") == true, "\(client.lines.first ?? "")")
        #expect(eventName(client.lines.dropFirst().first ?? "") == "touchesBegan", "\(client.lines.prefix(3))")
        // Of its kinds, all but the panel's announcement, which came before it (its hello has the panel).
        let expected = out.filter { line in
            guard let e = eventName(line), e != "deviceAdded" else { return false }
            return e.hasPrefix("touches") || e == "action" || e.hasPrefix("device")
        }
        #expect(Array(client.lines.dropFirst()) == expected)
    }

    @Test func aClientThatSaysNothingIsWaitedForASecondThenGetsEverything() throws {
        let (d, socket) = try daemon(repositoryDirectory + "/examples/kiosk.evemu", ["--wait-for-client"])
        #expect(eventually(timeout: 10) { d.errors.contains("waiting for a client before playing") }, "\(d.errors)")
        let client = try TestClient(socket)
        #expect(client.waitForEnd(), "the client got no end of file")
        #expect(d.wait() == 0, "\(d.errors)")
        #expect(Array(client.lines.dropFirst()) == Array(lines(d.output).dropFirst()))
        #expect(eventName(client.lines.dropFirst().first ?? "") == "touchesBegan")
    }

    @Test func aStartDelayPlaysTheSameLinesLater() throws {
        let recording = repositoryDirectory + "/examples/kiosk.evemu"
        let delayed = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--realtime", "--start-delay", "0.2", recording])
        let plain = try Spawned(touchbridgeExecutable, ["run", "--json", recording])
        #expect(delayed.wait(timeout: 60) == 0, "\(delayed.errors)")
        #expect(plain.wait(timeout: 60) == 0)
        #expect(delayed.output == plain.output)
    }

    /// Five fingers moving for three seconds at 500 frames a second: about 600 KiB a second of log.
    func flood(seconds: Double = 3) throws -> String {
        var r = RecordingText()
        r.sync(0)
        let start = 1.0
        for f in 0..<5 { r.down(start, slot: f, id: f + 1, Double(100 + 100 * f), 100) }
        r.sync(start)
        let frames = Int(seconds * 500)
        for i in 1...frames {
            let t = start + Double(i) * 0.002
            for f in 0..<5 { r.move(t, slot: f, Double(100 + 100 * f) + Double(i % 200), 100 + Double(i % 300)) }
            r.sync(t)
        }
        let end = start + Double(frames + 1) * 0.002
        for f in 0..<5 { r.up(end, slot: f) }
        r.sync(end)
        return try r.file()
    }

    @Test func aClientThatStopsReadingLosesWholeLinesIsToldHowManyAndHoldsNobodyElse() throws {
        let (d, socket) = try daemon(try flood())
        let reader = try TestClient(socket)
        let stopped = try TestClient(socket, paused: true)
        usleep(2_500_000)  // 1.5 s into the flood
        stopped.resume()
        #expect(reader.waitForEnd())
        #expect(stopped.waitForEnd())
        #expect(d.wait() == 0)
        let out = lines(d.output)
        #expect(Array(reader.lines.dropFirst()) == Array(out.dropFirst()), "the reading client lost lines")
        let got = Array(stopped.lines.dropFirst())
        let dropped = got.filter { eventName($0) == "dropped" }
        #expect(dropped.count == 1, "\(dropped)")
        let lost = dropped.first.flatMap { Int($0.split(separator: ":").last!.dropLast()) } ?? 0
        #expect(lost > 0)
        let kept = got.filter { eventName($0) != "dropped" }
        // Whole lines only, each one of standard output's, in order; the count adds up.
        #expect(kept.allSatisfy { $0.hasPrefix("{\"t\":") })
        #expect(kept.allSatisfy { $0.hasSuffix("}") })
        var i = out.startIndex
        for line in kept {
            while i < out.endIndex && out[i] != line { i += 1 }
            #expect(i < out.endIndex, "a line standard output does not have: \(line.prefix(80))")
        }
        #expect(kept.count + lost == out.count - 1)
        #expect(d.errors.contains("client 2 did not keep up"))
    }

    @Test func aSlowClientAtTheEndGetsWholeLinesAndTheCountOfWhatItLost() throws {
        // A reader of 4 KiB every 20 ms (200 KiB/s) against a flood of about 1.4 MB in 2 s: it
        // falls behind, and is behind when the recording ends; its last line is the count.
        let (d, socket) = try daemon(try flood(seconds: 2))
        let slow = try TestClient(socket, slow: (4096, 20_000))
        #expect(slow.waitForEnd(timeout: 60))
        #expect(d.wait() == 0)
        let out = Array(lines(d.output).dropFirst())
        let got = Array(slow.lines.dropFirst())
        #expect(
            !got.isEmpty,
            "the last line it gets says what it lost: \(got.last?.prefix(80) ?? "")")
        #expect(
            got.last.flatMap(eventName) == "dropped",
            "the last line it gets says what it lost: \(got.last?.prefix(80) ?? "")")
        #expect(got.allSatisfy { $0.hasPrefix("{\"t\":") }, "whole lines only")
        #expect(got.allSatisfy { $0.hasSuffix("}") }, "whole lines only")
        #expect(
            addsUp(got, out), "what it got and what it was told it lost add up to standard output's \(out.count) lines")
    }

    @Test func aClientThatChangesFormatMidStreamLosesNoLine() throws {
        let (d, socket) = try daemon(try flood(seconds: 2))
        let c = try TestClient(socket)
        #expect(eventually(timeout: 10) { c.lines.count > 50 })
        _ = "{\"format\":\"text\"}\n".withCString { write(c.fd, $0, strlen($0)) }
        #expect(c.waitForEnd())
        #expect(d.wait() == 0)
        let out = Array(lines(d.output).dropFirst())
        let got = Array(c.lines.dropFirst())
        let json = got.prefix { $0.hasPrefix("{") }
        let text = got.dropFirst(json.count)
        // It switched once it had the hello and 50 lines: at least 50 came as JSON.
        #expect(json.count >= 50, "\(json.count) JSON lines, then \(text.count) text lines")
        #expect(text.count > 50, "\(json.count) JSON lines, then \(text.count) text lines")
        #expect(Array(json) == Array(out.prefix(json.count)), "JSON up to the switch, as standard output")
        #expect(json.count + text.count == out.count, "every line, once: \(json.count) + \(text.count) of \(out.count)")
        #expect(text.allSatisfy { !$0.hasPrefix("{") })
    }

    @Test func aClientThatStaysBehindIsDisconnectedWithAReason() throws {
        let (d, socket) = try daemon(try flood(seconds: 2), ["--socket-stall-limit", "0.5"])
        let reader = try TestClient(socket)
        let stopped = try TestClient(socket, paused: true)
        #expect(eventually(timeout: 10) { d.errors.contains("client 2 disconnected: too slow") }, "\(d.errors)")
        stopped.resume()
        #expect(stopped.waitForEnd(timeout: 5))
        #expect(reader.waitForEnd())
        #expect(d.wait() == 0)
        #expect(Array(reader.lines.dropFirst()) == Array(lines(d.output).dropFirst()))
    }

    @Test func theSocketServesOnlyTheKindsItWasGiven() throws {
        // A PIN pad keeps where fingers land off the socket: its clients get actions and devices.
        let rec = try RecordingText.delayed("kiosk", by: 1.5)
        let (d, socket) = try daemon(rec, ["--socket-events", "action,device"], scene: kiosk)
        let all = try TestClient(socket)
        let touches = try TestClient(socket, send: "{\"subscribe\":[\"action\",\"touches\"]}\n")
        #expect(all.waitForEnd())
        #expect(touches.waitForEnd())
        #expect(d.wait() == 0)
        let kinds = Set(all.lines.dropFirst().compactMap(eventName))
        #expect(kinds == ["action", "deviceRemoved"], "\(all.lines)")
        #expect(lines(d.output).contains { eventName($0) == "touchesBegan" }, "standard output keeps every kind")
        #expect(touches.lines.count == 2, "\(touches.lines)")
        #expect(touches.lines[1].contains("this socket does not serve 'touches'"), "\(touches.lines)")
        #expect(touches.lines[1].contains("(it serves: action, device)"), "\(touches.lines)")
    }

    @Test func idleClientsCannotLockOutANewOneAndBadClientsAreClosed() throws {
        let rec = try RecordingText.delayed("kiosk", by: 6)
        let (d, socket) = try daemon(rec, scene: kiosk)
        // 64 clients that never read nor leave, all of this test's user: a user holds at most
        // 16 connections, each newer one replacing its oldest, which is told why and closed.
        var clients: [TestClient] = []
        for _ in 0..<64 { clients.append(try TestClient(socket)) }
        let extra = try TestClient(socket)
        #expect(eventually { extra.lines.count == 1 }, "the 65th client gets its hello")
        #expect(eventName(extra.lines.first ?? "") == "hello")
        let replaced = Array(clients.prefix(49))
        #expect(replaced.allSatisfy { $0.waitForEnd(timeout: 5) })
        #expect(
            replaced.allSatisfy {
                $0.lines.count == 2 && eventName($0.lines[1]) == "error"
                    && $0.lines[1].contains("replaced by a newer connection of the same user (at most 16 a user)")
            }, "\(replaced.last?.lines ?? [])")
        clients = Array(clients.suffix(15)) + [extra]
        #expect(clients.allSatisfy { $0.lines.count == 1 })
        // The journal heard a burst of those connections, not all of them.
        #expect(d.errors.components(separatedBy: " connected (uid").count - 1 < 64, "\(d.errors.suffix(800))")
        let cases = [
            ("hello\n", "not JSON"), ("{\"subscribe\":[\"taps\"]}\n", "unknown kind 'taps'"),
            ("{\"subscribe\":[],\"colour\":1}\n", "unknown member 'colour'"),
            (String(repeating: "x", count: 5000), "longer than 4096 bytes"),
        ]
        for (input, message) in cases {
            let c = try TestClient(socket, send: input)
            #expect(c.waitForEnd(timeout: 5), "\(message)")
            #expect(c.lines.count == 2, "\(c.lines)")
            #expect(eventName(c.lines[1]) == "error", "\(c.lines)")
            #expect(c.lines[1].contains(message), "\(c.lines)")
        }
        // The good clients go on (the first hostile one replaced the oldest): they get the whole run.
        clients.removeFirst(1)
        d.signal(SIGTERM)
        #expect(d.wait() == 0)
        #expect(clients.allSatisfy { $0.waitForEnd() && $0.lines.count == 1 + lines(d.output).count - 1 })
    }

    @Test func sigtermSendsTheFinalCancellationsThenEndOfFile() throws {
        var r = RecordingText()
        r.sync(0)
        r.down(1, slot: 0, id: 7, 400, 240)
        r.sync(1)
        r.up(30, slot: 0)
        r.sync(30)
        let (d, socket) = try daemon(try r.file())
        let c = try TestClient(socket)
        #expect(eventually(timeout: 5) { c.lines.contains { eventName($0) == "touchesBegan" } })
        d.signal(SIGTERM)
        #expect(c.waitForEnd(timeout: 5))
        #expect(d.wait() == 0)
        #expect(eventName(c.lines.last ?? "") == "touchesCancelled", "\(c.lines)")
        #expect(access(socket, F_OK) != 0, "the socket file is removed at exit")
    }

    @Test func aStaleSocketIsReplacedAndALiveOneStopsTheStart() throws {
        // A socket file nobody listens on, as a crash leaves it.
        let stale = temporaryPath("stale")
        let fd = try UnixSocket.listen(path: stale)
        close(fd)
        let rec = try RecordingText.delayed("kiosk", by: 3)
        let first = try Spawned(touchbridgeExecutable, ["run", "--realtime", "--socket", stale, rec])
        #expect(eventually(timeout: 10) { first.errors.contains("listening on") }, "\(first.errors)")
        let second = try Spawned(touchbridgeExecutable, ["run", "--realtime", "--socket", stale, rec])
        #expect(second.wait() == 73)
        #expect(second.errors.contains("another program (pid \(first.pid)) is listening on it"), "\(second.errors)")
        first.signal(SIGTERM)
        #expect(first.wait() == 0)
        // Not a socket: never removed.
        let plain = temporaryPath("plain")
        try "keep me".write(toFile: plain, atomically: true, encoding: .utf8)
        let third = try Spawned(touchbridgeExecutable, ["run", "--realtime", "--socket", plain, rec])
        #expect(third.wait() == 73)
        #expect(third.errors.contains("exists and is not a socket"))
        #expect((try? String(contentsOfFile: plain, encoding: .utf8)) == "keep me")
    }

    @Test func listenPrintsRunsTextAndFollowsARestart() throws {
        let socket = temporaryPath("sock")
        let listen = try Spawned(touchbridgeExecutable, ["listen", "--socket", socket, "--events", "action,device"])
        #expect(eventually { listen.errors.contains("waiting for the daemon on \(socket)") }, "\(listen.errors)")
        let rec = try RecordingText.delayed("kiosk", by: 2.5)
        for round in 1...2 {
            let d = try Spawned(
                touchbridgeExecutable, ["run", "--realtime", "--socket", socket, "--scene", kiosk, rec])
            #expect(d.wait(timeout: 20) == 0)
            #expect(
                eventually { listen.output.components(separatedBy: "action orderWater").count == round + 1 },
                "\(listen.output)")
        }
        #expect(listen.errors.contains("reconnecting"), "\(listen.errors)")
        #expect(listen.errors.contains("connected again"), "\(listen.errors)")
        listen.stop()
        let expected = try Spawned(
            touchbridgeExecutable, ["run", "--scene", kiosk, "--log-events", "action,device", rec])
        #expect(expected.wait() == 0)
        let one = Array(lines(expected.output).dropFirst())  // the panel was added before listen connected
        #expect(lines(listen.output) == one + one)
    }

    @Test func listenExits69WhenNothingListensAnd77OutsideTheGroup() throws {
        let nobody = try Spawned(touchbridgeExecutable, ["listen", "--no-wait", "--socket", temporaryPath("none")])
        #expect(nobody.wait() == 69)
        #expect(nobody.errors.contains("nothing listens on"))
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs listen as another user")
        let (d, socket) = try daemon(try RecordingText.delayed("kiosk", by: 5))
        let outsider = try Spawned(
            setpriv,
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", OtherUsers.touchbridge,
                "listen", "--socket", socket,
            ])
        #expect(outsider.wait() == 77)
        #expect(
            outsider.errors.contains("is for the group 'root'"),
            "\(outsider.errors)")
        #expect(
            outsider.errors.contains("usermod -aG root"),
            "\(outsider.errors)")
        d.signal(SIGTERM)
        #expect(d.wait() == 0)
    }

    @Test func theSocatOneLinerOfTheDocsReadsTheStream() throws {
        let socat = try #require(tool("socat"), "socat is not installed (make test installs it)")
        let rec = try RecordingText.delayed("kiosk", by: 2)
        let (d, socket) = try daemon(rec, scene: kiosk)
        let s = try Spawned(socat, ["-u", "UNIX-CONNECT:\(socket)", "-"])
        #expect(d.wait(timeout: 20) == 0)
        #expect(s.wait(timeout: 5) == 0)
        #expect(eventName(lines(s.output).first ?? "") == "hello")
        #expect(Array(lines(s.output).dropFirst()) == Array(lines(d.output).dropFirst()))
    }

    @Test func systemdCanPassTheListeningSocket() throws {
        let activate = try #require(tool("systemd-socket-activate"), "systemd's systemd-socket-activate is needed")
        let socket = temporaryPath("activated")
        let rec = try RecordingText.delayed("kiosk", by: 2)
        let d = try Spawned(
            activate, ["-l", socket, touchbridgeExecutable, "run", "--realtime", "--json", "--scene", kiosk, rec])
        let c = try TestClient(socket)
        #expect(c.waitForEnd(timeout: 20))
        #expect(d.wait() == 0)
        #expect(eventName(c.lines.first ?? "") == "hello")
        #expect(c.lines.contains { eventName($0) == "action" })
        #expect(d.errors.contains("listening on the socket systemd passed"), "\(d.errors)")
    }
}
