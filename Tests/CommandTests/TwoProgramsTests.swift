import Foundation
import ProgramTestSupport
import Testing

/// `touchbridge` runs a plain `run`, `evtest`, `touches` and `list` itself and hands everything else to
/// `touchbridge-cli`:
/// what a user types gets the same answer either way, and the daemon's program links neither
/// the argument parser nor Foundation. Needs no device: runs in every test pass.
@Suite("touchbridge and touchbridge-cli")
struct TwoProgramsTests {
    var cli: String {
        URL(fileURLWithPath: touchbridgeExecutable).deletingLastPathComponent().appendingPathComponent(
            "touchbridge-cli"
        ).path
    }

    func answer(_ program: String, _ arguments: [String]) throws -> (code: Int32?, out: String, err: String) {
        let p = try Spawned(program, arguments)
        let code = p.wait()
        return (code, p.output, p.errors)
    }

    @Test(arguments: [
        ["--version"], ["--help"], ["run", "--help"], ["run", "--rotate", "7", "x.evemu"], ["run", "--bogus"],
        ["evtest", "/nonexistent"], ["evtest", "/dev/input/event999"], ["evtest", "--grab"],
        ["evtest", "a.evemu", "b.evemu"], ["evtest", "--help"], ["touches", "/nonexistent"],
        ["touches", "--rotate", "45", "x.evemu"], ["touches", "--scene", "s.json", "x.evemu"],
        ["touches", "a.evemu", "b.evemu"], ["list", "--bogus"], ["list"], ["list", "--json"],
        ["list", "--touchscreens", "--paths"], ["list", "--json", "--json"],
        ["--generate-completion-script", "bash"],
    ])
    func everyAnswerIsTheInterfaces(_ arguments: [String]) throws {
        let front = try answer(touchbridgeExecutable, arguments)
        let whole = try answer(cli, arguments)
        #expect(front.code == whole.code, "\(arguments)")
        #expect(front.out == whole.out, "\(arguments)")
        #expect(front.err == whole.err, "\(arguments)")
    }

    @Test func aPlainRunIsTheSameLogFromBoth() throws {
        let arguments = [
            "run", "--json", "--scene", repositoryDirectory + "/examples/kiosk.json",
            repositoryDirectory + "/examples/kiosk.evemu",
        ]
        let front = try answer(touchbridgeExecutable, arguments)
        let whole = try answer(cli, arguments)
        #expect(front.code == 0)
        #expect(whole.code == 0)
        #expect(front.out.contains("\"event\":\"action\""))
        #expect(front.out == whole.out)
    }

    @Test(arguments: ["kiosk.evemu", "media-keys.evemu", "shake.evemu"])
    func aPlainEvtestIsTheSameDumpFromBothAndNeedsNoInterface(_ name: String) throws {
        let path = repositoryDirectory + "/examples/" + name
        let front = try answer(touchbridgeExecutable, ["evtest", path])
        let whole = try answer(cli, ["evtest", path])
        #expect(front.code == 0, "\(front.err)")
        #expect(whole.code == 0, "\(front.err)")
        #expect(front.out.hasPrefix("Input driver version is 1.0.1\n"), "\(front.out.prefix(80))")
        #expect(front.out == whole.out)
        #expect(front.err == whole.err)
        // The daemon's program dumps it alone, without touchbridge-cli beside it.
        let dir = NSTemporaryDirectory() + "tb-evtest-\(getpid())-\(name)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = try answer("/bin/cp", [touchbridgeExecutable, dir + "/touchbridge"])
        try #require(copy.code == 0, "cp: \(copy.err)")
        let alone = try answer(dir + "/touchbridge", ["evtest", path])
        #expect(alone.code == 0, "\(alone.err)")
        #expect(alone.out == front.out, "\(alone.err)")
    }

    @Test(arguments: [
        ["touches", "kiosk.evemu"], ["touches", "--json", "kiosk.evemu"],
        ["touches", "--screen", "1024x600", "--rotate", "90", "--mask", "0 0 100 100", "kiosk.evemu"],
        ["touches", "--hysteresis", "2", "--json", "noisy-press.evemu"], ["touches", "shake.evemu"],
    ])
    func aPlainTouchesIsTheSameFromBoth(_ arguments: [String]) throws {
        let given = arguments.map { $0.hasSuffix(".evemu") ? repositoryDirectory + "/examples/" + $0 : $0 }
        let front = try answer(touchbridgeExecutable, given)
        let whole = try answer(cli, given)
        #expect(front.code == whole.code, "\(arguments)")
        #expect(front.out == whole.out, "\(arguments)")
        #expect(front.err == whole.err, "\(arguments)")
        #expect(front.code != 0 || front.out.contains("began"), "\(arguments): \(front.out.prefix(200))")
    }

    @Test func runsMistakesInItsInputAreSaidAsTheInterfaceSaysThem() throws {
        // A missing device, a malformed recording, a malformed scene: the daemon's program
        // runs these itself, and must give the interface's message and exit code.
        let recording = NSTemporaryDirectory() + "tb-bad-\(getpid()).evemu"
        let scene = NSTemporaryDirectory() + "tb-bad-\(getpid()).json"
        try "garbage\n".write(toFile: recording, atomically: true, encoding: .utf8)
        try "{\"windows\": [\n".write(toFile: scene, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: recording)
            try? FileManager.default.removeItem(atPath: scene)
        }
        for (arguments, code) in [
            (["run", "/dev/input/event999"], Int32(66)), (["run", recording], 65),
            (["run", "--scene", scene, repositoryDirectory + "/examples/kiosk.evemu"], 65),
        ] {
            let front = try answer(touchbridgeExecutable, arguments)
            let whole = try answer(cli, arguments)
            #expect(front.code == code, "\(arguments): \(front.err)")
            #expect(front.code == whole.code, "\(arguments)")
            #expect(front.err == whole.err, "\(arguments)")
            #expect(front.out == whole.out, "\(arguments)")
            #expect(front.err.hasPrefix("touchbridge: "), "\(front.err)")
        }
    }

    @Test func aMissingInterfaceIsSaidWithWhereItWasLookedFor() throws {
        let dir = NSTemporaryDirectory() + "tb-alone-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Copied by cp, not in this process: a descriptor open for writing here would be
        // inherited by another test's spawn running at the same moment, and exec of the copy
        // would then fail with ETXTBSY ("Text file busy").
        let copy = try answer("/bin/cp", [touchbridgeExecutable, dir + "/touchbridge"])
        try #require(copy.code == 0, "cp: \(copy.err)")
        let r = try answer(dir + "/touchbridge", ["screens"])
        #expect(r.code == 69)
        #expect(
            r.err.contains("touchbridge-cli"),
            "\(r.err)")
        #expect(
            r.err.contains(dir + "/../libexec/touchbridge/touchbridge-cli"),
            "\(r.err)")
    }

    @Test func theDaemonsProgramLinksNoArgumentParserNorFoundation() throws {
        let nm = try #require(tool("nm"), "nm (binutils) is needed")
        let symbols = try answer(nm, [touchbridgeExecutable]).out
        #expect(symbols.contains("14RunCommandLine"), "nm read the program's symbols")
        #expect(!symbols.contains("14ArgumentParser"))
        #expect(!symbols.contains("20FoundationEssentials"))
        #expect(!symbols.contains("10Foundation"))
    }
}
