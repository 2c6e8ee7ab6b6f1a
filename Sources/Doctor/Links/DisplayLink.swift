/// The display a panel is on, as `screens` matches it.
package enum DisplayLink {
    /// `output`: the display matched (nil: none), `why`: the rule or the failure, `connected`:
    /// the displays connected.
    package static func check(output: String?, why: String, connected: [String], name: String, as s: Subject) -> Check {
        if connected.isEmpty {
            return .holds(.display, "no display connected: the screen is --screen's or the panel's own size", of: s)
        }
        if let output { return .holds(.display, "\(output) (\(why))", of: s) }
        let first = connected[0]
        return .broken(
            .display, "none of \(connected.joined(separator: ", ")): \(why)", of: s,
            problem: "No display could be told for it, so its touches are spread over the whole screen layout.",
            fix: UdevRule.fix(
                file: "69-touchbridge-output.rules", name: name, assignment: "ENV{TOUCHBRIDGE_OUTPUT}=\"\(first)\"",
                node: s.node ?? "") + "  # the display it is on")
    }
}
