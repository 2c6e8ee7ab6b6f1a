import Pipeline
import TouchKit
import TouchScene

/// What the loop puts in front of the panels: a scene (from a file, or the built-in one), or
/// an application built in code.
package enum WindowContent {
    /// A scene, and the file it came from (nil for the built-in scene: nothing to reload).
    case scene(Scene?, file: String?)
    /// An application built in code, for the screen size (points) the loop chose.
    case application((Size) -> Application)

    /// The scene, when the content is one.
    package var scene: Scene? {
        if case .scene(let s, _) = self { return s }
        return nil
    }

    /// The scene's file, when it has one.
    package var sceneFile: String? {
        if case .scene(_, let f) = self { return f }
        return nil
    }
}
