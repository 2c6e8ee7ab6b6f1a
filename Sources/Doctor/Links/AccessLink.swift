/// Whether the person running doctor, and the service's user, may read the node, and the rule
/// that grants it when they may not.
package struct AccessLink {
    package var node: String
    package var access: NodeAccess
    package var user: Reader
    /// The service's user (`touchbridge`, with the unit's groups), nil when it does not exist.
    package var service: Reader?
    /// Where touchbridge's udev rule is installed, nil when it is not.
    package var rule: String?
    /// Whether udev files the node where the rule grants access: a touchscreen, or marked
    /// `TOUCHBRIDGE_PANEL=1`.
    package var tagged: Bool
    /// The device's name, for a rule that marks it.
    package var deviceName: String
    /// Names of user and group ids (group when the flag is set).
    package var names: (UInt32, Bool) -> String

    package init(
        node: String, access: NodeAccess, user: Reader, service: Reader?, rule: String?, tagged: Bool,
        deviceName: String, names: @escaping (UInt32, Bool) -> String
    ) {
        self.node = node
        self.access = access
        self.user = user
        self.service = service
        self.rule = rule
        self.tagged = tagged
        self.deviceName = deviceName
        self.names = names
    }

    package func check(as s: Subject) -> Check {
        var found = access.describe(names: names)
        let userReads = access.canRead(user)
        found += "; \(user.name) \(userReads ? "reads it" : "cannot read it")"
        let serviceReads = service.map(access.canRead)
        if let service, let serviceReads {
            found += ", \(service.name) \(serviceReads ? "reads it" : "cannot read it")"
        }
        if serviceReads == false, let service {
            return .broken(
                .access, found, of: s, problem: serviceProblem(service), fix: serviceFix(service))
        }
        if !userReads {
            return .broken(.access, found, of: s, problem: "You (\(user.name)) cannot read \(node).", fix: userFix)
        }
        return .holds(.access, found, of: s)
    }

    func serviceProblem(_ service: Reader) -> String {
        guard rule != nil else {
            return "The service's user \(service.name) cannot read \(node): touchbridge's udev rule is not installed."
        }
        if !tagged {
            return "The service's user \(service.name) cannot read \(node): udev does not call it a touchscreen, so "
                + "touchbridge's rule does not grant it."
        }
        return "The service's user \(service.name) cannot read \(node) although touchbridge's rule \(rule ?? "") "
            + "should grant it: udev has not applied it to this node."
    }

    func serviceFix(_ service: Reader) -> String {
        guard rule != nil else {
            return "sudo install -m 644 udev/70-touchbridge.rules /etc/udev/rules.d/ && " + UdevRule.apply(node)
        }
        if !tagged { return Self.markingRule(name: deviceName, node: node) }
        return UdevRule.apply(node)
    }

    /// The udev rule that marks a device by its name as a panel (before touchbridge's rule).
    package static func markingRule(name: String, node: String) -> String {
        UdevRule.fix(
            file: "69-touchbridge-panel.rules", name: name, assignment: "ENV{TOUCHBRIDGE_PANEL}=\"1\"", node: node)
    }

    var userFix: String {
        if access.mode & 0o040 != 0 && names(access.group, true) == "input" {
            return "sudo usermod -aG input \(user.name)  # then log in again"
        }
        return "sudo setfacl -m u:\(user.name):r \(node)"
    }
}
