import Host
import Sysfs

/// The control socket's questions about a live panel's display, answered from sysfs: its
/// DRM connector's power and the backlight that belongs to it.
extension DisplayPower: DisplayControl {
    package func brightness(of output: String) -> Double? { connector(output)?.backlight?.level() }

    package func setBrightness(_ level: Double, of output: String) -> BrightnessRefusal? {
        guard let backlight = connector(output)?.backlight else { return .noBacklight(noBacklight(output)) }
        return backlight.set(level: level).map { .failed($0.0) }
    }
}
