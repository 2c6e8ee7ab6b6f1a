import ControlProtocol
import EventSocket
import Glibc
import Output
import Runtime
import Testing
import TouchScene

/// Commands over the event socket: what a client may send and how each is read, who may
/// command, and the one answer line each gets on a connection that stays.
@Suite("Commands over the socket")
struct ControlCommandTests {
    func parse(_ line: String) -> Result<ClientLine, ClientLineError> { ClientLine.parse(Array(line.utf8)) }

    @Test func eachCommandIsReadWithItsArguments() {
        #expect(parse(#"{"command":"blank"}"#) == .success(.command(.success(.blank))))
        #expect(parse(#"{"command":"lock","seconds":60}"#) == .success(.command(.success(.lock(seconds: 60)))))
        #expect(parse(#"{"command":"lock"}"#) == .success(.command(.success(.lock(seconds: nil)))))
        #expect(
            parse(#"{"command":"brightness","value":0.25,"display":"eDP-1"}"#)
                == .success(.command(.success(.brightness(value: 0.25, display: "eDP-1")))))
        #expect(parse(#"{"subscribe":["idle","lock"]}"#).map { _ in true } == .success(true))
    }

    @Test func aBadCommandIsAnswerableAndSaysWhatWasExpected() {
        func problem(_ line: String) -> String? {
            guard case .success(.command(.failure(let e))) = parse(line) else { return nil }
            return e.description
        }
        #expect(problem(#"{"command":"dance"}"#) == "unknown command 'dance' (commands: \(ControlCommand.names))")
        #expect(
            problem(#"{"command":"lock","seconds":0}"#)?.hasPrefix("'seconds' is a number of seconds above 0") == true)
        #expect(problem(#"{"command":"lock","seconds":1e9}"#) != nil, "a lock of 30 years")
        #expect(problem(#"{"command":"brightness","value":1.5}"#) == "brightness takes a 'value' from 0.0 to 1.0")
        #expect(problem(#"{"command":"brightness"}"#) == "brightness takes a 'value' from 0.0 to 1.0")
        #expect(problem(#"{"command":"brightness","value":0.5,"display":"x\"y"}"#) != nil)
        #expect(problem(#"{"command":"blank","seconds":3}"#) == "'seconds' belongs to lock only")
        #expect(problem(#"{"command":7}"#)?.hasPrefix("'command' takes a name") == true)
        // Not JSON at all still ends the client, as before.
        #expect(throws: Never.self) { if case .success = parse("lock") { Issue.record("'lock' parsed") } }
    }

    @Test func theCommandLineWordsBecomeTheSameCommands() {
        #expect(ControlCommand.parse(word: "lock=90") == .success(.lock(seconds: 90)))
        #expect(ControlCommand.parse(word: "brightness=0.4") == .success(.brightness(value: 0.4, display: nil)))
        #expect(ControlCommand.parse(word: "state") == .success(.state))
        #expect(ControlCommand.parse(word: #"{"command":"unlock"}"#) == .success(.unlock))
        #expect(ControlCommand.parse(word: "wake=3").map { _ in true } != .success(true))
        #expect(ControlCommand.parse(word: "lock=soon").map { _ in true } != .success(true))
        for c in [ControlCommand.lock(seconds: 30), .brightness(value: 0.5, display: "HDMI-A-1"), .reload] {
            let line = Array(c.line.utf8.dropLast())
            #expect(ClientLine.parse(line) == .success(.command(.success(c))), "\(c.line)")
        }
    }

    @Test func onlyTheDaemonsUserRootAndTheControlGroupMayCommand() {
        let access = ControlAccess(ownUID: 990, group: (gid: 991, name: "touchbridge-control"))
        #expect(access.refusal(peer: .init(pid: 1, uid: 990, gid: 990), groups: []) == nil)
        #expect(access.refusal(peer: .init(pid: 1, uid: 0, gid: 0), groups: nil) == nil)
        #expect(access.refusal(peer: .init(pid: 1, uid: 1000, gid: 1000), groups: [27, 991]) == nil)
        #expect(access.refusal(peer: .init(pid: 1, uid: 1000, gid: 991), groups: []) == nil)
        let refused = access.refusal(peer: .init(pid: 1, uid: 1000, gid: 1000), groups: [27])
        #expect(refused?.contains("join the group 'touchbridge-control'") == true, "\(refused ?? "")")
        let none = ControlAccess(ownUID: 990, group: nil)
        #expect(
            none.refusal(peer: .init(pid: 1, uid: 1000, gid: 991), groups: [991])?.contains("only its own uid") == true)
        #expect(access.refusal(peer: nil, groups: nil) != nil)
    }

