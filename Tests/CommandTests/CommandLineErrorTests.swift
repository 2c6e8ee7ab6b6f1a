import Foundation
import ProgramTestSupport
import ReportArchive
import Testing

/// Every command's mistakes as a user makes them: an unknown command or option, a missing
/// argument, a value out of range end with 64 (sysexits' usage) and say what was expected; a
/// file that is not there ends with 66 and names it. Nothing is run, nothing is read.
@Suite("The command line's mistakes")
struct CommandLineErrorTests {
    static let recording = repositoryDirectory + "/examples/kiosk.evemu"

    /// Runs `touchbridge` with `arguments`: its exit code and standard error.
    func touchbridge(_ arguments: [String]) throws -> (code: Int32?, errors: String, output: String) {
        let p = try Spawned(touchbridgeExecutable, arguments)
        _ = p.wait(timeout: 60)
        return (p.exitCode, p.errors, p.output)
    }

    @Test(arguments: [
        (["nosuchcommand"], "Unexpected argument 'nosuchcommand'"),
        (["nosuchcommand", "--help"], "Unexpected argument 'nosuchcommand'"),
        (["help", "nosuchcommand"], "Unexpected argument 'nosuchcommand'"),
        (["--bogus"], "Unknown option '--bogus'"),
        (["run", "--bogus", recording], "Unknown option '--bogus'"),
        (["run", "--screen", "0x0", recording], "--screen takes WIDTHxHEIGHT"),
        (["scene"], "Missing expected argument '<file>'"),
        (["scene", "--point", "1", "examples/kiosk.json"], "Did you mean '--hit'?"),
        (["list", "--bogus"], "Unknown option '--bogus'"),
        (["evtest"], "Missing expected argument '<source>'"),
        (["touches", "--screen", "abc", recording], "--screen takes WIDTHxHEIGHT"),
        (["touches", "--rotate", "45", recording], "--rotate takes 0, 90, 180 or 270"),
        (["calibrate", "--points", "1,2", recording], "at least 3, not on one line"),
        (["health", "--grid", "0x0", recording], "--grid takes COLUMNSxROWS"),
        (["health", "--duration=-1", recording], "--duration takes a number of seconds above 0"),
        (["health", "--fail-on", "bogus", recording], "'bogus' is not FIGURE<LIMIT"),
        (["qualify", "--marks", "1", recording], "--marks takes \"x,y; x,y; ...\""),
        (["qualify", "--latency", "0", recording], "--latency takes 1 to 1000 taps"),
        (["qualify", "--pen", "--latency", "5", recording], "a pen reaches Wayland clients as a tablet tool"),
        (
            ["qualify", "--latency", "5", recording],
            "--latency needs a live panel: a recording's taps reach no compositor"
        ),
        (["latency", "--count", "0", recording], "--count takes 1 to 10000"),
        (["picture"], "Missing expected argument '<recording>'"),
        (["picture", "--grid", "999x1", recording], "--grid takes COLUMNSxROWS"),
        (["picture", "--output", "HDMI-A-1", recording], "--output is for run, touches, watch, calibrate and qualify"),
        (["health", "--output", "HDMI-A-1", recording], "--output is for run, touches, watch, calibrate and qualify"),
        (["run", "--output", "HDMI-A-1", recording], "--output is for live panels: a recording has no display"),
        (["run", "--spots", recording], "--spots is for live panels: a recording has no display"),
        (
            ["run", "--wait-for-client", "--realtime", recording],
            "--wait-for-client is for recordings played with --socket"
        ),
        (["run", "--start-delay", "1", recording], "--start-delay is for recordings played with --realtime"),
        (["run", "--start-delay", "-1", "--realtime", recording], "--start-delay takes seconds from 0 to 3600"),
        (
            ["run", "--control-group", "no-such-group-here", recording],
            "--control-group: there is no group 'no-such-group-here'"
        ),
        (["listen", "--send", "dance"], "unknown command 'dance'"),
        (["listen", "--send", "lock=-3"], "'seconds' is a number of seconds above 0"),
        (["mqtt"], "Missing expected argument '--broker <url>'"),
        (["mqtt", "--broker"], "Missing value for '--broker <url>'"),
        (["mqtt", "--broker", "mqtt://ha", "--bogus"], "Unknown option '--bogus'"),
        (["mqtt", "--broker", "mqtt://ha", "--keepalive", "1"], "--keepalive takes whole seconds from 5 to 3600"),
        (["mqtt", "--broker", "http://ha"], "--broker: expected mqtt://HOST:PORT"),
        (["run", "--spots", "--grab", "/dev/input/event99"], "--spots reads the panels beside the daemon"),
        (["spots", recording], "spots shows a live panel's touches, and a recording has no display"),
        (["calibrate", "--fail-above", "1", recording], "--fail-above judges the calibration in force"),
        (["calibrate", "--check", "--fail-above", "-1", recording], "--fail-above takes millimetres from 0 to 1000"),
        (["touches", "--output", "HDMI-A-1", recording], "--output is for live panels: a recording has no display"),
        (["watch", "--output", "HDMI-A-1", recording], "--output is for live panels: a recording has no display"),
        (["calibrate", "--output", "HDMI-A-1", recording], "--output is for live panels: a recording has no display"),
        (["qualify", "--output", "HDMI-A-1", recording], "--output is for live panels: a recording has no display"),
        (["record"], "Missing expected argument '<device>'"),
        (["record", recording], "is a recording, not a device"),
        (["run", "--scene", recording, "--forward-contacts"], "--forward-contacts needs a value (N)"),
        (["replay"], "Missing expected argument '<file>'"),
        (["listen", "--events", "bogus"], "unknown event kind 'bogus'"),
        (["watch"], "Missing expected argument '<source>'"),
        (["evtest", "--device=-1", recording], "--device"),
        (["screens", "--bogus"], "Unknown option '--bogus'"),
        (["screens", "--config", "gnome"], "--config takes sway, labwc, weston or x11"),
        (["screens", "--virtual-touchscreen"], "--virtual-touchscreen is for --config"),
        (["doctor", "--listen", "-1"], "--listen takes seconds above 0, at most 600"),
        (["doctor", "--listen", "601"], "--listen takes seconds above 0, at most 600"),
        (["doctor", "--reset", "/dev/input/event0", "--json"], "--reset takes one node and nothing else"),
        (["hid-record"], "name the hidraw nodes to record"),
        (["hid-replay", "--start-delay", "99", recording], "--start-delay takes seconds from 0 to 60"),
        (["hid-replay", "--max-gap", "0", recording], "--max-gap takes seconds from 0.001 to 86400"),
    ])
    func aUsageMistakeIs64AndSaysWhatWasExpected(_ arguments: [String], _ said: String) throws {
        let r = try touchbridge(arguments)
        #expect(r.code == 64, "\(arguments): \(String(describing: r.code)) \(r.errors)")
        #expect(r.errors.contains(said), "\(arguments): \(r.errors)")
    }

