/// A command line `run` cannot take, with what it expected (exit code 64). The command-line
/// interface says it as the argument parser says its own mistakes.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
