import TouchInput

/// The devices being read, in the order they came: the panels, and the accelerometers and key
/// devices beside them, numbered for the log as they come; and the contact identifiers every
/// panel draws from.
package struct DeviceRoster {
    package private(set) var panels: [Panel] = []
    package private(set) var auxiliaries: [AuxiliaryDevice] = []
    /// The identifiers touches carry, unique across panels.
    let ids = ContactIDs()
    private var nextNumber = 0

    init() {}

    /// The next device's number in the log.
    mutating func number() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    mutating func add(_ panel: Panel) { panels.append(panel) }
    mutating func add(_ device: AuxiliaryDevice) { auxiliaries.append(device) }
    mutating func remove(_ panel: Panel) { panels.removeAll { $0 === panel } }
    mutating func remove(_ device: AuxiliaryDevice) { auxiliaries.removeAll { $0 === device } }
}
