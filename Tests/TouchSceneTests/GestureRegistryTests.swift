import Foundation
import Testing

@testable import TouchScene

/// What the documents say of gesture types against `SceneGestures` (the one place the scene
/// layer knows them): a new type, property or figure fails here until the handler log's
/// schema and the scene format page's table (docs/scene-format.md) say it too.
@Suite("Gesture types: the registry, the schema and the scene format page agree")
struct GestureRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func gestureSchema() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("schema/handler-log.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        return try #require(defs["gesture"] as? [String: Any])
    }

    @Test func typeNamesAreUnique() {
        #expect(Set(SceneGestures.typeNames).count == SceneGestures.all.count)
    }

    @Test func theSchemaHasEveryFigureAndStateTheLogWrites() throws {
        let g = try gestureSchema()
        let properties = try #require(g["properties"] as? [String: Any])
        let logged = Set(SceneGestures.all.flatMap { $0.figures.map(\.rawValue) })
        for figure in logged { #expect(properties[figure] != nil, "the schema lacks '\(figure)'") }
        for figure in GestureFigure.allCases.map(\.rawValue) where !logged.contains(figure) {
            Issue.record("'\(figure)' is a figure no type logs")
        }
        let state = try #require(properties["state"] as? [String: Any])
        let states = try #require(state["enum"] as? [String])
        // `possible` is never logged: a recognizer only goes back to it.
        #expect(Set(states) == Set(HandlerLog.GestureState.allCases.map(\.rawValue)).subtracting(["possible"]))
        let description = try #require(state["description"] as? String)
        for t in SceneGestures.all where t.isDiscrete { #expect(description.contains(t.sceneType), "\(description)") }
        // Each figure's description names the types that log it.
        for t in SceneGestures.all {
            for f in t.figures {
                let text = (properties[f.rawValue] as? [String: Any])?["description"] as? String ?? ""
                #expect(text.contains(t.sceneType), "the schema's '\(f.rawValue)' does not mention \(t.sceneType)")
            }
        }
    }

    @Test func theSceneFormatPageHasARowPerTypeWithItsProperties() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let list = SceneGestures.typeNames.map { "`\($0)`" }.joined(separator: ", ")
        #expect(readme.contains("`type` (\(list))"), "docs/scene-format.md lists the types as \(list)")
        for t in SceneGestures.all {
            let row = try #require(
                readme.split(separator: "\n").first { $0.hasPrefix("  | `\(t.sceneType)` |") },
                "docs/scene-format.md has no row for \(t.sceneType)")
            for p in t.properties { #expect(row.contains("`\(p.name)`"), "the \(t.sceneType) row lacks \(p.name)") }
        }
    }
}
