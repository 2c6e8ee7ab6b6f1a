import Evdev
import Host
import Sysfs

/// The display's own sleep: whoever turns a panel's display off (a compositor, swayidle, a
/// command), the touch that lights it again reaches nothing and runs the scene's wake command;
/// with the scene's `idle.display: "off"` the daemon itself turns the backlight off while idle.
extension LiveSource {
    /// Sets the panels' displays' backlights for `idle.display` as the kiosk sleeps and wakes
    /// (their power is read by the pipeline as a contact begins, through `displays`: the
    /// kernel announces no DPMS change, so nothing is polled).
    func followDisplayPower() {
        guard let power = displayPower else { return }
        displayListening = pipeline.log.listen(toIdle: { [unowned self] waking, _ in
            guard pipeline.scene.scene.idle?.displayOff == true else { return }
            for name in Set(pipeline.panels.compactMap(\.placement.output)).sorted() {
                guard let backlight = power.connector(name)?.backlight else {
                    warn("idle.display: \(power.noBacklight(name))", .warning)
                    continue
                }
                if let failure = backlight.setPower(on: waking) { warn("idle.display: \(failure.0)", .warning) }
            }
        })
    }
}
