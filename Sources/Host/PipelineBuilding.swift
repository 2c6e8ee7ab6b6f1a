import Evdev
import Glibc
import InputEvents
import Pipeline
import Runtime
import TouchKit
import TouchScene
import VirtualDevices

extension RunOptions {
    /// The pipeline `run` plays into, live or from recordings: the scene laid out over the
    /// panels' placements, `configuration` (the host's: diagnostics, counters, virtual devices,
    /// observers) completed by the options (the initial-touch policy, pen arbitration, which
    /// keys are read). Returns it with the screen size the layout chose.
    package func makePipeline(
        content: WindowContent, placements: [PanelPlacement], first: DeviceDescription?,
        configuration: TouchPipeline.Configuration
    ) -> (pipeline: TouchPipeline, screen: Size) {
        let layout = layout(scene: content.scene, placements: placements, first: first)
        if let problem = screenMismatch(scene: content.scene) { configuration.warn(problem) }
        let log = HandlerLog(format: format)
        let instance: SceneInstance
        switch content {
        case .scene: instance = SceneInstance(scene: layout.scene, screen: layout.screen, log: log)
        case .application(let make):
            instance = SceneInstance(application: make(layout.screen), screen: layout.screen, log: log)
        }
        var c = configuration
        c.adoptInitialTouches = adoptInitialTouches
        c.penArbitration = penArbitration
        // Devices with keys only when asked (`--keys`, or the scene handles presses or remote
        // control): reading keyboards is sensitive.
        c.readsRemoteKeys = keys || instance.wantsKeys
        return (TouchPipeline(scene: instance, configuration: c), layout.screen)
    }

    /// What to say when `--screen` is not the screen the scene is laid out for: touches land
    /// in the screen's points, so part of the scene is out of reach, or touches land where it
    /// has no window.
    func screenMismatch(scene: Scene?) -> String? {
        guard let given = screen, let laid = scene?.screenSize,
            given.width != laid.width || given.height != laid.height
        else { return nil }
        func text(_ w: Double, _ h: Double) -> String { "\(String(compact: w))x\(String(compact: h))" }
        return "--screen \(text(given.width, given.height)) is not the screen the scene is laid out for "
            + "(\(text(laid.width, laid.height)), its 'screen'): touches land in --screen's points, so part of the "
            + "scene is out of reach or touches land where it has no window; leave --screen out to use the scene's"
    }

    /// The virtual devices the options ask for (`--virtual-touchscreen`, `--virtual-pointer`),
    /// none made yet: each panel gets its own as it comes. Throws when uinput cannot be used.
    func virtualDevices(warn: @escaping (String) -> Void) throws(DeviceError) -> [any PanelForwarding] {
        guard virtualTouchscreen || virtualPointer else { return [] }
        guard UInputDevice.isAvailable else {
            throw DeviceError.uinputUnavailable(permission: access("/dev/uinput", F_OK) == 0)
        }
        var devices: [any PanelForwarding] = []
        if virtualTouchscreen { devices.append(VirtualTouchscreens(contactLimit: forwardContacts, warn: warn)) }
        if virtualPointer { devices.append(VirtualPointers(settings: pointerGestures, warn: warn)) }
        return devices
    }
}
