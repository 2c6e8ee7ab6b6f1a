import TextBuffers

/// The checks of every device, written for a person (a line a link, `✓` or `✗`, the problem and
/// the fix under each `✗`) or as JSON (`schema/doctor.schema.json`).
package struct DoctorReport: Equatable, Sendable {
    package var checks: [Check]

    package init(checks: [Check]) { self.checks = checks }

    /// Whether every link holds.
    package var healthy: Bool { checks.allSatisfy(\.ok) }

    /// The devices in the order they were first checked, each with its checks.
    var bySubject: [(Subject, [Check])] {
        var order: [Subject] = []
        var groups: [Subject: [Check]] = [:]
        for c in checks {
            let s = Subject(name: c.subject, node: c.node)
            if groups[s] == nil { order.append(s) }
            groups[s, default: []].append(c)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    package func writeText(into b: inout TextBuffer) {
        if checks.isEmpty {
            b.append(string: "no touch device: no touchscreen, pen or HID digitizer on this machine\n")
        }
        for (s, checks) in bySubject {
            // Names and readings come from devices and compositors: each stays one line.
            b.append(string: ((s.node.map { $0 + "  " } ?? "") + s.name).printable + "\n")
            for c in checks {
                let name = c.link.rawValue
                b.append(
                    string: "  \(c.ok ? "✓" : "✗") \(name)" + String(repeating: " ", count: max(1, 12 - name.count)))
                b.append(string: c.found.printable + "\n")
                if let p = c.problem { b.append(string: "      problem: \(p.printable)\n") }
                if let f = c.fix { b.append(string: "      fix: \(f.printable)\n") }
            }
        }
        let broken = checks.filter { !$0.ok }.count
        b.append(string: broken == 0 ? "every link holds\n" : "\(broken) broken link\(broken == 1 ? "" : "s")\n")
    }

    package func writeJSON(into b: inout TextBuffer) {
        b.append(string: "{\"checks\":[")
        for (i, c) in checks.enumerated() {
            if i > 0 { b.append(string: ",") }
            b.append(string: "{\"subject\":")
            b.append(jsonString: c.subject)
            b.append(string: ",\"node\":")
            optional(c.node, into: &b)
            b.append(string: ",\"link\":\"\(c.link.rawValue)\",\"ok\":\(c.ok),\"found\":")
            b.append(jsonString: c.found)
            b.append(string: ",\"problem\":")
            optional(c.problem, into: &b)
            b.append(string: ",\"fix\":")
            optional(c.fix, into: &b)
            b.append(string: "}")
        }
        b.append(string: "]}\n")
    }

    private func optional(_ s: String?, into b: inout TextBuffer) {
        if let s { b.append(jsonString: s) } else { b.append(string: "null") }
    }
}
