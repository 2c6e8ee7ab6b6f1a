import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// `touchbridge watch` in a real terminal (tmux): recordings drawn at a given time against
/// golden screens, a resize mid-run, keys, no output while nothing changes, the terminal given
/// back after SIGTERM, and the refusals. Needs no device: runs in every test pass.
@Suite("watch in a terminal", .serialized)
struct WatchCommandTests {
    let watchRecording = repositoryDirectory + "/examples/watch.evemu"

    func watch(_ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws
        -> TmuxTerminal
    {
        try TmuxTerminal(
            columns: columns, rows: rows, [touchbridgeExecutable, "watch"] + arguments, environment: environment)
    }

    /// `lines` against `Golden/NAME` (written instead when TOUCHBRIDGE_UPDATE_GOLDEN=1).
    func expectGolden(_ lines: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = repositoryDirectory + "/Tests/CommandTests/Golden/" + name
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["TOUCHBRIDGE_UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden, "the screen differs from \(name):\n\(text)", sourceLocation: sourceLocation)
    }

    /// The cell (row on screen, column) a screen point lands in at 80x24 for the recording's
    /// 756x454 screen: 19 canvas rows under the title (24 - 1 - 4 status lines).
    func cell(x: Double, y: Double, columns: Int = 80, rows: Int = 24) -> (row: Int, column: Int) {
        let canvasRows = rows - 5
        let scale = min(Double(columns * 2) / 756, Double(canvasRows * 4) / 454)
        return (1 + Int(y * scale) / 4, Int(x * scale) / 2)
    }

    @Test func aRecordingAtAGivenTimeIsDrawnAsItsGoldenScreenAndFollowsAResize() throws {
        // 1.36 s in: #1 resting on the left, #2 drawing its diagonal, #3 tapping at the top right.
        let t = try watch([watchRecording, "--until", "1.36", "--speed", "4"])
        #expect(t.waitFor("held at 1.4"), "\(t.screen)")
        let screen = t.screen
        try expectGolden(screen, "watch-80x24.txt")
        // Where `touches` puts them (189.00, 227.09) and (614.25, 113.50): the labels two cells right.
        for (label, x, y) in [("#1 s0", 189.0, 227.09), ("#3 s2", 614.25, 113.5)] {
            let c = cell(x: x, y: y)
            let line = Array(screen[c.row])
            #expect(
                line.count >= c.column + 2 + label.count,
                "\(label) at row \(c.row), column \(c.column + 2): \(screen[c.row])")
            #expect(
                String(line[(c.column + 2)..<(c.column + 2 + label.count)]) == label,
                "\(label) at row \(c.row), column \(c.column + 2): \(screen[c.row])")
        }
        #expect(screen.contains { $0.contains("down 3, most 3 at once, SYN_DROPPED 0") })
        #expect(screen.contains { $0.contains("jitter #1 resting 1.3 s") })

        t.resize(columns: 100, rows: 30)
        #expect(eventually { t.screen.count == 30 && t.screen.contains { $0.count > 80 } }, "\(t.screen)")
        try expectGolden(t.screen, "watch-100x30.txt")
        let big = cell(x: 614.25, y: 113.5, columns: 100, rows: 30)
        #expect(t.screen[big.row].contains("#3 s2"), "the tap's label on its row at 100x30: \(t.screen)")
    }

    @Test func aSceneDrawsItsViewsAndTheViewEachTouchWasHitTestedTo() throws {
        let t = try watch([
            repositoryDirectory + "/examples/kiosk.evemu", "--scene", repositoryDirectory + "/examples/kiosk.json",
            "--until", "1.27", "--speed", "4",
        ])
        #expect(t.waitFor("held at"), "\(t.screen)")
        try expectGolden(t.screen, "watch-kiosk-80x24.txt")
        #expect(t.screen.contains { $0.contains("Coffee") && $0.contains("Tea") && $0.contains("Water") })
        #expect(t.screen.contains { $0.contains("#3 s0 Home") }, "the swipe began on the page view Home")
        t.send("C-c")
        #expect(eventually { t.exitStatus != nil }, "Ctrl-C ends watch: \(t.screen)")
        #expect(t.exitStatus == 0, "\(t.screen)")
        #expect(t.isRestored, "\(t.screen)")
        #expect(t.screen.first == "BEFORE", "\(t.screen)")
    }

