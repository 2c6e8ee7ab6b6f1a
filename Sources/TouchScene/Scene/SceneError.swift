/// A scene file that cannot be used: where (the key path, and the line) and what was expected.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    /// The scene file.
    public var file: String
    /// `windows[0].root.subviews[2].frame`; nil when the JSON itself is broken.
    public var keyPath: String?
    /// The line the problem is on, when it is on one.
    public var line: Int?
    /// The column, when known.
    public var column: Int?
    /// What was expected, in words.
    public var message: String

    /// A problem in `file` at `keyPath` (and `line`, `column`).
    public init(file: String, keyPath: String?, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE: key.path: what was expected (line N)`, or `FILE:LINE:COLUMN: expected …` for
    /// JSON that is not well-formed.
    public var description: String {
        if let keyPath {
            return Self.printable("\(file): \(keyPath): \(message)" + (line.map { " (line \($0))" } ?? ""))
        }
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return Self.printable("\(place): \(message)")
    }

    /// Control characters from the file (a key named with an escape sequence, say) are
    /// written as `\u{1B}`, never sent to the terminal.
    static func printable(_ s: String) -> String { s.printable }
}
