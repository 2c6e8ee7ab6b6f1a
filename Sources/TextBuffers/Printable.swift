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
    private static func isHidden(_ u: Unicode.Scalar) -> Bool {
        if u.value < 0xa0 { return isControl(u) }
        switch u.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
