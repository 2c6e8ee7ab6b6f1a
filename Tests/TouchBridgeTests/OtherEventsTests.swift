import Foundation
import HostTestSupport
import PipelineTestSupport
import Testing

@testable import TouchBridge
@testable import TouchScene

/// Motion, remote-control and press events through scenes: the scene keys that set them up,
/// which keys are ever read, and a shake cut short by its device going away.
@Suite("Motion, remote control and presses in scenes")
struct SceneOtherEventsTests {
    func error(_ json: String) -> String {
        do {
            _ = try scene(json, file: "s.json")
            return "no error"
        } catch { return "\(error)" }
    }

    static let window =
        #""windows": [ { "name": "Main", "root": { "name": "Home", "subviews": [ { "name": "Player" } ] } } ]"#

    @Test func theFirstResponderMustBeAViewControllerOrWindow() {
        #expect(error(#"{ "firstResponder": "Playr", \#(Self.window) }"#).contains("did you mean 'Player'?"))
        #expect(
            error(#"{ "appDelegate": { "name": "AppDelegate" }, "firstResponder": "AppDelegate", \#(Self.window) }"#)
                .contains("cannot be a window's first responder"))
        #expect(error(#"{ "firstResponder": "Player", \#(Self.window) }"#) == "no error")
    }

    @Test func pressesNameKernelKeysAndConsumesTheNewMethods() {
        let ok =
            #"{ "windows": [ { "name": "Main", "root": { "name": "Home", "presses": ["KEY_ENTER", "BTN_0"], "consumes": ["motionBegan", "remoteControlReceived", "pressesEnded"] } } ] }"#
        #expect(error(ok) == "no error")
        #expect(
            error(#"{ "windows": [ { "name": "Main", "root": { "name": "Home", "presses": ["ENTER"] } } ] }"#)
                .contains("expected a key name such as \"KEY_ENTER\""))
        #expect(
            error(#"{ "windows": [ { "name": "Main", "root": { "name": "Home", "consumes": ["motionBegn"] } } ] }"#)
                .contains("did you mean 'motionBegan'?"))
    }

    @Test func mediaKeysAreReadOnlyWhenAskedAndOtherKeysNever() throws {
        let keys = "\(examplesDirectory)/media-keys.evemu"
        let plain = try run([keys], json: true)
        #expect(
            !plain.contains("remoteControlReceived"),
            "the built-in scene, no --keys: no key at all")
        #expect(
            !plain.contains("presses"),
            "the built-in scene, no --keys: no key at all")
        let asked = try run([keys], json: true, keys: true)
        let remote = asked.split(separator: "\n").filter {
            $0.contains(#""responder":"Window""#) && $0.contains("remoteControlReceived")
        }
        // Without a first responder the key window gets them: play/pause twice, next, seek begin and end.
        #expect(remote.count == 5, "\(asked)")
        for log in [
            plain, asked,
            try run([keys], scene: try Scene.load(path: "\(examplesDirectory)/media-keys.json"), json: true),
        ] {
            #expect(
                !log.contains("KEY_A"),
                "keys nobody asked for never show")
            #expect(
                !log.contains(#""code":30"#),
                "keys nobody asked for never show")
            #expect(
                !log.contains("VOLUME"),
                "keys nobody asked for never show")
        }
    }

    @Test func aShakeCutShortByTheDeviceGoingAwayIsCancelled() throws {
        // The example recording up to the middle of its first shake.
        let text = try String(contentsOfFile: "\(examplesDirectory)/shake.evemu", encoding: .utf8)
        let full = try run(
            ["\(examplesDirectory)/shake.evemu"], scene: try Scene.load(path: "\(examplesDirectory)/shake.json"))
        let began = try #require(full.split(separator: "\n").first { $0.contains("motionBegan") })
        let beganAt = Double(began.split(separator: " ")[0])!
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("E: "), let t = Double(line.split(separator: " ")[1]), t > beganAt + 0.2 { break }
            kept.append(line)
        }
        let path = NSTemporaryDirectory() + "tb-shake-\(UUID().uuidString).evemu"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let cut = try run([path], scene: try Scene.load(path: "\(examplesDirectory)/shake.json"))
        let motion = cut.split(separator: "\n").filter { $0.contains("motion") }.map {
            $0.split(separator: " ")[1] + " " + $0.split(separator: " ")[2]
        }
        #expect(
            motion == [
                "motionBegan Attract", "motionBegan Home", "motionBegan KioskController",
                "motionCancelled Attract", "motionCancelled Home", "motionCancelled KioskController",
            ], "\(cut)")
    }
}
