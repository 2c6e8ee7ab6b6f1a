/// What the kernel and udev made of a device: its evdev node, what it can report, and the udev
/// properties that decide who uses it and how.
package struct NodeFacts: Equatable, Sendable {
    package var node: String
    /// udev's `ID_INPUT_*` kinds (touchscreen, tablet, mouse, …).
    package var kinds: [String]
    /// The properties that matter: ID_SEAT, LIBINPUT_CALIBRATION_MATRIX, WL_OUTPUT, TOUCHBRIDGE_*.
    package var properties: [String: String]
    /// What libevdev read of it, nil when it could not be opened.
    package var capabilities: Capabilities?
    /// Whether sysfs shows absolute X and Y with a left button and no touch (read without the
    /// node, which the person may not be allowed to open).
    package var absolutePointer = false

    package struct Capabilities: Equatable, Sendable {
        package var direct: Bool
        package var slots: Int?
        /// `x 0–4095 (12/mm)`, one per position axis.
        package var axes: [String]
        /// Absolute X and Y with a left button and no BTN_TOUCH: a touch controller in mouse mode.
        package var mouseMode: Bool
        package var isPen: Bool

        package init(direct: Bool, slots: Int?, axes: [String], mouseMode: Bool, isPen: Bool) {
            self.direct = direct
            self.slots = slots
            self.axes = axes
            self.mouseMode = mouseMode
            self.isPen = isPen
        }
    }

    package init(node: String, kinds: [String], properties: [String: String], capabilities: Capabilities?) {
        self.node = node
        self.kinds = kinds
        self.properties = properties
        self.capabilities = capabilities
    }

    /// Where touchbridge's rule grants access: a touchscreen, or marked as a panel.
    package var tagged: Bool { kinds.contains("touchscreen") || properties["TOUCHBRIDGE_PANEL"] == "1" }
}

package enum NodeLink {
    /// The seat compositors and logind serve by default.
    static let defaultSeat = "seat0"

    package static func check(_ f: NodeFacts, name: String, as s: Subject) -> Check {
        var found = f.node + " (" + (f.kinds.isEmpty ? "no ID_INPUT kind" : f.kinds.joined(separator: ", ")) + ")"
        if let c = f.capabilities {
            found += ", " + (c.direct ? "direct" : "not direct")
            found += c.slots.map { ", \($0) slots" } ?? ", no slots"
            if !c.axes.isEmpty { found += ", " + c.axes.joined(separator: ", ") }
        }
        for k in f.properties.keys.sorted() { found += ", \(k)=\(f.properties[k] ?? "")" }
        if let seat = f.properties["ID_SEAT"], seat != defaultSeat {
            return .broken(
                .node, found, of: s,
                problem: "It is on \(seat), not \(defaultSeat), so the compositor on \(defaultSeat) ignores it.",
                fix: UdevRule.fix(
                    file: "99-touchbridge-seat.rules", name: name, assignment: "ENV{ID_SEAT}=\"\(defaultSeat)\"",
                    node: f.node))
        }
        let pen = f.capabilities?.isPen ?? f.kinds.contains("tablet")
        if !f.tagged && !pen {
            let mouse = f.capabilities?.mouseMode ?? f.absolutePointer
            return .broken(
                .node, found, of: s,
                problem: mouse
                    ? "It may be a touch controller in mouse mode (absolute X and Y with a left button, no touch): "
                        + "udev calls it a mouse, so compositors move a pointer and touchbridge skips it unless it is "
                        + "marked as a panel. To tell, touch it while `touchbridge evtest \(f.node)` runs: a panel "
                        + "reports ABS_X and ABS_Y where the finger is, with BTN_LEFT while it is down."
                    : "udev does not call it a touchscreen (no ID_INPUT_TOUCHSCREEN), so nothing takes it as one.",
                fix: AccessLink.markingRule(name: name, node: f.node))
        }
        return .holds(.node, found, of: s)
    }

    /// A HID digitizer whose driver made no evdev node.
    package static func missing(_ d: HIDDevice, as s: Subject) -> Check {
        .broken(
            .node, "no evdev node", of: s,
            problem: "Its driver \(d.driver ?? "(none)") made no input device of it.",
            fix: "sudo modprobe evdev && echo \(d.id) | sudo tee /sys/bus/hid/drivers/\(d.driver ?? "hid-generic")/bind"
        )
    }
}