    @Test func aMalformedHIDRecordingIs65WithItsLine() throws {
        let file = testTemporaryDirectory + "/short.hid"
        try "# a descriptor shorter than its size\nR: 2 05\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try touchbridge(["hid-replay", file])
        #expect(r.code == 65, "\(r.errors)")
        #expect(r.errors.contains("\(file):2: expected 'R: SIZE BYTES…'"), "\(r.errors)")
    }

    @Test func aReportIsReadBackItsDevicesWordsShownAndADamagedOneIs65() throws {
        let file = testTemporaryDirectory + "/report.tar"
        let members = [
            TarArchive.Member(name: "touchbridge-report/README", text: "touchbridge bug report\n"),
            TarArchive.Member(
                name: "touchbridge-report/doctor.txt", text: "/dev/input/event3  Evil\u{1b}]0;x\u{7}Panel\n"),
        ]
        let bytes = TarArchive.write(members, mtime: 0)
        #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
        let shown = try touchbridge(["report", "show", file])
        #expect(shown.code == 0, "\(shown.errors)")
        #expect(shown.output.hasPrefix("touchbridge bug report\n\nFiles:\n  README  23 bytes\n"), "\(shown.output)")
        #expect(shown.output.hasSuffix("Doctor's findings:\n/dev/input/event3  Evil\\u{1B}]0;x\\u{7}Panel\n"))
        let one = try touchbridge(["report", "show", file, "README"])
        #expect(one.output == "touchbridge bug report\n")
        let absent = try touchbridge(["report", "show", file, "kernel.txt"])
        #expect(absent.code == 66, "\(absent.errors)")
        #expect(absent.errors.contains("has no kernel.txt; it has: README, doctor.txt"), "\(absent.errors)")
        let cut = testTemporaryDirectory + "/cut.tar"
        #expect(FileManager.default.createFile(atPath: cut, contents: Data(bytes.prefix(520))))
        let damaged = try touchbridge(["report", "show", cut])
        #expect(damaged.code == 65, "\(damaged.errors)")
        #expect(damaged.errors.contains("\(cut): byte 0: expected 23 bytes of member data"), "\(damaged.errors)")
    }

    @Test(arguments: [
        ["run", "/nonexistent.evemu"], ["scene", "/nonexistent.json"], ["evtest", "/nonexistent.evemu"],
        ["touches", "/nonexistent.evemu"], ["health", "/nonexistent.evemu"], ["picture", "/nonexistent.evemu"],
        ["qualify", "--criteria", "/nonexistent.json", recording], ["hid-replay", "/nonexistent.hid"],
        ["report", "show", "/nonexistent.tar"],
    ])
    func aMissingFileIs66AndNamed(_ arguments: [String]) throws {
        let r = try touchbridge(arguments)
        let missing = arguments.first { $0.hasPrefix("/nonexistent") } ?? ""
        #expect(r.code == 66, "\(arguments): \(String(describing: r.code)) \(r.errors)")
        #expect(r.errors.contains("\(missing): no such file"), "\(arguments): \(r.errors)")
    }

    /// doctor on a node that is not there, and on a file that is no input device's node.
    @Test func doctorOnNoSuchNodeOrAPlainFileIs66AndSaysWhich() throws {
        let missing = try touchbridge(["doctor", "/nonexistent/event9"])
        #expect(missing.code == 66, "\(missing.errors)")
        #expect(missing.errors.contains("/nonexistent/event9: no such device"), "\(missing.errors)")
        let plain = try touchbridge(["doctor", "--json", repositoryDirectory + "/README.md"])
        #expect(plain.code == 66, "\(plain.errors)")
        #expect(plain.errors.contains("README.md: not an evdev device node"), "\(plain.errors)")
    }

    @Test(arguments: [
        "run", "scene", "list", "evtest", "touches", "calibrate", "health", "qualify", "picture", "record", "replay",
        "listen", "watch", "screens", "doctor", "spots",
    ])
    func everyCommandsHelpIsAnAnswerNotAMistake(_ command: String) throws {
        let p = try Spawned(touchbridgeExecutable, [command, "--help"])
        #expect(p.wait(timeout: 60) == 0, "\(command): \(p.errors)")
        #expect(p.output.contains("USAGE: touchbridge \(command)"), "\(command): \(p.output.prefix(200))")
    }
}
