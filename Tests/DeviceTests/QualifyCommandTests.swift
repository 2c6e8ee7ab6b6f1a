import Evdev
import Foundation
import Glibc
import InputEvents
import Testing

/// `qualify` as a tester runs it: on recordings of a clean and a bad panel (exit 0 and 1, the
/// JSON its schema describes, the picture), criteria of one's own, a bad criteria file; and
/// live in the VM, answering its prompts on a uinput panel.
@Suite("qualify", .serialized)
struct QualifyCommandTests {
    let clean = repositoryDirectory + "/examples/qualify-clean.evemu",
        bad = repositoryDirectory + "/examples/qualify-bad.evemu"

    func qualify(_ arguments: [String]) throws -> Spawned {
        let p = try Spawned(touchbridgeExecutable, ["qualify", "--screen", "800x480"] + arguments)
        _ = p.wait(timeout: 30)
        return p
    }

    @Test(.enabled(if: HostTestGate.enabled, HostTestGate.reason))
    func aCleanPanelPassesABadOneFailsAndTheJSONIsItsSchemas() throws {
        let good = try qualify([clean])
        #expect(good.exitCode == 0 && good.output.hasSuffix("PASS\n"), "\(good.output)\(good.errors)")
        #expect(good.errors.isEmpty, "a recording is read without prompts: \(good.errors)")
        let svg = temporaryPath("qualify") + ".svg"
        defer { unlink(svg) }
        let failing = try qualify([bad, "--json", "--svg", svg])
        #expect(failing.exitCode == 1, "\(failing.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(failing.output.utf8)) as? [String: Any])
        #expect(object["pass"] as? Bool == false && (object["accuracy"] as? [String: Any])?["maxMM"] as? Double == 1.55)
        let schemaCheck = try Spawned(
            "/usr/bin/python3",
            [
                "-c",
                """
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[1]))
                jsonschema.Draft202012Validator.check_schema(schema)
                jsonschema.Draft202012Validator(schema).validate(json.loads(sys.argv[2]))
                """, repositoryDirectory + "/schema/qualify.schema.json", failing.output,
            ])
        #expect(schemaCheck.wait() == 0, "\(schemaCheck.errors)")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(
            picture.components(separatedBy: "class=\"mark\"").count - 1 == 9
                && picture.components(separatedBy: "class=\"drawn\"").count - 1 == 4)
    }

    @Test(.enabled(if: HostTestGate.enabled, HostTestGate.reason))
    func criteriaOfOnesOwnReplaceThePublishedOnesAndABadFileSaysWhere() throws {
        let lenient = temporaryPath("criteria") + ".json"
        defer { unlink(lenient) }
        try #"{"accuracyMM": 2, "linearityMM": 1.5, "jitterMM": 1, "reportRateHz": 40, "contacts": 4, "missedTaps": 1}"#
            .write(toFile: lenient, atomically: true, encoding: .utf8)
        let p = try qualify([bad, "--criteria", lenient])
        #expect(p.exitCode == 0, "every figure within the file's limits: \(p.output)")
        try "{\n  \"accuracyMM\": 2,\n  \"tolerance\": 3\n}".write(toFile: lenient, atomically: true, encoding: .utf8)
        let broken = try qualify([bad, "--criteria", lenient])
        #expect(
            broken.exitCode == 65 && broken.errors.contains("criteria-")
                && broken.errors.contains(".json:3: expected one of accuracyMM"),
            "\(broken.errors)")
        let usage = try qualify([bad, "--lines", "10,10"])
        #expect(usage.exitCode == 64, "\(usage.errors)")
    }

    /// Files a fuzzer makes of a good recording: a device entry without its `- node:` line, an
    /// axis declared without its range, a count in the criteria too large for one. Each ends
    /// with 65 and the file's line, never a signal, in `qualify` and `run` alike.
    @Test(.enabled(if: HostTestGate.enabled, HostTestGate.reason))
    func aBrokenFileEndsWith65AndItsLineNeverASignal() throws {
        let yaml = try String(contentsOfFile: repositoryDirectory + "/examples/kiosk.libinput.yml", encoding: .utf8)
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let node = try #require(lines.firstIndex(of: "- node: /dev/input/event0"))
        let axis = try #require(lines.firstIndex(of: "      53: [0, 7999, 0, 0, 40]"))
        let codes = try #require(lines.firstIndex { $0.hasPrefix("      3: [") })
        let criteria = temporaryPath("criteria") + ".json"
        let noNode = temporaryPath("no-node") + ".yml"
        let noRange = temporaryPath("no-range") + ".yml"
        defer { for path in [criteria, noNode, noRange] { unlink(path) } }
        try lines.enumerated().filter { $0.offset != node }.map(\.element).joined(separator: "\n")
            .write(toFile: noNode, atomically: true, encoding: .utf8)
        try lines.enumerated().filter { $0.offset != axis }.map(\.element).joined(separator: "\n")
            .write(toFile: noRange, atomically: true, encoding: .utf8)
        try "{\n  \"contacts\": 1e300\n}".write(toFile: criteria, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            ([noNode], "\(noNode):\(node + 1): expected a device's entry"),
            ([noRange], "\(noRange):\(codes + 1): expected an absinfo entry `53:"),
            ([clean, "--criteria", criteria], "\(criteria):2: expected contacts from 0 to 1000000"),
        ]
        for (arguments, message) in cases {
            let q = try qualify(arguments)
            #expect(q.exitCode == 65 && q.errors.contains(message), "qualify \(arguments): \(q.exitCode) \(q.errors)")
        }
        for file in [noNode, noRange] {
            let run = try Spawned(touchbridgeExecutable, ["run", file])
            _ = run.wait(timeout: 30)
            #expect(run.exitCode == 65 && run.errors.contains(file + ":"), "run \(file): \(run.exitCode) \(run.errors)")
        }
    }

    /// The clean session's gestures, played on a uinput panel as the prompts ask for them.
    @Test(.enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason))
    func aLiveSessionAnsweredOnAUinputPanelPasses() throws {
        let recording = try EvemuParser(file: clean).parse(
            Array(try String(contentsOfFile: clean, encoding: .utf8).utf8))
        let (panel, _) = try createDevice(recording.description)
        let p = try Spawned(touchbridgeExecutable, ["qualify", "--screen", "800x480", panel.devnode])
        // Gestures end at the frame that lifts the last finger (BTN_TOUCH 0).
        var gestures: [[[InputEvent]]] = [[]]
        var frame: [InputEvent] = []
        for e in recording.events {
            frame.append(e)
            guard e.type == Kernel.EV_SYN else { continue }
            gestures[gestures.count - 1].append(frame)
            if frame.contains(where: { $0.type == Kernel.EV_KEY && $0.code == Kernel.BTN_TOUCH && $0.value == 0 }) {
                gestures.append([])
            }
            frame = []
        }
        gestures.removeAll { $0.isEmpty }
        let prompted = 17  // 9 marks, 4 lines, rest, contacts, separation, taps: one prompt each
        for (i, g) in gestures.enumerated() {
            if i < prompted {
                #expect(
                    eventually { p.errors.components(separatedBy: "touchbridge: qualify: ").count - 1 >= i + 1 },
                    "\(p.errors)")
            }
            var last = g.first?.first?.time.inSeconds ?? 0
            for f in g {
                let t = f[0].time.inSeconds
                usleep(UInt32(max(0, t - last) * 1e6))
                last = t
                try panel.frame(f.filter { $0.type != Kernel.EV_SYN }.map { ($0.type, $0.code, $0.value) })
            }
        }
        #expect(p.wait(timeout: 30) == 0, "\(p.output)\n\(p.errors)")
        #expect(p.output.hasSuffix("PASS\n") && p.output.contains("maxContacts  5"), "\(p.output)")
    }
}
