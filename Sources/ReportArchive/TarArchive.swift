/// A POSIX ustar archive, the format `tar` reads everywhere: what a bug report travels in, so
/// whoever receives it needs no touchbridge to open it. Plain files only; names up to 100 bytes.
public enum TarArchive {
    /// One file of an archive.
    public struct Member: Equatable, Sendable {
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }

        public init(name: String, text: String) { self.init(name: name, bytes: Array(text.utf8)) }
    }

    static let block = 512
    /// The most members and the largest member read back: far above what a report holds.
    public static let maxMembers = 4096
    public static let maxMemberSize = 1 << 28

    /// The archive of `members`, each dated `mtime` (seconds since 1970); a name longer than
    /// 100 bytes is cut there.
    public static func write(_ members: [Member], mtime: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(members.reduce(2 * block) { $0 + block + ($1.bytes.count + block - 1) / block * block })
        for m in members {
            out += header(name: m.name, size: m.bytes.count, mtime: mtime)
            out += m.bytes
            out += [UInt8](repeating: 0, count: (block - m.bytes.count % block) % block)
        }
        return out + [UInt8](repeating: 0, count: 2 * block)
    }

    static func header(name: String, size: Int, mtime: Int) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: block)
        func put(_ text: String, at offset: Int, width: Int) {
            for (i, b) in text.utf8.prefix(width).enumerated() { h[offset + i] = b }
        }
        func octal(_ value: Int, digits: Int) -> String {
            let s = String(max(0, value), radix: 8)
            return String(repeating: "0", count: max(0, digits - s.count)) + s
        }
        put(name, at: 0, width: 100)
        put(octal(0o644, digits: 7), at: 100, width: 8)
        put(octal(0, digits: 7), at: 108, width: 8)
        put(octal(0, digits: 7), at: 116, width: 8)
        put(octal(size, digits: 11), at: 124, width: 12)
        put(octal(mtime, digits: 11), at: 136, width: 12)
        h[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        put("root", at: 265, width: 32)
        put("root", at: 297, width: 32)
        // Six octal digits, a NUL and a space, as tar writes it.
        put(octal(checksum(h), digits: 6), at: 148, width: 6)
        h[155] = UInt8(ascii: " ")
        return h
    }

    /// The header's checksum: its bytes summed with the checksum field read as spaces.
    static func checksum(_ h: ArraySlice<UInt8>) -> Int {
        var sum = 0
        for (i, b) in h.enumerated() { sum += (148..<156).contains(i) ? 32 : Int(b) }
        return sum
    }

    static func checksum(_ h: [UInt8]) -> Int { checksum(h[...]) }
}
