import ArgumentParser
import Evdev
import InputEvents
import Output
import RunCommandLine
import TextBuffers
import TouchBridge
import TouchKit

struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Check a scene file: print its resolved tree, or which view takes a point and its responder chain.",
        discussion: """
            Without --hit, prints every window, view (frame in its superview and in window \
            coordinates, controller, flags), gesture recognizer and control action. Each --hit X,Y \
            (screen points) prints the hit-test view and its responder chain up to the app delegate, \
            so a layout can be checked without touching a panel. Exits 65 for a malformed scene.
            """)

    @Argument(help: "The scene file (JSON).")
    var file: String

    @Option(name: .customLong("hit"), help: "A point X,Y in screen points to hit-test (repeatable).")
    var hits: [String] = []

    @Flag(help: "JSON: one line per --hit point, or the tree as one object.")
    var json = false

    @Option(help: "Screen size WxH in points for windows without a frame (default: the scene's, else 1920x1080).")
    var screen: String?

    func validate() throws {
        for h in hits where parsePoint(h) == nil {
            throw ValidationError("--hit takes X,Y in screen points, e.g. --hit 120,300")
        }
        if let screen, parseScreen(screen) == nil { throw ValidationError(screenUsage(screen)) }
    }

    func run() throws {
        let scene: Scene
        do { scene = try Scene.load(path: file) } catch { throw fail(error) }
        let size =
            screen.flatMap(parseScreen).map { Size(width: $0.0, height: $0.1) }
            ?? scene.screenSize.map { Size(width: $0.width, height: $0.height) } ?? Size(width: 1920, height: 1080)
        let instance = SceneInstance(scene: scene, screen: size, log: HandlerLog(format: .text))
        var lines: [String] = []
        if hits.isEmpty {
            lines.append(instance.describeTree(json: json))
        } else {
            for h in hits { lines.append(instance.describeHit(parsePoint(h)!, json: json)) }
        }
        var b = TextBuffer()
        for l in lines {
            b.append(string: l)
            if !l.hasSuffix("\n") { b.append("\n") }
        }
        OutputSink.standardOutput().flush(&b)
    }

    private func parsePoint(_ s: String) -> Point? {
        let parts = s.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: " ")),
            let y = Double(parts[1].trimmingCharacters(in: " ")), x.isFinite, y.isFinite
        else { return nil }
        return Point(x: x, y: y)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
