extension ReportDescriptor {
    /// The descriptor item by item, a line each: its bytes, then what they say, indented by
    /// collection, as a person reads it beside a recording or a bug report.
    public static func decoded(_ bytes: [UInt8]) -> [String] {
        var walk = DescriptorWalk(bytes: Array(bytes.prefix(maximumSize)))
        var lines: [String] = []
        while let item = walk.next() {
            let end = item.offset + 1 + item.size
            let hex = walk.bytes[item.offset..<end].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
            let column = hex.joined(separator: " ")
            let depth = item.type == 0 && item.tag == 0xA ? walk.depth - 1 : walk.depth
            lines.append(
                column + String(repeating: " ", count: max(1, 16 - column.count))
                    + String(repeating: "  ", count: min(depth, 16)) + meaning(item, walk: walk))
            if item.type == 0 { walk.endLocals() }
        }
        if let p = walk.problem { lines.append("(stopped: \(p))") }
        if bytes.count > maximumSize { lines.append("(stopped: longer than \(maximumSize) bytes)") }
        return lines
    }

    static func meaning(_ item: DescriptorItem, walk: DescriptorWalk) -> String {
        let n = item.data
        switch (item.type, item.tag) {
        case (0, 0x8): return "Input (\(flags(n)))"
        case (0, 0x9): return "Output (\(flags(n)))"
        case (0, 0xB): return "Feature (\(flags(n)))"
        case (0, 0xA):
            let kinds = [
                "Physical", "Application", "Logical", "Report", "Named Array", "Usage Switch", "Usage Modifier",
            ]
            return "Collection (\(n < kinds.count ? kinds[Int(n)] : "0x" + String(n, radix: 16)))"
        case (0, 0xC): return "End Collection"
        case (1, 0x0): return "Usage Page (\(UsageNames.page(n)))"
        case (1, 0x1): return "Logical Minimum (\(item.signed))"
        case (1, 0x2): return "Logical Maximum (\(walk.globals.logicalMaximum))"
        case (1, 0x3): return "Physical Minimum (\(item.signed))"
        case (1, 0x4): return "Physical Maximum (\(item.signed))"
        case (1, 0x5): return "Unit Exponent (\(item.signed))"
        case (1, 0x6): return "Unit (0x\(String(n, radix: 16)))"
        case (1, 0x7): return "Report Size (\(n))"
        case (1, 0x8): return "Report ID (\(n))"
        case (1, 0x9): return "Report Count (\(n))"
        case (1, 0xA): return "Push"
        case (1, 0xB): return "Pop"
        case (2, 0x0): return "Usage (\(UsageNames.usage(item.size == 4 ? n : walk.globals.usagePage << 16 | n)))"
        case (2, 0x1): return "Usage Minimum (\(UsageNames.usage(walk.globals.usagePage << 16 | n)))"
        case (2, 0x2): return "Usage Maximum (\(UsageNames.usage(walk.globals.usagePage << 16 | n)))"
        case (2, 0x7): return "String Index (\(n))"
        case (2, 0xA): return "Delimiter (\(n))"
        default: return "item type \(item.type) tag 0x\(String(item.tag, radix: 16)) (\(n))"
        }
    }

    /// A main item's flags as the specification names their first three bits.
    static func flags(_ n: UInt32) -> String {
        [n & 1 == 0 ? "Data" : "Const", n & 2 == 0 ? "Array" : "Var", n & 4 == 0 ? "Abs" : "Rel"]
            .joined(separator: ",")
    }
}

extension ReportDescriptor {
    /// The decoded items and then the findings (`!` before a flagged one): the comment block a
    /// HID recording and a bug report carry.
    public static func described(_ bytes: [UInt8]) -> [String] {
        let findings = ReportDescriptor(bytes).findings.map { ($0.flagged ? "! " : "  ") + $0.text }
        return ["Report descriptor, \(bytes.count) bytes:"] + decoded(bytes).map { "  " + $0 }
            + ["What decides the kernel's handling:"] + findings
    }
}
