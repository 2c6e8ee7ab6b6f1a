import Discovery
import Evdev
import Glibc
import Host
import InputEvents
import Output
import TouchInput
import VirtualDevices

/// The daemon following udev: panels that arrive are opened when they are ones it reads (a
/// named panel come back, or any touchscreen), auxiliary devices too; those that leave end.
extension LiveSource {
    /// udev's news: a panel arrived (opened if it is one this daemon wants) or left; a display
    /// was plugged, unplugged or changed (every panel matched again).
    func followHotplug() {
        guard let monitor else { return }
        defer {
            if monitor.displaysChanged {
                monitor.displaysChanged = false
                discovery?.forgetOrientations(ofCards: monitor.changedCards)
                displayPower?.forget()  // a connector or backlight may have come or gone
                monitor.changedCards.removeAll()
                warn("the displays changed: matching the panels to them again", .info)
                // Before the panels are matched again: a display that went off still has them.
                resetSilentPanels()
                for n in devices.keys.sorted() {
                    guard let o = devices[n] else { continue }
                    updatePlacement(n, info: discovery?.device(devnode: o.device.path), why: "the displays changed")
                }
            }
        }
        defer {
            if monitor.overflowed {
                monitor.overflowed = false
                warn("udev's news overflowed its buffer (a storm of devices): listing the devices again", .warning)
                discovery?.forgetOrientations(ofCards: nil)
                // The displays' news may have been lost too: every panel is matched again.
                monitor.displaysChanged = true
                rescan()
            }
        }
        var taken = 0
        // A bounded number a wake: a storm of devices cannot keep the loop from the panels,
        // timers and signals; the rest is read on the next wake.
        while taken < Self.hotplugChangesPerWake, let change = monitor.next() {
            taken += 1
            let info = change.device
            let open = devices.first { $0.value.device.path == info.devnode }?.key
            let openAuxiliary = auxiliaries.first { $0.value.device.path == info.devnode }?.key
            switch change.action {
            case .changed:
                if let n = open { updatePlacement(n, info: info, why: "udev properties changed") }
            case .removed:
                if let n = open { remove(n, why: "removed") }
                if let n = openAuxiliary { removeAuxiliary(n, why: "removed") }
            case .added:
                guard open == nil, openAuxiliary == nil else { continue }
                added(info)
            }
        }
    }

    /// A device udev announces (or a rescan finds) that is not open: opened when this daemon
    /// reads it (an auxiliary device, any touchscreen, or a named panel come back), while
    /// fewer than `maxPanels` are in service.
    private func added(_ info: InputDeviceInfo) {
        if wants(info), case .allTouchscreens = selection {
            do { try addAuxiliary(try Self.open(info.devnode)) } catch {
                warn("\(info.devnode): \(error)", .warning)
            }
            return
        }
        var slot: Int?
        switch selection {
        case .allTouchscreens:
            guard
                info.isTouchscreen || info.isTablet
                    || options.rules.marks(node: info.devnode, name: info.name, info: info),
                !Self.isVirtual(info)
            else { return }
        case .named:
            guard let i = named.indices.first(where: { named[$0].panel == nil && answers(named[$0], info) })
            else { return }
            slot = i
        }
        guard devices.count < Self.maxPanels else {
            warn(
                "\(info.devnode): not read: \(Self.maxPanels) panels are in service, the most one daemon reads",
                .warning)
            return
        }
        openHotplugged(info, slot: slot)
        runner?.sayUnmatchedRules()
    }

    /// The most panels one daemon reads: far beyond any kiosk (a wall of four displays with a
    /// pen each is eight), so a storm of fake devices cannot exhaust descriptors or memory.
    static let maxPanels = 32

    /// udev's changes handled in one wake at most.
    static let hotplugChangesPerWake = 64

    /// After news was lost: panels whose node is gone end (their touches cancelled), and the
    /// devices there are now are taken as if they had just arrived.
    private func rescan() {
        let present = discovery?.inputDevices() ?? []
        let nodes = Set(present.map(\.devnode))
        for (n, o) in devices where !nodes.contains(o.device.path) { remove(n, why: "removed") }
        for (n, o) in auxiliaries where !nodes.contains(o.device.path) { removeAuxiliary(n, why: "removed") }
        for info in present where info.isInitialized {
            guard !devices.values.contains(where: { $0.device.path == info.devnode }),
                !auxiliaries.values.contains(where: { $0.device.path == info.devnode })
            else { continue }
            added(info)
        }
    }

    /// A virtual touchscreen of touchbridge's own (this daemon's or another's): never a panel to read.
    static func isVirtual(_ info: InputDeviceInfo) -> Bool {
        info.name.hasPrefix(VirtualTouchscreen.namePrefix) && info.syspath.contains("/virtual/")
    }

    /// Whether a device that udev announces is the named panel come back: the same node or
    /// link, else the same `ID_PATH`, else (devices without one) the same name.
    private func answers(_ n: Named, _ info: InputDeviceInfo) -> Bool {
        if n.name == info.devnode || info.devlinks.contains(n.name) { return true }
        if let real = realpath(n.name, nil) {
            defer { free(real) }
            if String(cString: real) == info.devnode { return true }
        }
        if let id = n.idPath { return id == info.idPath }
        return n.deviceName == info.name
    }

    private func openHotplugged(_ info: InputDeviceInfo, slot: Int?) {
        do {
            let device = try Self.open(info.devnode)
            let d = device.description
            // A tablet is read only when it is a pen on a display.
            if info.isTablet && !info.isTouchscreen && !TouchProtocol.isDisplayPen(d) { return }
            let marked = options.rules.marks(node: device.path, name: d.name, info: info)
            if let problem = touchscreenProblem(d, contactKey: TouchProtocol.contactKey(of: d, marked: marked)) {
                warn("\(info.devnode): \(problem)", .warning)
                return
            }
            let placement = options.placement(of: device, info: info, discovery: discovery) { warn($0, .warning) }
            try add(device, info: info, placement: placement, slot: slot)
            if let slot { named[slot].idPath = info.idPath ?? named[slot].idPath }
        } catch {
            // It may have gone again already, or it is not ours to read: say so, keep going.
            warn("\(info.devnode): \(error)", .warning)
        }
    }

    /// The panel's display changed: a `screen` line with the display it got and why, and the same at notice.
    func logScreen(_ o: Opened, info: InputDeviceInfo?, at time: Double) {
        let m = options.displayMatch(of: o.device, info: info, discovery: discovery)?.match
        let output = o.panel.placement.output
        let why = m?.why ?? "no display is known"
        pipeline.log.screen(node: o.device.path, output: output, rule: m?.rule?.rawValue, why: why, time: time)
        warn("\(o.device.path): now on display \(output ?? "none") (\(why))", .notice)
    }
}
