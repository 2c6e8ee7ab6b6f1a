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
        var w = JSONWriter(capacity: 1024)
        w.object { top in
            top.array("checks") { list in
                for c in checks {
                    list.object { o in
                        o.string("subject", c.subject)
                        o.string("node", c.node)
                        o.string("link", c.link.rawValue)
                        o.bool("ok", c.ok)
                        o.string("found", c.found)
                        o.string("problem", c.problem)
                        o.string("fix", c.fix)
                    }
                }
            }
        }
        b.append(bytes: w.buffer.bytes)
        b.append("\n")
    }
}
