/// The kernel's word on a device: its messages since boot, and whether they say its probe failed.
package enum KernelLink {
    /// The most lines a check quotes.
    static let quoted = 3

    /// `log` nil: the kernel's log could not be read (kernel.dmesg_restrict without root).
    /// `working`: the device has its driver and node now, so old errors are history.
    /// `retry` is the command that probes the device again once its cause is dealt with.
    package static func check(_ log: KernelLog?, keys: [String], working: Bool, retry: String, as s: Subject)
        -> Check
    {
        guard let log else {
            return .holds(
                .kernel, "the kernel's log is not readable by this user (run doctor with sudo to read it)", of: s)
        }
        let said = log.about(keys)
        let errors = said.filter(\.isError)
        if said.isEmpty { return .holds(.kernel, "no messages about it since boot", of: s) }
        let lines = errors.isEmpty ? said.suffix(1).map(\.line) : errors.suffix(quoted).map(\.line)
        let summary = "\(said.count) message\(said.count == 1 ? "" : "s") since boot, \(errors.count) of failure"
        if errors.isEmpty || working {
            return .holds(
                .kernel, summary + (errors.isEmpty ? "" : ", before it worked") + ": " + lines.joined(separator: " | "),
                of: s)
        }
        return .broken(
            .kernel, summary + ": " + lines.joined(separator: " | "), of: s,
            problem: "The kernel says the controller failed (\(Self.cause(of: errors))).",
            fix: Self.fix(for: errors, retry: retry))
    }

    /// What the errno in a failure usually means on a touch controller.
    static func cause(of errors: [KernelLog.Message]) -> String {
        let t = errors.map(\.text).joined(separator: " ")
        if t.contains("-110") || t.lowercased().contains("timed out") {
            return "it did not answer in time: power, reset line or wiring"
        }
        if t.contains("-121") { return "it did not acknowledge on its bus: the wrong address, or no power" }
        if t.lowercased().contains("firmware") { return "its firmware or configuration was not found" }
        return "see the lines quoted"
    }

    static func fix(for errors: [KernelLog.Message], retry: String) -> String {
        let t = errors.map(\.text).joined(separator: " ").lowercased()
        if t.contains("firmware") { return "sudo apt-get install firmware-misc-nonfree && " + retry }
        return retry
    }
}
