import Evdev
import InputEvents
import Pipeline
import Runtime
import TouchInput
import TouchKit
import TouchScene

/// The panels' virtual touchscreens (`run --virtual-touchscreen`): one per panel (a virtual
/// pen for a pen), kept while its panel is unplugged so a compositor keeps its output
/// mapping, carrying the panel again when it returns, and destroyed when the daemon exits.
package final class VirtualTouchscreens {
    /// The device of each panel that has one, by the panel's number.
    package private(set) var ofPanel: [Int: VirtualTouchscreen] = [:]
    /// Every device made, by its panel's lasting name.
    private var made = VirtualDeviceReuse<VirtualTouchscreen>()
    /// The virtual pen of each pen panel, by the panel's number.
    package internal(set) var penOfPanel: [Int: VirtualPen] = [:]
    /// Every virtual pen made, by its panel's lasting name.
    var madePens = VirtualDeviceReuse<VirtualPen>()
    let warn: (String) -> Void
    /// `--forward-contacts`: at most this many contacts down on each device (nil: as many as it has slots).
    private let contactLimit: Int?

    package init(contactLimit: Int? = nil, warn: @escaping (String) -> Void) {
        self.contactLimit = contactLimit
        self.warn = warn
    }

    /// Gives `panel` its virtual device: the one its key had when the rectangle is the same
    /// size, else a new one (said on `warn`).
    @discardableResult
    package func attach(_ panel: Panel, key: String) throws(DeviceError) -> VirtualTouchscreen? {
        if panel.description.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOOL_PEN) {  // the tracker's pen
            try attachPen(panel, key: key)
            return nil
        }
        let warn = self.warn
        let contactLimit = self.contactLimit
        let v = try made.device(for: panel, key: key) { size, mm throws(DeviceError) in
            let slots: Int
            switch TouchProtocol(panel.description) {
            case .slots(let n): slots = n
            case .groups: slots = 10
            case .single: slots = 1
            }
            let k = Kernel.self
            let output = panel.placement.output
            let v = try VirtualTouchscreen(
                name: panel.name, output: output, turn: panel.placement.displayTurn, size: size, millimetres: mm,
                slots: slots, contactLimit: contactLimit,
                pressure: panel.description.has(type: k.EV_ABS, code: k.ABS_MT_PRESSURE)
                    || panel.description.has(type: k.EV_ABS, code: k.ABS_PRESSURE),
                touchMajor: panel.description.has(type: k.EV_ABS, code: k.ABS_MT_TOUCH_MAJOR))
            warn(
                "\(panel.node): virtual touchscreen \(v.device.devnode) \"\(VirtualTouchscreen.name(of: panel.name, on: output))\" "
                    + "(\(Int(size.width))x\(Int(size.height)) points, \(slots) slot\(slots == 1 ? "" : "s"))")
            return v
        }
        ofPanel[panel.number] = v
        return v
    }

    /// The panel was mapped anew (a udev change, a scene with another screen): its device
    /// follows — placed anew, or made anew when its rectangle changed size. Its contacts were
    /// cancelled first (`cancel`).
    package func refit(_ panel: Panel) {
        guard let key = made.key(of: panel) ?? madePens.key(of: panel) else { return }
        do { try attach(panel, key: key) } catch { warn("\(panel.node): no virtual touchscreen: \(error)") }
    }

    /// One frame's touch changes of `panel`, as the window had them.
    package func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
        guard let v = ofPanel[panel.number] else { return }
        do { try v.forward(updates) } catch { warn("\(v.device.devnode): \(error)") }
    }

    /// Cancels what is down on `panel`'s device (all devices when nil): a remapped panel, a reloaded scene.
    package func cancel(_ panel: Panel?) {
        cancelPens(panel)
        let targets = panel.map { p in ofPanel[p.number].map { [$0] } ?? [] } ?? Array(ofPanel.values)
        for v in targets { v.forgetLeftOut() }
        for v in targets where !v.contactsDown.isEmpty {
            let updates = v.contactsDown.map {
                TouchUpdate(identifier: $0, phase: .cancelled, location: Point(x: 0, y: 0))
            }
            do { try v.forward(updates) } catch { warn("\(v.device.devnode): \(error)") }
        }
    }

    /// Cancels one contact of `panel` on its device (a recognizer claimed it).
    package func cancel(_ id: UInt64, of panel: Panel) {
        guard let v = ofPanel[panel.number], v.contactsDown.contains(id) else { return }
        do { try v.forward([TouchUpdate(identifier: id, phase: .cancelled, location: Point(x: 0, y: 0))]) } catch {
            warn("\(v.device.devnode): \(error)")
        }
    }

    /// The panel is gone: its device stays (its contacts were cancelled by the pipeline).
    package func detach(_ panel: Panel) {
        ofPanel[panel.number] = nil
        made.detach(panel)
        detachPen(panel)
    }
}

extension VirtualTouchscreens: PanelForwarding {
    package func attachPanel(_ panel: Panel, key: String) throws(DeviceError) { try attach(panel, key: key) }
}
