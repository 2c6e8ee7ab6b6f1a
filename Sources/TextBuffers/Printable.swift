extension String {
    /// The text with its control characters (C0, DEL, C1) written as `\u{1B}`: text from
    /// outside — a device's or an output's name, a client's line, a broker's payload — then
    /// stays one line of a terminal, the journal or a file's comment, and means nothing there.
    public var printable: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for u in unicodeScalars {
            if Self.isControl(u) {
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
                unicodeScalars.map { u in u == "\"" || u == "'" || u == "\\" || Self.isControl(u) ? "?" : u }))
    }

    private static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (u.value >= 0x7f && u.value < 0xa0)
    }
}
