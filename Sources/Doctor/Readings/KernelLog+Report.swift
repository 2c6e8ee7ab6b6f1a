extension KernelLog {
    /// The lines a bug report carries: those of the touch devices' own chain (`chainKeys`: their
    /// HID ids, USB ports, I2C clients, nodes and drivers) and of the input and HID subsystems,
    /// each with what identifies the machine or its other devices masked (`ReportMasking`).
    package func reportLines(chainKeys: [String], hostName: String?) -> [String] {
        let chain = Set(about(chainKeys).map(\.self))
        return messages.compactMap { m in
            let ofChain = chain.contains(m)
            guard ofChain || Self.isInputOrHID(m) else { return nil }
            return ReportMasking.masked(m.line, hostName: hostName, keepSerials: ofChain)
        }
    }

    /// A message of the input or HID subsystem: tagged with an input or HID device, or said by
    /// the input core or a HID driver.
    static func isInputOrHID(_ m: Message) -> Bool {
        if let d = m.device, d.hasPrefix("+input:") || d.hasPrefix("+hid:") { return true }
        let t = m.text.lowercased()
        return t.hasPrefix("input: ") || t.hasPrefix("hid") || t.hasPrefix("usbhid") || t.hasPrefix("i2c_hid")
            || t.hasPrefix("i2c-hid") || t.hasPrefix("usbcore: registered new interface driver usbhid")
    }
}

extension KernelLog.Message: Hashable {
    package func hash(into h: inout Hasher) {
        h.combine(time)
        h.combine(text)
    }
}

/// What a bug report must not carry about the machine, masked in a line of text: MAC addresses
/// (a Raspberry Pi prints its own at boot), IP addresses, the host name, and serial numbers of
/// devices other than the touch devices.
package enum ReportMasking {
    package static func masked(_ line: String, hostName: String?, keepSerials: Bool) -> String {
        var out = maskTokens(line)
        if let name = hostName, name.utf8.count >= 3, name != "localhost" {
            out = out.replacingAll(name, with: "<host name>")
        }
        if let r = out.firstRange(of: "Hostname set to <") {
            out = String(out[..<r.upperBound]) + "host name>."
        }
        if !keepSerials, let r = out.firstRange(of: "SerialNumber: ") {
            out = String(out[..<r.upperBound]) + "<serial>"
        }
        if !keepSerials, let r = out.firstRange(of: "serial=") {
            out = String(out[..<r.upperBound]) + "<serial>"
        }
        return out
    }

    /// Each run of hex digits, colons, dots and dashes read whole: a MAC address
    /// (`b8:27:eb:12:34:56`, `b8-27-…`), an IPv4 address (four numbers to 255 with dots, not a
    /// USB port's `1-1.2.3.4`) or an IPv6 address (three colons or more, or `::`) replaced.
    static func maskTokens(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func isTokenScalar(_ u: Unicode.Scalar) -> Bool {
            u.properties.isASCIIHexDigit || u == ":" || u == "." || u == "-"
        }
        while i < scalars.count {
            guard isTokenScalar(scalars[i]) else {
                out.append(scalars[i])
                i += 1
                continue
            }
            var j = i
            while j < scalars.count, isTokenScalar(scalars[j]) { j += 1 }
            let before = i > 0 ? scalars[i - 1] : " "
            let glued = before.properties.isAlphabetic || before == "_"
            let after = j < scalars.count ? scalars[j] : " "
            let gluedAfter = after.properties.isAlphabetic || after == "_"
            let token = String(String.UnicodeScalarView(scalars[i..<j]))
            var trimmed = token.trimmingTrailing(".")
            // An IPv4 address with its port.
            if kind(trimmed) == nil, let colon = trimmed.lastIndex(of: ":"), trimmed[..<colon].contains("."),
                kind(String(trimmed[..<colon])) != nil
            {
                trimmed = String(trimmed[..<colon])
            }
            if !glued, !gluedAfter, let what = kind(trimmed) {
                out.append(contentsOf: "<\(what)>".unicodeScalars)
                out.append(contentsOf: token.dropFirst(trimmed.count).unicodeScalars)
            } else {
                out.append(contentsOf: token.unicodeScalars)
            }
            i = j
        }
        return String(out)
    }

    /// What a token is, if it is an address.
    static func kind(_ token: String) -> String? {
        for separator: Character in [":", "-"] {
            let parts = token.split(separator: separator, omittingEmptySubsequences: false)
            if parts.count == 6, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) { return "MAC" }
        }
        let quads = token.split(separator: ".", omittingEmptySubsequences: false)
        if quads.count == 4, quads.allSatisfy({ q in !q.isEmpty && q.count <= 3 && q.allSatisfy(\.isWholeNumber) }),
            quads.allSatisfy({ Int($0).map { $0 <= 255 } ?? false })
        {
            return "IP"
        }
        let groups = token.split(separator: ":", omittingEmptySubsequences: false)
        if token.contains("::") || groups.count >= 4,
            groups.allSatisfy({ $0.count <= 4 && $0.allSatisfy(\.isHexDigit) }), groups.count <= 8, groups.count >= 3
        {
            return "IP"
        }
        return nil
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    fileprivate func trimmingTrailing(_ c: Character) -> String {
        var s = self[...]
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}
