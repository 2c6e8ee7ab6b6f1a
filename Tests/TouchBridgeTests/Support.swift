import Foundation

/// This suite's golden logs.
let goldenDirectory: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
}()
