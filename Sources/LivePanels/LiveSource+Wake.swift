import Discovery
import Evdev
import Host
import Sysfs

/// `--reset-on-wake`: a panel whose controller stalled while its display was off (it lost its
/// power with the display, or its firmware slept) is reset when the display comes back on, as
/// `doctor --reset` does; the daemon takes its new node through hotplug, scene and clients kept.
extension LiveSource {
    /// Hears the displays' states (at start and on udev's news of them) and resets the panels
    /// on a display that came back on which delivered events before it went off and none since.
    func resetSilentPanels() {
        guard options.resetOnWake, let discovery else { return }
        let lit = Dictionary(discovery.connectors().map { ($0.name, $0.isLit) }, uniquingKeysWith: { a, b in a || b })
        let readings = devices.map { n, o in
            SilentPanels.Reading(panel: n, output: o.panel.placement.output, events: o.panel.events)
        }
        let change = silentPanels.displays(lit, panels: readings)
        for name in change.wentOff { warn("display \(name) went off", .notice) }
        for name in change.cameOn { warn("display \(name) came back on", .notice) }
        for n in change.reset { resetPanel(n) }
    }

    /// Re-binds the driver of panel `n`, saying so: only the drivers' `bind` and `unbind` are
    /// written, which the service's drop-in makes writable (a USB device is not re-authorised).
    func resetPanel(_ n: Int) {
        guard let o = devices[n], let info = discovery?.device(devnode: o.device.path) else { return }
        let node = o.device.path
        guard let plan = DriverRebind.plan(inputSyspath: info.syspath) else {
            warn("\(node): silent since its display went off, but it has no controller to reset", .warning)
            return
        }
        if let failure = plan.apply() {
            warn("\(node): silent since its display went off; resetting it failed: \(failure.0)", .warning)
            return
        }
        warn("\(node): silent since its display went off: \(plan.action)", .notice)
    }
}
