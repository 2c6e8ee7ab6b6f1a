import Foundation

/// The repository's examples folder (scenes and their recordings).
let examplesDirectory: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path
}()
