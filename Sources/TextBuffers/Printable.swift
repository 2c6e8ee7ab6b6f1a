extension String {
    /// The text with its control characters (C0, DEL, C1) and Unicode's invisible format
    /// characters (bidi overrides, zero-width marks, line separators) written as `\u{1B}`:
    /// text from outside — a device's or an output's name, a client's line, a broker's payload,
    /// an archive's member — then stays one line of a terminal, the journal or a file's
    /// comment, shows what it holds in the order it holds it, and means nothing there.
    public var printable: String { printable(keepingLines: false) }

    /// `printable`, with newline and tab kept when `keepingLines`: a file's text shown whole.
    public func printable(keepingLines: Bool) -> String {
        let hidden = { (u: Unicode.Scalar) in Self.isHidden(u) && !(keepingLines && (u == "\n" || u == "\t")) }
        guard unicodeScalars.contains(where: hidden) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for u in unicodeScalars {
            if hidden(u) {
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// The text as a udev rule's match inside double quotes (and a shell's single quotes):
    /// a quote, apostrophe, backslash or control character as udev's glob `?`, which matches
    /// it — a name from a hostile device with a newline cannot end the rule's line.
    public var udevPattern: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { u in u == "\"" || u == "'" || u == "\\" || Self.isHidden(u) ? "?" : u }))
    }

    private static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (u.value >= 0x7f && u.value < 0xa0)
    }

    /// A control character, or one a terminal shows as nothing or that reorders what follows.
    static func isHidden(_ u: Unicode.Scalar) -> Bool {
        if u.value < 0xa0 { return isControl(u) }
        switch u.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

/// Bytes from outside shown as text a piece at a time (a file streamed to the terminal): each
/// piece `printable`, with a character cut between two pieces kept for the next one, so memory
/// stays one piece whatever the file's size. Bytes that are not UTF-8 show as U+FFFD.
public struct PrintableStream {
    var carried: [UInt8] = []
    let keepingLines: Bool

    public init(keepingLines: Bool) { self.keepingLines = keepingLines }

    /// `bytes`' text, but for a last character they cut short.
    public mutating func text(_ bytes: [UInt8]) -> String {
        var all = carried
        all += bytes
        let whole = Self.completeCount(all)
        carried = Array(all[whole...])
        return String(decoding: all[..<whole], as: UTF8.self).printable(keepingLines: keepingLines)
    }

    /// What was carried, at the end of the bytes.
    public mutating func finish() -> String {
        defer { carried = [] }
        return String(decoding: carried, as: UTF8.self).printable(keepingLines: keepingLines)
    }

    /// How many of `bytes` end on a whole character: a lead byte in the last three whose
    /// sequence runs past the end is kept back.
    static func completeCount(_ bytes: [UInt8]) -> Int {
        var i = bytes.count
        while i > max(0, bytes.count - 4) {
            i -= 1
            let b = bytes[i]
            guard b & 0xC0 == 0x80 else {
                let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                return i + length > bytes.count ? i : bytes.count
            }
        }
        return bytes.count
    }
}
