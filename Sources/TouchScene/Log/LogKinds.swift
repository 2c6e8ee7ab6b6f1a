import ControlProtocol
import InputEvents
import TextBuffers

/// The kinds of line the handler log writes, by which an output chooses what it takes
/// (`--log-events`, a socket client's `subscribe`).
extension HandlerLog {
    /// A kind of line (`touches`, `gesture`, `action`…): the socket's protocol names them.
    public typealias Kind = LineKind

    /// Where a line of the log's buffer ends (exclusive) and what kind it is.
    package struct LineMark: Sendable {
        public var end: Int
        public var kind: Kind
    }

    /// A set of kinds; `all` by default.
    public struct Kinds: OptionSet, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public init(_ kind: Kind) { rawValue = 1 << UInt16(kind.rawValue) }

        /// Every kind.
        public static let all = Kinds(rawValue: (1 << UInt16(Kind.allCases.count)) - 1)

        public func contains(_ kind: Kind) -> Bool { rawValue & (1 << UInt16(kind.rawValue)) != 0 }

        /// Parses a comma-separated list (`action,device`); nil names the first unknown word.
        public static func parse(_ list: String) -> Result<Kinds, UnknownKind> {
            var k = Kinds()
            for word in list.split(separator: ",", omittingEmptySubsequences: false) {
                let w = word.trimmingSpaces()
                guard let kind = Kind(name: w) else { return .failure(UnknownKind(word: w)) }
                k.insert(Kinds(kind))
            }
            return .success(k)
        }

        /// Every kind's name, for messages.
        public static var names: String { Kind.names }
    }

    /// A word in a kind list that names no kind.
    public struct UnknownKind: Error, CustomStringConvertible {
        /// The word.
        public let word: String
        public var description: String { "unknown event kind '\(word)' (kinds: \(Kinds.names))" }
    }

    /// Appends to `out` the lines of `buffer` whose kind is in `kinds` (those that begin at
    /// `after` or later).
    package static func copy(
        _ kinds: Kinds, from buffer: TextBuffer, marks: [LineMark], into out: inout TextBuffer,
        after: Int = 0
    ) {
        buffer.withUnsafeBytes { raw in
            var start = 0
            for m in marks {
                if start >= after && kinds.contains(m.kind) {
                    let line = UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[start..<m.end])
                    out.write(maxBytes: line.count) { $0.write(bytes: line) }
                }
                start = m.end
            }
        }
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
