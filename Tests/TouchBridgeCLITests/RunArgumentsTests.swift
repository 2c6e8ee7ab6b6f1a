import ArgumentParser
import Host
import Output
import Pipeline
import RunCommandLine
import Testing
import TouchBridge
import TouchInput
import TouchKit

@testable import TouchBridgeCLI

/// `run`'s one reader against its one table of options: every option it declares is read into
/// the daemon's options, listed in the help and offered to the shell, and a mistake is said
/// with what the option takes.
@Suite("run's arguments")
struct RunArgumentsTests {
    func read(_ line: [String]) throws -> RunInvocation { try RunArguments.read(line) }

    @Test func sourcesAndOptionsInAnyOrder() throws {
        let r = try read(["examples/kiosk.evemu", "--json", "--scene=a.json", "--scene", "b.json", "x.evemu"])
        #expect(r.sources == ["examples/kiosk.evemu", "x.evemu"])
        #expect(r.options.format == .json)
        #expect(r.scene == "b.json", "the last --scene counts")
    }

    @Test func mappingAndPanels() throws {
        let r = try read([
            "--screen", "800x480", "--rotate", "90", "--calibration", "-1 0 1 0 1 0", "--panel",
            "/dev/input/event4=0,0,800,480@90", "--panel", "ILITEK=800,0,800,480", "--hysteresis", "0.5",
            "--mask", "0 0 40 40; 760 0 40 40", "--panel-device", "ILITEK",
        ])
        #expect(r.options.screen == Size(width: 800, height: 480))
        #expect(r.options.rotation == .quarter)
        #expect(r.options.calibration?.a == -1, "a value may begin with a dash")
        #expect(r.options.rules.rects.count == 2)
        #expect(r.options.rules.corrections.map(\.option) == ["--hysteresis", "--mask"])
        #expect(r.options.rules.corrections.first?.settings[Hysteresis.self] == 0.5)
        #expect(r.options.rules.corrections.last?.settings[Masks.self]?.count == 2)
        #expect(r.options.rules.panelDevices.count == 1)
    }

    @Test func outputsAndDiagnostics() throws {
        let r = try read([
            "--virtual-touchscreen", "--pointer-scroll", "traditional", "--forward-contacts", "1", "--ghost-after",
            "30", "--socket", "/run/t.sock", "--socket-stall-limit", "12.5", "--socket-events", "action",
            "--log-events", "action,device", "--log-level", "notice", "--metrics-file", "/tmp/m.prom", "--device", "1",
            "--no-pen-arbitration", "--realtime",
        ])
        #expect(r.options.virtualTouchscreen)
        #expect(!r.options.pointerGestures.naturalScrolling)
        #expect(r.options.forwardContacts == 1)
        #expect(r.options.ghostAfter == 30)
        #expect(r.options.socketPath == "/run/t.sock")
        #expect(r.options.socketStallLimit == 12.5)
        #expect(r.options.socketEvents != .all)
        #expect(r.options.logEvents != .all)
        #expect(r.logLevel == .notice)
        #expect(r.options.metricsFile == "/tmp/m.prom")
        #expect(r.options.recordedDevice == 1)
        #expect(!r.options.penArbitration)
        #expect(r.options.realtime)
    }

    @Test(arguments: [
        (["--bogus"], "Unknown option '--bogus'"), (["-x"], "Unknown option '-x'"), (["--json=yes"], "takes no value"),
        (["--rotate", "ninety"], "0, 90, 180 or 270"), (["--scene"], "--scene needs a value (FILE)"),
        (["--scene", "--json"], "--scene needs a value"), (["--ghost-after", "1e300"], "a day"),
        (["--socket-stall-limit", "0"], "--socket-stall-limit takes"), (["--forward-contacts", "0"], "1 or more"),
        (["--screen", "-800x480"], "each side above 0"), (["--log-level", "loud"], "error, warning"),
        (["--panel-device", ""], "--panel-device takes"), (["--pointer-scroll", "up"], "natural or traditional"),
        (["--hysteresis", "-1"], "--hysteresis takes [MATCH=]MM, millimetres (not '-1')"),
        (["--mask", "a=0 0 60"], "--mask takes [MATCH=]\"x y w h[; x y w h …]\", rectangles in screen points"),
    ])
    func mistakesSayWhatTheOptionTakes(_ line: [String], _ said: String) {
        #expect(throws: UsageError.self, "\(line)") { try RunArguments.read(line) }
        do {
            _ = try RunArguments.read(line)
        } catch {
            #expect(error.message.contains(said), "\(line): \(error.message)")
        }
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let r = try read(["--json", "--", "--odd-name.evemu", "-"])
        #expect(r.sources == ["--odd-name.evemu", "-"])
    }

    @Test func everyOptionIsInTheHelpAndTheCompletions() {
        // The long names `run --help` shows, against the table the reader reads.
        let help = RunCommand.helpMessage(columns: 400)
        var names = Set<String>()
        for part in help.split(whereSeparator: \.isWhitespace) where part.hasPrefix("--") {
            let name = part.dropFirst(2).prefix { $0.isLetter || $0 == "-" }
            if !name.isEmpty { names.insert(String(name)) }
        }
        names.subtract(["help", "version", "json.", "log-events."])
        #expect(names == RunArguments.names, "help only: \(names.subtracting(RunArguments.names))")
        #expect(Set(RunOption.completions) == Set(RunArguments.names.map { "--" + $0 }))
    }

    @Test func theHelpStatesTheDefaultsTheOptionsStartWith() {
        let help = RunOption.help(columns: 400)
        #expect(help.contains("for this long (default: \(Int(RunOptions().socketStallLimit)))."))
        #expect(help.contains("(default: info)."))
    }
}
