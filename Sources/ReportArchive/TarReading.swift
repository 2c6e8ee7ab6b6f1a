/// An archive that is not what `TarArchive` reads: where in the file, and what was expected.
public struct ArchiveError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var offset: Int
    public var expected: String

    public var description: String { "\(file): byte \(offset): expected \(expected)" }
}

/// Where an archive's bytes come from, in order: a file read as it is listed, or memory.
public protocol ArchiveBytes {
    /// Up to `count` bytes from the current position; fewer only at the end.
    mutating func read(_ count: Int) -> [UInt8]
    /// Moves `count` bytes on without keeping them; how many there were.
    mutating func skip(_ count: Int) -> Int
}

/// An archive held in memory.
public struct MemoryBytes: ArchiveBytes {
    let bytes: [UInt8]
    var at = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func read(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, at + max(0, count))
        defer { at = end }
        return Array(bytes[at..<end])
    }

    public mutating func skip(_ count: Int) -> Int {
        let end = min(bytes.count, at + max(0, count))
        defer { at = end }
        return end - at
    }
}

/// Reads an archive a member at a time, whatever its size: a header is checked whole (its
/// checksum, size and name) before anything is taken from it, and a member's data is handed
/// over in pieces or stepped over, never held. Directories and other entries are stepped over;
/// two plain files of one name are refused (tar would keep the last, a reader would show the first).
public struct TarReader<Source: ArchiveBytes> {
    /// A plain file of the archive, its data not yet read.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var size: Int
    }

    var source: Source
    let file: String
    /// Bytes consumed from the source.
    var position = 0
    /// The current entry's header offset and its data not yet consumed.
    var current: (header: Int, left: Int, size: Int)?
    var names: Set<String> = []
    var ended = false

    public init(_ source: Source, file: String) {
        self.source = source
        self.file = file
    }

    /// The next plain file; nil once the archive's end block is reached.
    public mutating func next() throws(ArchiveError) -> Entry? {
        while !ended {
            try finishCurrent()
            let at = position
            let h = source.read(TarArchive.block)
            position += h.count
            func fail(_ expected: String) -> ArchiveError { ArchiveError(file: file, offset: at, expected: expected) }
            if h.isEmpty { throw fail("the two empty blocks that end an archive") }
            guard h.count == TarArchive.block else { throw fail("a whole 512-byte block") }
            if h.allSatisfy({ $0 == 0 }) {
                ended = true
                return nil
            }
            guard h[257..<262].elementsEqual("ustar".utf8) else { throw fail("a ustar header") }
            guard let sum = TarArchive.octal(h[148..<156]), sum == TarArchive.checksum(h) else {
                throw fail("a header whose checksum matches its bytes")
            }
            guard let size = TarArchive.octal(h[124..<136]), size <= TarArchive.maxMemberSize else {
                throw fail("a member size in octal, at most \(TarArchive.maxMemberSize) bytes")
            }
            current = (at, size, size)
            let type = h[156]
            guard type == UInt8(ascii: "0") || type == 0 else { continue }
            guard names.count < TarArchive.maxMembers else { throw fail("at most \(TarArchive.maxMembers) members") }
            let nameBytes = h[0..<100].prefix { $0 != 0 }
            let prefix = h[345..<500].prefix { $0 != 0 }
            let name =
                (prefix.isEmpty ? "" : String(decoding: prefix, as: UTF8.self) + "/")
                + String(decoding: nameBytes, as: UTF8.self)
            guard names.insert(name).inserted else {
                throw fail("each member's name once (\"\(name)\" is there twice)")
            }
            return Entry(name: name, size: size)
        }
        return nil
    }

    /// The current entry's data not read yet, in pieces of at most `piece` bytes.
    public mutating func readData(piece: Int = 1 << 16, _ body: ([UInt8]) -> Void) throws(ArchiveError) {
        guard var c = current else { return }
        while c.left > 0 {
            let bytes = source.read(min(c.left, max(1, piece)))
            position += bytes.count
            c.left -= bytes.count
            current = c
            if bytes.isEmpty { throw truncated(c) }
            body(bytes)
        }
    }

    /// Steps over what is left of the current entry and its padding.
    mutating func finishCurrent() throws(ArchiveError) {
        guard let c = current else { return }
        current = nil
        let skipped = source.skip(c.left)
        position += skipped
        guard skipped == c.left else { throw truncated(c) }
        let padding = (TarArchive.block - c.size % TarArchive.block) % TarArchive.block
        let padded = source.skip(padding)
        position += padded
        guard padded == padding else {
            throw ArchiveError(file: file, offset: position, expected: "a whole 512-byte block")
        }
    }

    func truncated(_ c: (header: Int, left: Int, size: Int)) -> ArchiveError {
        ArchiveError(file: file, offset: c.header, expected: "\(c.size) bytes of member data, not the end of the file")
    }
}

extension TarArchive {
    /// The plain files of an archive in memory, in order (`TarReader`'s checks).
    public static func read(_ bytes: [UInt8], file: String) throws(ArchiveError) -> [Member] {
        var reader = TarReader(MemoryBytes(bytes), file: file)
        var members: [Member] = []
        while let entry = try reader.next() {
            var data: [UInt8] = []
            data.reserveCapacity(entry.size)
            try reader.readData { data += $0 }
            members.append(Member(name: entry.name, bytes: data))
        }
        return members
    }

    /// An octal number field: digits, then spaces or NULs; nil for anything else.
    static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        var ended = false
        for b in field {
            if b == 0 || b == 32 {
                if digits > 0 { ended = true }
                continue
            }
            guard !ended, (48...55).contains(b), digits < 12 else { return nil }
            value = value * 8 + Int(b - 48)
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
