import Foundation
import HostTestSupport
import PipelineTestSupport
import Testing
import TouchBridge

/// Every example scene played with its recording gives the log checked in beside the tests
/// (read through once against the seeds and Apple's documentation; the README explains each).
@Suite("The examples' golden handler logs")
struct GoldenLogTests {
    static let examples = [
        "abcde", "overlap", "round-button", "tap-over-view", "nested-controllers", "kiosk", "photo", "noisy-press",
        "shake", "media-keys", "kiosk-overlay", "kiosk-idle", "signature-pen", "phantom-touches",
    ]
    /// `--ghost-after` for the examples played with it.
    static let ghostAfter: [String: Double] = ["kiosk-idle": 3]

    /// The log with the recording's absolute path written as the checkout-relative one.
    func log(_ name: String, json: Bool) throws -> String {
        let recording = "\(examplesDirectory)/\(name).evemu"
        let text = try run(
            [recording], scene: try Scene.load(path: "\(examplesDirectory)/\(name).json"), json: json,
            ghostAfter: Self.ghostAfter[name])
        return text.replacingOccurrences(of: examplesDirectory + "/", with: "examples/")
    }

    @Test(arguments: examples)
    func textLog(_ name: String) throws {
        let golden = try String(contentsOfFile: "\(goldenDirectory)/\(name).log", encoding: .utf8)
        #expect(try log(name, json: false) == golden)
    }

    @Test(arguments: examples)
    func jsonLog(_ name: String) throws {
        let golden = try String(contentsOfFile: "\(goldenDirectory)/\(name).jsonl", encoding: .utf8)
        let produced = try log(name, json: true)
        #expect(produced == golden)
        for line in produced.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["t"] is Double, "\(line)")
            #expect(object?["event"] is String, "\(line)")
        }
    }

    @Test func aRecordingGivesTheSameLogEveryTime() throws {
        #expect(try log("kiosk", json: true) == log("kiosk", json: true))
    }

    @Test func theKioskTellsTheStoryOfItsRecording() throws {
        let actions = try log("kiosk", json: false).split(separator: "\n").filter {
            $0.split(separator: " ")[1] == "action"
        }
        .map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(
            actions == [
                "action orderCoffee from Coffee touchUpInside -> AppDelegate",
                "action orderTea from Tea touchUpInside -> AppDelegate",
                "action nextPage from swipeLeft -> KioskController",
                "action previousPage from swipeRight -> KioskController",
                "action orderWater from Water touchUpInside -> AppDelegate",
            ])
    }
}
