/// One link of the chain from a touch controller to the window: where a panel that does
/// nothing can break, in the order a touch passes them.
package enum Link: String, CaseIterable, Sendable {
    case device, driver, kernel, node, access, grab, events, display, compositor, service
}

/// What `doctor` found of one link of one device: whether it holds, what was seen, and when it
/// does not, the problem in one sentence and the command that fixes it.
package struct Check: Equatable, Sendable {
    /// The device, by the name it gives (its HID or input name).
    package var subject: String
    /// Its evdev node, where it has one.
    package var node: String?
    package var link: Link
    package var ok: Bool
    package var found: String
    package var problem: String?
    package var fix: String?

    package init(
        subject: String, node: String?, link: Link, ok: Bool, found: String, problem: String? = nil,
        fix: String? = nil
    ) {
        self.subject = subject
        self.node = node
        self.link = link
        self.ok = ok
        self.found = found
        self.problem = problem
        self.fix = fix
    }

    /// A link that holds.
    package static func holds(_ link: Link, _ found: String, of device: Subject) -> Check {
        Check(subject: device.name, node: device.node, link: link, ok: true, found: found)
    }

    /// A broken link, with its problem and fix.
    package static func broken(_ link: Link, _ found: String, of device: Subject, problem: String, fix: String)
        -> Check
    {
        Check(subject: device.name, node: device.node, link: link, ok: false, found: found, problem: problem, fix: fix)
    }
}

/// The device a check is about: its name and evdev node.
package struct Subject: Hashable, Sendable {
    package var name: String
    package var node: String?

    package init(name: String, node: String?) {
        self.name = name
        self.node = node
    }
}
