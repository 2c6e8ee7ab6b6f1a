import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `qualify` as a tester runs it: on recordings of a clean and a bad panel (exit 0 and 1, the
/// JSON its schema describes, the picture), criteria of one's own, a bad criteria file.
@Suite("qualify", .serialized)
struct QualifyCommandTests {
    let clean = repositoryDirectory + "/examples/qualify-clean.evemu",
        bad = repositoryDirectory + "/examples/qualify-bad.evemu"

    func qualify(_ arguments: [String]) throws -> Spawned {
        let p = try Spawned(touchbridgeExecutable, ["qualify", "--screen", "800x480"] + arguments)
        _ = p.wait(timeout: 30)
        return p
    }

    @Test func aCleanPanelPassesABadOneFailsAndTheJSONIsItsSchemas() throws {
        let good = try qualify([clean])
        #expect(good.exitCode == 0, "\(good.output)\(good.errors)")
        #expect(good.output.hasSuffix("PASS\n"), "\(good.output)\(good.errors)")
        // A recording is read without prompts: stderr says only the screen in force.
        #expect(
            good.errors == "touchbridge: \(clean): screen 800x480 (--screen)\n",
            "a recording is read without prompts: \(good.errors)")
        let svg = temporaryPath("qualify") + ".svg"
        defer { unlink(svg) }
        let failing = try qualify([bad, "--json", "--svg", svg])
        #expect(failing.exitCode == 1, "\(failing.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(failing.output.utf8)) as? [String: Any])
        #expect(object["pass"] as? Bool == false)
        #expect((object["accuracy"] as? [String: Any])?["maxMM"] as? Double == 1.55)
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
        #expect(picture.components(separatedBy: "class=\"mark\"").count - 1 == 9)
        #expect(picture.components(separatedBy: "class=\"drawn\"").count - 1 == 4)
    }

    @Test func criteriaOfOnesOwnReplaceThePublishedOnesAndABadFileSaysWhere() throws {
        let lenient = temporaryPath("criteria") + ".json"
        defer { unlink(lenient) }
        try #"{"accuracyMM": 2, "linearityMM": 2.5, "jitterMM": 1, "reportRateHz": 40, "contacts": 4, "missedTaps": 1}"#
            .write(toFile: lenient, atomically: true, encoding: .utf8)
        let p = try qualify([bad, "--criteria", lenient])
        #expect(p.exitCode == 0, "every figure within the file's limits: \(p.output)")
        try "{\n  \"accuracyMM\": 2,\n  \"tolerance\": 3\n}".write(toFile: lenient, atomically: true, encoding: .utf8)
        let broken = try qualify([bad, "--criteria", lenient])
        #expect(
            broken.exitCode == 65,
            "\(broken.errors)")
        #expect(
            broken.errors.contains("criteria-"),
            "\(broken.errors)")
        #expect(
            broken.errors.contains(".json:3: expected one of accuracyMM"),
            "\(broken.errors)")
        let usage = try qualify([bad, "--lines", "10,10"])
        #expect(usage.exitCode == 64, "\(usage.errors)")
    }

    /// Files a fuzzer makes of a good recording: a device entry without its `- node:` line, an
    /// axis declared without its range, a count in the criteria too large for one. Each ends
    /// with 65 and the file's line, never a signal, in `qualify` and `run` alike.
    @Test func aBrokenFileEndsWith65AndItsLineNeverASignal() throws {
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
            #expect(q.exitCode == 65, "qualify \(arguments): \(q.exitCode) \(q.errors)")
            #expect(q.errors.contains(message), "qualify \(arguments): \(q.exitCode) \(q.errors)")
        }
        for file in [noNode, noRange] {
            let run = try Spawned(touchbridgeExecutable, ["run", file])
            _ = run.wait(timeout: 30)
            #expect(run.exitCode == 65, "run \(file): \(run.exitCode) \(run.errors)")
            #expect(run.errors.contains(file + ":"), "run \(file): \(run.exitCode) \(run.errors)")
        }
    }

    /// A file the tools write takes the caller's umask, as any file a person's command makes:
    /// set in the program's own process (set in this one, it would be every test thread's).
    @Test func thePictureTakesTheCallersUmask() throws {
        let svg = temporaryPath("umask") + ".svg"
        defer { unlink(svg) }
        let p = try Spawned(
            "/bin/sh",
            [
                "-c", "umask 077 && exec \"$0\" qualify --screen 800x480 --svg \"$1\" \"$2\"", touchbridgeExecutable,
                svg, clean,
            ])
        #expect(p.wait(timeout: 30) == 0, "\(p.errors)")
        var st = stat()
        #expect(stat(svg, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600, "0644 less the umask 077")
    }
}
