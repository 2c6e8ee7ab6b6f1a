/// A touch controller on the I2C bus that is not HID over I2C (Goodix, FocalTech, Ilitek,
/// Atmel, Silead…): its client, the name the firmware or device tree gave it, the driver that
/// should take it and whether one did.
package struct I2CController: Equatable, Sendable {
    /// The client, `0-005d` (adapter 0, address 0x5d).
    package var client: String
    /// `GDIX1001:00`, `gt911`, `edt-ft5406`.
    package var name: String
    /// The module that drives controllers of this name.
    package var module: String
    /// The driver bound, nil when none took it (its probe failed, or it is not loaded).
    package var driver: String?

    /// Controllers by the start of their name: ACPI ids and device-tree compatibles.
    static let known: [(prefix: String, module: String)] = [
        ("GDIX", "goodix_ts"), ("gt9", "goodix_ts"), ("gt1", "goodix_ts"), ("edt-ft", "edt_ft5x06"),
        ("ft5", "edt_ft5x06"), ("ft6", "edt_ft5x06"), ("ili2", "ili210x"), ("ILTK", "ilitek_ts_i2c"),
        ("atmel_mxt", "atmel_mxt_ts"), ("maxtouch", "atmel_mxt_ts"), ("ATML", "atmel_mxt_ts"), ("MSSL", "silead"),
        ("gsl", "silead"), ("ektf", "ektf2127"), ("st1232", "st1232"), ("st1633", "st1232"), ("zforce", "zforce_ts"),
        ("ELAN0001", "elants_i2c"), ("ekth", "elants_i2c"), ("exc3000", "exc3000"), ("cyttsp5", "cyttsp5"),
        ("hx83112b", "himax_hx83112b"), ("PNP0C50", "i2c_hid_acpi"), ("ACPI0C50", "i2c_hid_acpi"),
        ("hid-over-i2c", "i2c_hid_of"),
    ]

    static let bus = "/sys/bus/i2c/devices"

    /// The touch controllers among the I2C bus's clients.
    package static func all(in files: any MachineFiles) -> [I2CController] {
        files.list(bus).filter { $0.contains("-") }.compactMap { client in
            let dir = bus + "/" + client
            guard let name = files.text(dir + "/name"),
                let module = known.first(where: { name.hasPrefix($0.prefix) })?.module
            else { return nil }
            return I2CController(client: client, name: name, module: module, driver: files.linkName(dir + "/driver"))
        }
    }

    /// The I2C driver's directory name of a module (`Goodix-TS` for goodix_ts), when it is loaded.
    package static func driverName(of module: String, in files: any MachineFiles) -> String? {
        files.list("/sys/bus/i2c/drivers").first { files.linkName("/sys/bus/i2c/drivers/\($0)/module") == module }
    }
}
