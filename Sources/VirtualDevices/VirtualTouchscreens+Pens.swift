import Evdev
import InputEvents
import Pipeline
import Runtime
import TouchInput
import TouchKit
import TouchScene

extension VirtualPen: PanelSizedDevice {}

/// A pen panel's virtual device is a virtual pen (libinput: a tablet tool), so apps under a
/// compositor get the pen's proximity, tip, pressure, tilt and buttons, not a finger.
extension VirtualTouchscreens {
    /// Gives the pen `panel` its virtual pen: the one its key had when the rectangle and the
    /// display are the same, else a new one (said on `warn`).
    func attachPen(_ panel: Panel, key: String) throws(DeviceError) {
        let warn = self.warn
        let v = try madePens.device(for: panel, key: key) { size, mm throws(DeviceError) in
            let output = panel.placement.output
            let v = try VirtualPen(
                name: panel.name, output: output, turn: panel.placement.displayTurn, size: size, millimetres: mm,
                axes: VirtualPen.Axes(panel.description))
            warn(
                "\(panel.node): virtual pen \(v.device.devnode) \"\(VirtualTouchscreen.name(of: panel.name, on: output))\" "
                    + "(\(Int(size.width))x\(Int(size.height)) points)")
            return v
        }
        penOfPanel[panel.number] = v
    }

    /// One frame of `panel`'s pen, on the screen.
    package func forwardPen(_ sample: PenSample, from panel: Panel) {
        guard let v = penOfPanel[panel.number] else { return }
        do { try v.forward(sample) } catch { warn("\(v.device.devnode): \(error)") }
    }

    /// The pen of `panel` (of every pen panel when nil) goes away from its virtual pen.
    func cancelPens(_ panel: Panel?) {
        let targets = panel.map { p in penOfPanel[p.number].map { [$0] } ?? [] } ?? Array(penOfPanel.values)
        for v in targets where v.isNear {
            do { try v.leave() } catch { warn("\(v.device.devnode): \(error)") }
        }
    }

    /// The pen panel is gone: its pen leaves its virtual pen, which stays for its return.
    func detachPen(_ panel: Panel) {
        cancelPens(panel)
        penOfPanel[panel.number] = nil
        madePens.detach(panel)
    }
}
