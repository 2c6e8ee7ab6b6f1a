import Evdev
import InputEvents
import Pipeline
import Runtime
import TouchInput
import TouchKit
import TouchScene

/// The panels' virtual pointers (`run --virtual-pointer`): one per panel, driven by its own
/// gestures on the touches the forwarding lets through (never those the scene keeps or
/// claims, never a wake's), kept while its panel is unplugged and destroyed when the daemon exits.
package final class VirtualPointers: PanelForwarding {
    private struct Entry {
        let pointer: VirtualPointer
        var gestures: PointerGestures
    }
    private var ofPanel: [Int: Entry] = [:]
    /// Every pointer made, by its panel's lasting name.
    private var made = VirtualDeviceReuse<VirtualPointer>()
    private let settings: PointerGestures.Settings
    private let warn: (String) -> Void
    private var actions: [PointerAction] = []

    package init(settings: PointerGestures.Settings = PointerGestures.Settings(), warn: @escaping (String) -> Void) {
        self.settings = settings
        self.warn = warn
        actions.reserveCapacity(8)
    }

    /// The pointer of panel `number`, if it has one.
    package func pointer(ofPanel number: Int) -> VirtualPointer? { ofPanel[number]?.pointer }

    package func attachPanel(_ panel: Panel, key: String) throws(DeviceError) {
        let warn = self.warn
        let p = try made.device(for: panel, key: key) { size, mm throws(DeviceError) in
            let output = panel.placement.output
            let p = try VirtualPointer(
                name: panel.name, output: output, turn: panel.placement.displayTurn, size: size, millimetres: mm)
            warn(
                "\(panel.node): virtual pointer \(p.device.devnode) \"\(VirtualPointer.name(of: panel.name, on: output))\" "
                    + "(\(Int(size.width))x\(Int(size.height)) points)")
            return p
        }
        ofPanel[panel.number] = Entry(pointer: p, gestures: PointerGestures(settings: settings))
    }

    package func refit(_ panel: Panel) {
        guard let key = made.key(of: panel) else { return }
        do { try attachPanel(panel, key: key) } catch { warn("\(panel.node): no virtual pointer: \(error)") }
    }

    package func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
        guard var e = ofPanel[panel.number] else { return }
        actions.removeAll(keepingCapacity: true)
        for u in updates {
            let id = u.identifier
            let x = u.location.x
            let y = u.location.y
            switch u.phase {
            case .began: e.gestures.began(id, x: x, y: y, at: t, into: &actions)
            case .moved, .stationary: e.gestures.moved(id, x: x, y: y, at: t, into: &actions)
            case .ended: e.gestures.ended(id, at: t, into: &actions)
            case .cancelled: e.gestures.cancelled(id, into: &actions)
            }
        }
        ofPanel[panel.number] = e
        perform(e.pointer)
    }

    package func cancel(_ id: UInt64, of panel: Panel) {
        guard var e = ofPanel[panel.number] else { return }
        actions.removeAll(keepingCapacity: true)
        e.gestures.cancelled(id, into: &actions)
        ofPanel[panel.number] = e
        perform(e.pointer)
    }

    /// Cancels what `panel`'s gestures have (every panel's when nil): a drag is released.
    package func cancel(_ panel: Panel?) {
        for n in Array(ofPanel.keys) where panel == nil || panel!.number == n {
            var e = ofPanel[n]!
            actions.removeAll(keepingCapacity: true)
            e.gestures = PointerGestures(settings: settings)
            if e.pointer.isDragging { actions.append(.button(.left, down: false)) }
            ofPanel[n] = e
            perform(e.pointer)
        }
    }

    package func detach(_ panel: Panel) {
        ofPanel[panel.number] = nil
        made.detach(panel)
    }

    package var nextDeadline: Double? {
        var next: Double?
        for e in ofPanel.values { if let d = e.gestures.deadline, next == nil || d < next! { next = d } }
        return next
    }

    package func advanceTime(to t: Double) {
        for n in Array(ofPanel.keys) {
            guard let d = ofPanel[n]!.gestures.deadline, d <= t else { continue }
            actions.removeAll(keepingCapacity: true)
            ofPanel[n]!.gestures.advance(to: t, into: &actions)
            perform(ofPanel[n]!.pointer)
        }
    }

    private func perform(_ p: VirtualPointer) {
        do { try p.perform(actions) } catch { warn("\(p.device.devnode): \(error)") }
    }
}
