/// The output a compositor's configuration maps a touch device to.
package enum CompositorMapping {
    /// From sway's configuration: an `input` line for the device (`type:touch`, `*`, or its
    /// identifier, which ends with its name) with `map_to_output`.
    package static func sway(_ config: String, device: String) -> String? {
        let name = String(device.map { $0 == " " ? "_" : $0 })
        var found: String?
        for line in config.split(separator: "\n") {
            let w = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { String($0).trimmingQuotes() }
            guard w.count >= 4, w[0] == "input", let i = w.firstIndex(of: "map_to_output"), i + 1 < w.count else {
                continue
            }
            let who = w[1]
            if who == "type:touch" || who == "*" || who.hasSuffix(":" + name) || who == name { found = w[i + 1] }
        }
        return found
    }

    /// From labwc's rc.xml: `<touch deviceName="NAME" mapToOutput="OUTPUT"/>`.
    package static func labwc(_ rc: String, device: String) -> String? {
        var rest = Substring(rc)
        while let start = rest.range(of: "<touch") {
            rest = rest[start.upperBound...]
            let element = rest.prefix { $0 != ">" }
            guard let output = attribute("mapToOutput", in: element) else { continue }
            if let n = attribute("deviceName", in: element), n != device { continue }
            return output
        }
        return nil
    }

    static func attribute(_ key: String, in element: Substring) -> String? {
        guard let r = element.range(of: key + "=\"") else { return nil }
        return String(element[r.upperBound...].prefix { $0 != "\"" })
    }
}

extension String {
    func trimmingQuotes() -> String {
        var s = Substring(self)
        while s.first == "\"" || s.first == "'" { s = s.dropFirst() }
        while s.last == "\"" || s.last == "'" { s = s.dropLast() }
        return String(s)
    }
}

extension Substring {
    func range(of needle: String) -> Range<Substring.Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}

extension String {
    func range(of needle: String) -> Range<String.Index>? { Substring(self).range(of: needle) }
}