    @Test func nothingIsWrittenWhileNothingChangesAndSigtermGivesTheTerminalBack() throws {
        let t = try watch([watchRecording, "--speed", "4"])
        #expect(t.waitFor("held at 2.2"), "\(t.screen)")
        let before = t.writes()
        usleep(1_500_000)
        let after = t.writes()
        #expect(
            before != nil,
            "writes over a quiet stretch: \(String(describing: before)) then \(String(describing: after))")
        #expect(
            before?.calls == after?.calls,
            "writes over a quiet stretch: \(String(describing: before)) then \(String(describing: after))")
        #expect(
            before?.bytes == after?.bytes,
            "writes over a quiet stretch: \(String(describing: before)) then \(String(describing: after))")
        #expect(t.alternateScreen)
        kill(t.pid ?? 0, SIGTERM)
        #expect(eventually { t.exitStatus != nil }, "watch ends on SIGTERM")
        #expect(t.exitStatus == 0)
        #expect(
            t.isRestored,
            "the normal screen as it was, the cursor shown, the keypad as it was: \(t.screen)")
        #expect(
            t.screen.first == "BEFORE",
            "the normal screen as it was, the cursor shown, the keypad as it was: \(t.screen)")
        #expect(
            !t.screen.joined().unicodeScalars.contains { (0x2800...0x28ff).contains($0.value) },
            "nothing drawn on the normal screen: \(t.screen)")
    }

    @Test func pPausesThePictureWhileTheCountersGoOnCClearsAndQQuits() throws {
        let t = try watch([watchRecording, "--speed", "0.5"])
        #expect(t.waitFor("#2 s1"), "\(t.screen)")
        t.send("p")
        #expect(t.waitFor("PAUSED"))
        let paused = t.screen
        #expect(eventually { frames(t.screen) > frames(paused) }, "the counters go on while paused")
        #expect(Array(t.screen[1..<20]) == Array(paused[1..<20]), "the picture stays")
        t.send("c")
        #expect(eventually { frames(t.screen) < frames(paused) }, "c starts the counters again: \(t.screen)")
        t.send("p")
        #expect(eventually { !t.screen.contains { $0.contains("PAUSED") } })
        t.send("q")
        #expect(eventually { t.exitStatus != nil })
        #expect(t.exitStatus == 0, "\(t.screen)")
        #expect(t.isRestored, "\(t.screen)")
        #expect(t.screen.first == "BEFORE", "\(t.screen)")
    }

    @Test func ctrlSDoesNotStopTheDrawingNorThePlayback() throws {
        // With the terminal's XON/XOFF flow control on, Ctrl-S would block the next write,
        // and with it the loop that reads the panel.
        let t = try watch([watchRecording, "--speed", "2"])
        #expect(t.waitFor("#1 s0"), "\(t.screen)")
        t.send("C-s")
        #expect(t.waitFor("held at 2.2"), "drawing goes on after Ctrl-S: \(t.screen)")
        t.send("q")
        #expect(eventually { t.exitStatus == 0 })
    }

    /// The status's frame count.
    func frames(_ screen: [String]) -> Int {
        guard let line = screen.first(where: { $0.hasPrefix("rate ") }), let r = line.range(of: "since start, ") else {
            return -1
        }
        return Int(line[r.upperBound...].prefix { $0.isNumber }) ?? -1
    }

    @Test func theRestingJitterIsWhatHealthMeasuresOnTheSameReports() throws {
        // The recording cut at 1.2 s: #1 rests throughout, and nothing else rests.
        let text = try String(contentsOfFile: watchRecording, encoding: .utf8)
        let cut = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            guard line.hasPrefix("E: "), let t = Double(line.split(separator: " ")[1]) else { return true }
            return t <= 1.2
        }.joined(separator: "\n")
        let path = NSTemporaryDirectory() + "tb-watch-cut-\(UUID().uuidString).evemu"
        try cut.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let health = try Spawned(touchbridgeExecutable, ["health", "--json", path])
        #expect(health.wait() == 0)
        let report = try JSONSerialization.jsonObject(with: Data(health.output.utf8)) as? [String: Any]
        let jitter = report?["jitter"] as? [String: Any]
        let sd = jitter?["stddevMM"] as? [String: Double]
        let t = try watch([path, "--speed", "4"])
        #expect(t.waitFor("held at"), "\(t.screen)")
        let line = t.screen.first { $0.hasPrefix("jitter #1") } ?? ""
        let expected = String(format: "sd %.2f x %.2f", sd?["x"] ?? -1, sd?["y"] ?? -1)
        #expect(sd != nil, "health: \(health.output)\nwatch: \(line)")
        #expect(line.contains(expected), "health: \(health.output)\nwatch: \(line)")
    }

    @Test func withoutColourOrUTF8ItStillDraws() throws {
        let coloured = try watch([watchRecording, "--until", "1.36", "--speed", "4"])
        #expect(coloured.waitFor("held at"))
        #expect(
            coloured.screenWithAttributes.range(of: "\u{1b}\\[[0-9;]*3[1-6]m", options: .regularExpression) != nil,
            "contacts in colour: \(coloured.screenWithAttributes.debugDescription.prefix(600))")
        let plain = try watch([watchRecording, "--until", "1.36", "--speed", "4"], environment: ["NO_COLOR": "1"])
        #expect(plain.waitFor("held at"))
        #expect(
            plain.screenWithAttributes.range(of: "\u{1b}\\[[0-9;]*3[0-7]m", options: .regularExpression) == nil,
            "NO_COLOR: no colour")
        let ascii = try watch(
            [watchRecording, "--until", "1.36", "--speed", "4"], environment: ["LANG": "C", "LC_ALL": "C"])
        #expect(ascii.waitFor("held at"))
        let shown = ascii.screen.joined(separator: "\n")
        #expect(shown.contains("#1 s0"), "dots as ASCII: \(shown)")
        #expect(shown.contains(":"), "dots as ASCII: \(shown)")
        #expect(!shown.unicodeScalars.contains { $0.value > 0x7f }, "a terminal that is not UTF-8 gets ASCII: \(shown)")
    }

    @Test func withoutATerminalItSaysWhatToUseInstead() throws {
        let redirected = try Spawned(touchbridgeExecutable, ["watch", watchRecording])
        #expect(redirected.wait() == 64)
        #expect(
            redirected.errors.contains("touchbridge touches"),
            "\(redirected.errors)")
        #expect(
            redirected.errors.contains("touchbridge picture"),
            "\(redirected.errors)")
        let dumb = try TmuxTerminal(
            columns: 80, rows: 24, ["/usr/bin/env", "TERM=dumb", touchbridgeExecutable, "watch", watchRecording])
        #expect(eventually { dumb.exitStatus != nil })
        #expect(dumb.exitStatus == 64)
        #expect(dumb.screen.contains { $0.contains("TERM") }, "\(dumb.screen)")
        let badSpeed = try watch([watchRecording, "--speed", "0"])
        #expect(eventually { badSpeed.exitStatus != nil })
        #expect(badSpeed.exitStatus == 64)
        let unknown = try TmuxTerminal(
            columns: 80, rows: 24,
            ["/usr/bin/env", "TERM=no-such-terminal", touchbridgeExecutable, "watch", watchRecording])
        #expect(eventually { unknown.exitStatus != nil })
        #expect(
            unknown.exitStatus == 64,
            "\(unknown.screen)")
        #expect(
            unknown.screen.contains { $0.contains("does not know the terminal") },
            "\(unknown.screen)")
        let missing = try watch(["/nonexistent.evemu"])
        #expect(eventually { missing.exitStatus != nil })
        #expect(
            missing.exitStatus == 66,
            "\(missing.run(["display-message", "-p", "-t", "0", "#{pane_dead} #{pane_dead_status}"])) \(missing.screen)"
        )
    }
}
