/// An archive that is not what `TarArchive` reads: where in the file, and what was expected.
public struct ArchiveError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var offset: Int
    public var expected: String

    public var description: String { "\(file): byte \(offset): expected \(expected)" }
}

extension TarArchive {
    /// The plain files of an archive, in order; directories and other entries are stepped over.
    /// Every header's checksum and size is checked before anything is taken from it.
    public static func read(_ bytes: [UInt8], file: String) throws(ArchiveError) -> [Member] {
        var members: [Member] = []
        var at = 0
        while at + block <= bytes.count {
            let h = bytes[at..<at + block]
            if h.allSatisfy({ $0 == 0 }) { return members }
            func fail(_ expected: String) -> ArchiveError { ArchiveError(file: file, offset: at, expected: expected) }
            guard bytes[at + 257..<at + 262].elementsEqual("ustar".utf8) else { throw fail("a ustar header") }
            guard let sum = octal(bytes[at + 148..<at + 156]), sum == checksum(h) else {
                throw fail("a header whose checksum matches its bytes")
            }
            guard let size = octal(bytes[at + 124..<at + 136]), size <= maxMemberSize else {
                throw fail("a member size in octal, at most \(maxMemberSize) bytes")
            }
            let start = at + block
            guard size <= bytes.count - start else {
                throw fail("\(size) bytes of member data, not the end of the file")
            }
            let type = bytes[at + 156]
            if type == UInt8(ascii: "0") || type == 0 {
                guard members.count < maxMembers else { throw fail("at most \(maxMembers) members") }
                let nameBytes = bytes[at..<at + 100].prefix { $0 != 0 }
                let prefix = bytes[at + 345..<at + 500].prefix { $0 != 0 }
                let name =
                    (prefix.isEmpty ? "" : String(decoding: prefix, as: UTF8.self) + "/")
                    + String(decoding: nameBytes, as: UTF8.self)
                members.append(Member(name: name, bytes: Array(bytes[start..<start + size])))
            }
            at = start + (size + block - 1) / block * block
        }
        guard at == bytes.count else {
            throw ArchiveError(file: file, offset: min(at, bytes.count), expected: "a whole 512-byte block")
        }
        throw ArchiveError(file: file, offset: at, expected: "the two empty blocks that end an archive")
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
