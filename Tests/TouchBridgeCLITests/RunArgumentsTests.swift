import ArgumentParser
import RunCommandLine
import Testing

@testable import TouchBridgeCLI

/// The daemon's fast reading of `run`'s command line gives what the argument parser gives,
/// for every option `run` has, and leaves to the parser what it does not read plainly.
@Suite("run's arguments, read fast")
struct RunArgumentsTests {
    static let lines: [[String]] = [
        [],
        ["examples/kiosk.evemu"],
        ["--json", "--scene", "examples/kiosk.json", "/dev/input/event3", "/dev/input/event4"],
        ["--scene=examples/kiosk.json", "--log-events", "action,device", "--log-level=notice"],
        ["--screen", "800x480", "--rotate", "90", "--calibration", "1 0 0 0 1 0"],
        ["--output", "HDMI-A-1", "/dev/input/event3"],
        [
            "--panel", "/dev/input/event4=0,0,800,480@90", "--panel", "ILITEK=800,0,800,480", "--hysteresis", "0.5",
            "--hysteresis", "ILITEK=1", "--mask", "0 0 40 40; 760 0 40 40",
        ],
        [
            "--grab", "--virtual-touchscreen", "--virtual-pointer", "--pointer-scroll", "traditional",
            "--forward-contacts", "1",
        ],
        ["--ghost-after", "30", "--adopt-initial-touches", "--keys", "--metrics-file", "/tmp/m.prom"],
        ["--socket", "/run/touchbridge/events.sock", "--socket-stall-limit", "12.5"],
        ["--realtime", "--device", "1", "examples/kiosk.libinput.yml"],
        ["--scene", "a.json", "--scene", "b.json"],  // the last one counts
        ["examples/kiosk.evemu", "--json"],  // options after the sources
    ]

    @Test(arguments: lines)
    func theFastReadingGivesWhatTheParserGives(_ line: [String]) throws {
        let parsed = try RunCommand.parseAsRoot(line) as? RunCommand
        let fast = RunArguments.parse(line)
        #expect(fast != nil, "a plain line is read fast: \(line)")
        #expect(parsed?.invocation == fast, "\(line)")
    }

    @Test(arguments: [
        ["--help"], ["--bogus"], ["-x"], ["--json=yes"], ["--rotate", "ninety"], ["--scene"],
        ["--calibration", "-1 0 0 0 1 0"],
        ["--", "file"], ["-"],
    ])
    func whatIsNotPlainGoesToTheParser(_ line: [String]) {
        #expect(RunArguments.parse(line) == nil, "\(line)")
    }

    @Test func everyOptionOfRunIsReadFast() {
        // The long names the parser's help lists for `run`, against the fast reader's.
        let help = RunCommand.helpMessage(columns: 400)
        var names = Set<String>()
        for part in help.split(separator: " ", omittingEmptySubsequences: true) where part.hasPrefix("--") {
            let name = part.dropFirst(2).prefix { $0.isLetter || $0 == "-" }
            if !name.isEmpty { names.insert(String(name)) }
        }
        names.remove("help")
        #expect(
            names == RunArguments.names,
            "help: \(names.subtracting(RunArguments.names)), fast only: \(RunArguments.names.subtracting(names))")
    }
}
