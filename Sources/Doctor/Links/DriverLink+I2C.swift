extension DriverLink {
    /// The driver link of an I2C touch controller: bound, or why not.
    package static func check(_ c: I2CController, module m: KernelModule, driverName: String?, as s: Subject)
        -> Check
    {
        let found = "I2C \(c.client) (\(c.name))" + (c.driver.map { ", bound to \($0)" } ?? ", no driver bound")
        if c.driver != nil { return .holds(.driver, found, of: s) }
        let module = c.module.replacingUnderscores()
        if let file = m.blacklistedBy {
            return .broken(
                .driver, found, of: s, problem: "Its driver \(module) is blacklisted by \(file).",
                fix: unblacklist(file) + "sudo modprobe \(module)")
        }
        guard m.loaded || m.builtIn, let driver = driverName else {
            return .broken(
                .driver, found, of: s,
                problem: m.installed
                    ? "Its driver \(module) is not loaded." : "This kernel has no \(module) module for it.",
                fix: m.installed
                    ? "sudo modprobe \(module)" : "sudo apt-get install linux-image-$(dpkg --print-architecture)")
        }
        return .broken(
            .driver, found, of: s,
            problem:
                "Its driver \(driver) is loaded but did not take it: its probe failed (the kernel's messages say why).",
            fix:
                "echo \(c.client) | sudo tee /sys/bus/i2c/drivers/\(driver)/bind  # once its power, reset line and address are right"
        )
    }
}