    /// A socket in a loop, a client connected to it, and what the daemon does with commands.
    final class Served {
        let path = "/tmp/touchbridge-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        let loop: EventLoop
        let log = HandlerLog(format: .json)
        let socket: EventSocket
        var performed: [(ControlCommand, KioskCause)] = []

        init(access: ControlAccess?) throws {
            loop = try EventLoop()
            socket = try EventSocket(path: path, loop: loop, log: log)
            socket.access = access
            socket.now = { 7 }
            socket.perform = { [unowned self] c, cause in
                performed.append((c, cause))
                if c == .blank { log.idle(after: nil, cause: cause, time: 7) }
                return c == .blank ? .ok(members: #""idle":true"#) : .failed("no such display")
            }
        }

        /// Serves one wake and delivers what was logged.
        func wake() {
            loop.run(beforeSleep: {
                self.socket.deliver()
                self.log.discard()
                self.loop.stop()
            })
        }

        deinit {
            socket.finish(grace: 0)
        }
    }

    func readLines(_ fd: Int32, _ count: Int) -> [String] {
        var lines = LineCollector(fd: fd)
        return (0..<count).compactMap { _ in lines.next() }
    }

    @Test func aPermittedCommandIsCarriedOutItsLinesFirstThenItsAnswerAndTheClientStays() throws {
        let served = try Served(access: ControlAccess(ownUID: geteuid(), group: nil))
        let client = try UnixSocket.connect(path: served.path).get()
        defer { close(client) }
        served.wake()
        let request = "{\"subscribe\":[\"idle\"]}\n{\"command\":\"blank\"}\n{\"command\":\"brightness\",\"value\":1}\n"
        #expect(request.withCString { send(client, $0, strlen($0), 0) } == request.utf8.count)
        served.wake()
        let lines = readLines(client, 4)
        #expect(lines.first?.contains(#""event":"hello""#) == false, "the hello line is the pipeline host's: \(lines)")
        #expect(
            Array(lines.dropFirst(0)) == [
                #"{"t":7.000000,"event":"idle","cause":"command","uid":\#(geteuid()),"pid":\#(getpid())}"#,
                #"{"t":7.000000,"event":"ok","command":"blank","idle":true}"#,
                #"{"t":7.000000,"event":"error","command":"brightness","error":"no such display"}"#,
            ], "\(lines)")
        #expect(served.performed.map(\.0) == [.blank, .brightness(value: 1, display: nil)])
        #expect(served.socket.clientCount == 1, "an answered error does not end the client")
    }

    @Test func aClientThatMayNotCommandGetsAnErrorAndNothingChanges() throws {
        // The daemon's uid is another here, and the client is in no control group (unless root).
        let served = try Served(access: ControlAccess(ownUID: geteuid() &+ 1, group: nil))
        let client = try UnixSocket.connect(path: served.path).get()
        defer { close(client) }
        served.wake()
        let request = "{\"subscribe\":[]}\n{\"command\":\"blank\"}\n"
        #expect(request.withCString { send(client, $0, strlen($0), 0) } == request.utf8.count)
        served.wake()
        let line = readLines(client, 1).first ?? ""
        if geteuid() == 0 {
            #expect(line == #"{"t":7.000000,"event":"ok","command":"blank","idle":true}"#, "root may: \(line)")
        } else {
            #expect(line.hasPrefix(#"{"t":7.000000,"event":"error","command":"blank","error":"uid "#), "\(line)")
            #expect(served.performed.isEmpty)
        }
    }

    @Test func aSocketWithoutCommandsSaysSo() throws {
        let served = try Served(access: nil)
        let client = try UnixSocket.connect(path: served.path).get()
        defer { close(client) }
        served.wake()
        let request = "{\"command\":\"state\"}\n"
        #expect(request.withCString { send(client, $0, strlen($0), 0) } == request.utf8.count)
        served.wake()
        #expect(
            readLines(client, 1) == [
                #"{"t":7.000000,"event":"error","command":"state","error":"this socket takes no commands"}"#
            ])
        #expect(served.performed.isEmpty)
    }
}

/// Complete lines from a socket, whatever is readable now.
struct LineCollector {
    let fd: Int32
    var pending: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> String? {
        while true {
            if let nl = pending.firstIndex(of: 10) {
                defer { pending.removeFirst(nl + 1) }
                return String(decoding: pending[..<nl], as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard n > 0 else { return nil }
            pending += chunk[0..<n]
        }
    }
}
