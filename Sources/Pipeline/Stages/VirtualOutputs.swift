/// The panels' virtual devices (`--virtual-touchscreen`, `--virtual-pointer`) and what of each
/// frame reaches them, as one stage: every frame's changes as the window had them, for apps
/// that read input from the kernel.
package struct VirtualOutputs {
    /// The devices, each kind a set with one device per panel.
    package private(set) var devices: [any PanelForwarding]
    /// What of each frame reaches them; nil without devices.
    private(set) var forwarding: Forwarding?

    /// The outputs to `devices` (none: nothing is forwarded).
    init(_ devices: [any PanelForwarding]) {
        self.devices = devices
        forwarding = devices.isEmpty ? nil : Forwarding(devices: VirtualDeviceSet(devices))
    }

    /// Outputs to `target` instead of virtual devices (the forwarding's own tests).
    init(target: any ForwardTarget) {
        devices = []
        forwarding = Forwarding(devices: target)
    }

    /// Cancels what is down on `panel`'s devices, or on every device (nil).
    func cancel(_ panel: Panel?) { for v in devices { v.cancel(panel) } }
    /// `panel`'s mapping changed: its devices follow.
    func refit(_ panel: Panel) { for v in devices { v.refit(panel) } }
    /// `panel` is gone.
    func detach(_ panel: Panel) { for v in devices { v.detach(panel) } }
    /// One frame of a pen, to the virtual pens.
    func forwardPen(_ sample: PenSample, from panel: Panel) { for v in devices { v.forwardPen(sample, from: panel) } }
}
