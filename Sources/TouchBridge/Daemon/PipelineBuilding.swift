import Evdev
import Glibc
import InputEvents
import TouchKit

extension RunOptions {
    /// The pipeline `run` plays into, live or from recordings: the scene laid out over the
    /// panels' placements, the initial-touch policy, which keys are read, diagnostics to
    /// `warn`. Returns it with the screen size the layout chose.
    func makePipeline(
        content: WindowContent, placements: [PanelPlacement], first: DeviceDescription?,
        warn: @escaping (String) -> Void
    ) -> (pipeline: TouchPipeline, screen: Size) {
        let layout = layout(scene: content.scene, placements: placements, first: first)
        let log = HandlerLog(format: format)
        let instance: SceneInstance
        switch content {
        case .scene: instance = SceneInstance(scene: layout.scene, screen: layout.screen, log: log)
        case .application(let make):
            instance = SceneInstance(application: make(layout.screen), screen: layout.screen, log: log)
        }
        let pipeline = TouchPipeline(scene: instance)
        pipeline.adoptInitialTouches = adoptInitialTouches
        pipeline.penArbitration = penArbitration
        pipeline.warn = warn
        // Devices with keys only when asked (`--keys`, or the scene handles presses or remote
        // control): reading keyboards is sensitive.
        pipeline.readsRemoteKeys = keys || instance.wantsKeys
        return (pipeline, layout.screen)
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
