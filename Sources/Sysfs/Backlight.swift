import Glibc
import Runtime

/// A display's backlight as the kernel exposes it (`/sys/class/backlight/NAME`): its level and
/// its power, which a kiosk sets for its panel's display.
public struct Backlight: Sendable, Equatable {
    /// Its name in the backlight class (`intel_backlight`, `rpi_backlight`).
    public let name: String
    /// Its sysfs directory.
    public let directory: String
    /// The level the kernel takes as full brightness.
    public let maxBrightness: Int

    /// The backlight in `directory`; nil when it is not one (no readable `max_brightness`
    /// from 1 to 2^24).
    public init?(directory: String) {
        guard let max = Self.number(directory + "/max_brightness"), max >= 1, max <= 1 << 24 else { return nil }
        self.directory = directory
        name = String(directory.split(separator: "/").last ?? "")
        maxBrightness = max
    }

    /// The level now, 0 to 1; nil when it does not read.
    public func level() -> Double? {
        guard let b = Self.number(directory + "/brightness"), b >= 0 else { return nil }
        return Double(min(b, maxBrightness)) / Double(maxBrightness)
    }

    /// Sets the level (0 to 1, rounded to the backlight's steps); what failed, with its
    /// sysexits code, when it could not.
    public func set(level: Double) -> (String, Int32)? {
        let clamped = level.isFinite ? min(max(level, 0), 1) : 0
        let value = Int((clamped * Double(maxBrightness)).rounded())
        return SysfsWrite.write(String(value), to: directory + "/brightness", access: Self.access)
    }

    /// Whether the backlight is powered off (`bl_power` other than 0, FB_BLANK_UNBLANK).
    public func isPoweredOff() -> Bool {
        guard let p = Self.number(directory + "/bl_power") else { return false }
        return p != 0
    }

    /// Powers the backlight on or off (`bl_power` 0, or 4: FB_BLANK_POWERDOWN).
    public func setPower(on: Bool) -> (String, Int32)? {
        SysfsWrite.write(on ? "0" : "4", to: directory + "/bl_power", access: Self.access)
    }

    /// What grants writing a backlight's attributes, for the error when it is not granted.
    static let access = "the udev rule gives the group 'touchbridge-control' write access to it"

    /// A small decimal attribute; nil when it does not read or is not a number.
    static func number(_ path: String) -> Int? {
        guard let bytes = try? readFileContents(path, limit: 32) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == " " }).first
        return text.flatMap { Int($0) }
    }
}
