import Testing
import TouchScene

@testable import Host

/// A scene read from its file: what the daemon says when it cannot be.
@Suite("Scene files")
struct SceneFileTests {
    @Test func aMissingSceneFileIsNoInputAndAnUnreadableOneNamesThePermission() throws {
        #expect(throws: (any Error).self) { try Scene.read(path: "/nonexistent/scene.json") }
        do { _ = try Scene.read(path: "/nonexistent/scene.json") } catch {
            #expect("\(error)" == "/nonexistent/scene.json: no such file")
        }
    }
}
