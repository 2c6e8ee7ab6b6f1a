/// The compositor that shows the app, and whether it sends this panel's touches to its display.
package struct CompositorFacts: Equatable, Sendable {
    /// cage, sway, labwc, weston, X11, …; nil when none runs.
    package var name: String?
    package var pid: Int32?
    /// The display it maps the panel to: nil when that could not be read, `.some(nil)` when it
    /// maps it to none.
    package var mappedTo: String??
    /// Where the mapping was read (`WL_OUTPUT`, sway's `map_to_output`, labwc's rc.xml), or why not.
    package var source: String

    package init(name: String?, pid: Int32?, mappedTo: String??, source: String) {
        self.name = name
        self.pid = pid
        self.mappedTo = mappedTo
        self.source = source
    }

    /// The compositor a process's command name says it is.
    package static func known(_ comm: String) -> String? {
        switch comm {
        case "cage", "sway", "labwc", "weston", "wayfire", "river", "gnome-shell", "kwin_wayland", "Hyprland":
            return comm
        case "Xorg", "X": return "X11"
        default: return nil
        }
    }
}

package enum CompositorLink {
    /// `output` is the display the panel is on; `connected` the displays connected.
    package static func check(_ c: CompositorFacts, output: String?, connected: Int, device: String, as s: Subject)
        -> Check
    {
        guard let name = c.name else {
            return .holds(.compositor, "none running: touchbridge's own window needs no mapping", of: s)
        }
        let running = "\(name)" + (c.pid.map { " (\($0))" } ?? "")
        if connected <= 1 { return .holds(.compositor, running + ", one display: every touch lands on it", of: s) }
        guard let mapped = c.mappedTo else {
            return .holds(.compositor, running + ", mapping not read: \(c.source)", of: s)
        }
        if let output, mapped == output {
            return .holds(.compositor, running + " maps it to \(output) (\(c.source))", of: s)
        }
        let now = mapped.map { "maps it to \($0)" } ?? "maps it to no display"
        return .broken(
            .compositor, running + " " + now + " (\(c.source))", of: s,
            problem: "\(name) \(now)" + (output.map { ", but it is on \($0)" } ?? "")
                + ": its touches land on the wrong screen.",
            fix: fix(name, output: output ?? "OUTPUT", device: device, node: s.node ?? ""))
    }

    static func fix(_ compositor: String, output: String, device: String, node: String) -> String {
        switch compositor {
        case "sway": return "swaymsg input type:touch map_to_output \(output)"
        case "labwc": return "touchbridge screens --config labwc  # into rc.xml, then: labwc --reconfigure"
        case "X11": return "xinput map-to-output '\(UdevRule.quoted(device))' \(output)"
        default:
            return UdevRule.fix(
                file: "99-touchbridge-wl-output.rules", name: device, assignment: "ENV{WL_OUTPUT}=\"\(output)\"",
                node: node) + "  # then restart \(compositor)"
        }
    }
}
