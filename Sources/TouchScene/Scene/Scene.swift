import StrictJSON
import TouchInput
import TouchKit

/// A scene: the windows, view controllers, views, gesture recognizers and controls the daemon
/// builds its headless window from, decoded from a JSON file and checked before any device is
/// opened. A value; `SceneInstance` builds the live objects from it.
public struct Scene: Sendable {
    let spec: SceneSpec
    /// The file it came from, for messages ("built-in default scene" for the default).
    public let file: String

    init(spec: SceneSpec, file: String) {
        self.spec = spec
        self.file = file
    }

    /// Reads a scene file with `read` (the caller's file access: the scene layer has none of
    /// its own) and checks it. Throws what `read` throws, and `SceneError` when it is not a
    /// valid scene.
    /// `programProblem` says what is wrong with a command's program (missing, not
    /// executable), nil when it can be run.
    public static func load(
        path: String, reading read: (String) throws -> [UInt8],
        programProblem: ((String) -> String?)? = nil
    ) throws -> Scene {
        try parse(try read(path), file: path, programProblem: programProblem)
    }

    /// The programs the scene starts on its actions.
    public var commands: [SceneCommand] { spec.commands }

    /// Idle and wake (`idle`), when the scene asks for them.
    public var idle: SceneIdle? { spec.idle }
    /// The noise rules of the panels that name none of their own (`noiseFilters`).
    public var noiseFilters: NoiseChoice? { spec.noiseFilters }

    /// Every program the scene may start: its commands, then idle's and wake's.
    public var programs: [SceneCommand] { spec.commands + [spec.idle?.run, spec.idle?.wake].compactMap { $0 } }

    /// The names of its windows, in file order.
    public var windowNames: [String] { spec.windows.map(\.name) }

    /// Decodes and checks scene JSON.
    public static func parse(_ bytes: [UInt8], file: String, programProblem: ((String) -> String?)? = nil)
        throws(SceneError) -> Scene
    {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw SceneError(
                file: file, keyPath: nil, line: error.line, column: error.column, message: "expected \(error.expected)")
        }
        let spec: SceneSpec
        do {
            spec = try SceneSpec(from: NodeDecoder(node: root))
        } catch let e as SceneDecodingError {
            throw SceneError(
                file: file, keyPath: e.keyPath, line: line(of: e.codingPath.map(\.pathKey), in: root),
                message: e.message)
        } catch {
            throw SceneError(file: file, keyPath: "(top level)", line: nil, message: "\(error)")
        }
        let scene = Scene(spec: spec, file: file)
        if let problem = SceneChecker(spec: spec).firstProblem() {
            throw SceneError(
                file: file, keyPath: SceneDecodingError.render(problem.path),
                line: line(of: problem.path, in: root), message: problem.message)
        }
        if let programProblem {
            for (i, c) in programs(of: spec).enumerated() {
                guard let why = programProblem(c.run[0]) else { continue }
                let path =
                    i < spec.commands.count
                    ? [
                        PathKey(stringValue: "commands"), PathKey(stringValue: c.action), PathKey(stringValue: "run"),
                        PathKey(intValue: 0),
                    ]
                    : [
                        PathKey(stringValue: "idle"), PathKey(stringValue: c.action == "idle" ? "run" : "wake"),
                        PathKey(intValue: 0),
                    ]
                throw SceneError(
                    file: file, keyPath: SceneDecodingError.render(path), line: line(of: path, in: root),
                    message: "\(c.run[0]): \(why)")
            }
        }
        return scene
    }

    private static func programs(of spec: SceneSpec) -> [SceneCommand] { Scene(spec: spec, file: "").programs }

    /// The built-in scene: one window of the screen's size whose root view `screen`
    /// (controller `ScreenController`, multiple touch enabled) logs every touch it gets.
    public static func standard(width: Double, height: Double) -> Scene {
        standard(screens: [Rect(x: 0, y: 0, width: width, height: height)])
    }

    /// The built-in scene for a screen space of several screens: one such window per
    /// rectangle (`Window`, `Window2`, …; `screen`, `screen2`, …).
    public static func standard(screens: [Rect]) -> Scene {
        let union = screens.dropFirst().reduce(screens.first ?? .zero) { $0.union($1) }
        return Scene(
            spec: SceneSpec(
                screen: SizeSpec(width: union.maxX, height: union.maxY),
                appDelegate: ResponderSpec(name: "AppDelegate"),
                windows: screens.enumerated().map { standardWindow($0.offset + 1, $0.element) }),
            file: "built-in default scene")
    }

    /// The default scene's window number `n` (from 1) covering `rect`.
    static func standardWindow(_ n: Int, _ rect: Rect) -> WindowSpec {
        let suffix = n == 1 ? "" : "\(n)"
        var root = ViewSpec(name: "screen" + suffix)
        root.controller = ControllerSpec(ResponderSpec(name: "ScreenController" + suffix))
        root.multipleTouchEnabled = true
        root.consumes = ResponderMethod.touchMethods.map(ResponderMethod.init)
        return WindowSpec(
            name: "Window" + suffix, frame: RectSpec(rect), level: nil, hidden: nil, root: root,
            actions: nil, consumes: nil)
    }

    /// What an application built in code stands on: no windows of its own to build.
    static let applicationInCode = Scene(
        spec: SceneSpec(screen: nil, appDelegate: nil, windows: []),
        file: "application built in code")

    /// Whether this is the built-in scene (which grows a window for each new screen).
    public var isStandard: Bool { file == "built-in default scene" }

    /// The screen the scene is laid out for: its `screen`, else the bounding box of its
    /// windows' frames when every window has one; nil when it does not say.
    public var screenSize: (width: Double, height: Double)? {
        if let s = spec.screen { return (s.width, s.height) }
        var w = 0.0
        var h = 0.0
        for window in spec.windows {
            guard let f = window.frame?.rect else { return nil }
            w = max(w, f.maxX)
            h = max(h, f.maxY)
        }
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// The line of the deepest value on `path` that exists.
    private static func line(of path: [PathKey], in root: JSONNode) -> Int? {
        var node = root
        for key in path {
            let next = key.intValue.map { node.child($0) } ?? node.child(key.stringValue)
            guard let n = next else { break }
            node = n
        }
        return node.line
    }
}

extension CodingKey {
    var pathKey: PathKey {
        if let i = intValue, stringValue == "\(i)" { return PathKey(intValue: i) }
        return PathKey(stringValue: stringValue)
    }
}
