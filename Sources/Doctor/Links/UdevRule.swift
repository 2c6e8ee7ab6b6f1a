import TextBuffers

/// The fix that writes a udev rule for one device and applies it now: the rule file, udev's
/// rules reloaded (udev rereads its files at most every few seconds on its own), the node's
/// rules run again.
package enum UdevRule {
    /// A rule matching the device by name that sets `assignment` (`ENV{X}="Y"`), as one command line.
    package static func fix(file: String, name: String, assignment: String, node: String) -> String {
        "echo 'SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"\(quoted(name))\", \(assignment)' | "
            + "sudo tee /etc/udev/rules.d/\(file) && " + apply(node)
    }

    /// udev's rules reloaded and run again on `node`.
    package static func apply(_ node: String) -> String {
        "sudo udevadm control --reload && sudo udevadm trigger --action=change --settle \(node)"
    }

    /// A name as a udev match inside the shell's single quotes (`String.udevPattern`).
    package static func quoted(_ name: String) -> String { name.udevPattern }
}
