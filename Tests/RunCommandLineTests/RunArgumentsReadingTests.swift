import RunCommandLine
import Testing
import TouchBridge
import TouchInput
import TouchKit

/// `run`'s command line read by the table alone, as the daemon's program reads it: values into
/// the daemon's options, a mistake said with what the option takes.
struct RunArgumentsReadingTests {
    @Test func aPlainLineBecomesTheDaemonsOptions() throws {
        let r = try RunArguments.read([
            "--json", "--screen", "800x480", "--rotate", "90", "--scene", "kiosk.json", "a.evemu", "b.evemu",
        ])
        #expect(r.sources == ["a.evemu", "b.evemu"])
        #expect(r.scene == "kiosk.json")
        #expect(r.options.format == .json)
        #expect(r.options.screen == Size(width: 800, height: 480))
        #expect(r.options.rotation == .quarter)
    }

    @Test(arguments: [
        (["--rotate", "45"], "--rotate takes 0, 90, 180 or 270"),
        (["--screen", "0x480"], "--screen takes WIDTHxHEIGHT in points"),
        (["--calibration", "1 0 0"], "--calibration takes six numbers"),
        (["--bogus"], "bogus"),
    ])
    func aMistakeSaysWhatTheOptionTakes(_ arguments: [String], _ said: String) {
        do {
            _ = try RunArguments.read(arguments + ["a.evemu"])
            Issue.record("\(arguments) was taken")
        } catch {
            #expect(error.message.contains(said), "\(error.message)")
        }
    }

    @Test(arguments: [
        ["/usr/bin/touchbridge", "run", "--socket", "/run/a.sock", "--json"],
        ["/usr/bin/touchbridge", "run", "--json", "--socket=/run/a.sock"],
        ["touchbridge", "run", "--socket-stall-limit", "3", "--socket=/run/a.sock", "panel.evemu"],
    ])
    func doctorFindsTheSocketOfADaemonsCommandLineAsTheDaemonReadsIt(argv: [String]) {
        #expect(RunArguments.socketPath(ofCommandLine: argv) == "/run/a.sock")
    }

    @Test func aCommandLineWithoutASocketOrNotRunNamesNone() {
        #expect(RunArguments.socketPath(ofCommandLine: ["touchbridge", "run", "--json"]) == nil)
        #expect(RunArguments.socketPath(ofCommandLine: ["touchbridge", "listen", "--socket", "/run/a.sock"]) == nil)
        #expect(RunArguments.socketPath(ofCommandLine: ["touchbridge"]) == nil)
    }

    @Test func theToolsReadTheirMappingOptionsThroughTheSameTable() throws {
        let o = try RunOption.options([("rotate", "180"), ("panel", "/dev/input/event4=0,0,800,480@90")])
        #expect(o.rotation == .half)
        #expect(o.rules.rects.count == 1)
        #expect(throws: UsageError.self) { _ = try RunOption.options([("rotate", "7")]) }
        #expect(throws: UsageError.self) { _ = try RunOption.options([("no-such-option", "1")]) }
    }

    @Test func everyOptionIsDeclaredOnceWithHelp() {
        let names = RunOption.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(RunOption.all.allSatisfy { !$0.help.isEmpty })
    }
}
