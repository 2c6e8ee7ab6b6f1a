import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// An input device that is not a touch panel: an accelerometer, whose shakes become motion
/// events, or a device with keys, whose media keys become remote-control events and whose
/// keys the scene names become presses. Nothing else it sends is read into the log.
public final class AuxiliaryDevice {
    /// What a device besides the panels is read for.
    public enum Kind: String, Sendable {
        /// Motion: shakes.
        case accelerometer
        /// Keys: media keys (remote control) and the scene's presses.
        case keys
    }

    /// The device's number in the log.
    public let number: Int
    /// Its event node (or recording).
    public let node: String
    /// Its name, as the kernel gives it.
    public let name: String
    /// What it is read for.
    public let kind: Kind
    var shake: ShakeDetector?
    package var shakeTimer: TimerQueue.TimerID?
    /// A seek key held down (fast forward or rewind), to end its seeking if the device goes.
    var seeking: UInt16?
    /// Keys down that became presses.
    var pressesDown: Set<Int> = []
    /// Keys down that went through the kiosk's gate, and those of them it held (swallowed
    /// while locked, or the wake's): their release reaches nothing either.
    var keysGated: Set<Int> = [], keysHeld: Set<Int> = []
    /// A shake began while the gate was closed: it reaches nothing until it ends.
    var shakeHeld = false

    init(number: Int, node: String, description: DeviceDescription, kind: Kind) {
        self.number = number
        self.node = node
        name = description.name
        self.kind = kind
        if kind == .accelerometer { shake = ShakeDetector(description: description) }
    }

    /// The kind of device `d` is for touchbridge, nil when neither (a touchscreen is a panel).
    public static func kind(of d: DeviceDescription) -> Kind? {
        if ShakeDetector.isAccelerometer(d) { return .accelerometer }
        // Keys, on a device that is not a touch panel (panels have BTN_TOUCH and friends); a
        // mouse's buttons alone (BTN_LEFT … BTN_TASK) are no keys to read.
        if let keys = d.codes[Kernel.EV_KEY], !d.has(property: Kernel.INPUT_PROP_DIRECT),
            !keys.contains(Kernel.BTN_TOUCH), keys.contains(where: { !(0x110...0x117).contains($0) })
        {
            return .keys
        }
        return nil
    }

    /// Whether `code` is a media key that gives remote-control commands.
    static func isRemoteKey(_ code: UInt16) -> Bool {
        remoteCommand(code, down: true) != nil || remoteCommand(code, down: false) != nil
    }

    /// The remote-control command of a media key going down (or, for the seek keys, up).
    static func remoteCommand(_ code: UInt16, down: Bool) -> Event.Subtype? {
        let k = Kernel.self
        switch (code, down) {
        case (k.KEY_PLAYPAUSE, true): return .remoteControlTogglePlayPause
        case (k.KEY_PLAYCD, true): return .remoteControlPlay
        case (k.KEY_PAUSECD, true): return .remoteControlPause
        case (k.KEY_STOPCD, true): return .remoteControlStop
        case (k.KEY_NEXTSONG, true): return .remoteControlNextTrack
        case (k.KEY_PREVIOUSSONG, true): return .remoteControlPreviousTrack
        case (k.KEY_FASTFORWARD, true): return .remoteControlBeginSeekingForward
        case (k.KEY_FASTFORWARD, false): return .remoteControlEndSeekingForward
        case (k.KEY_REWIND, true): return .remoteControlBeginSeekingBackward
        case (k.KEY_REWIND, false): return .remoteControlEndSeekingBackward
        default: return nil
        }
    }
}

extension TouchPipeline {
    /// Adds an accelerometer or a key device and logs `deviceAdded`.
    public func addAuxiliary(node: String, description: DeviceDescription, kind: AuxiliaryDevice.Kind, time: Double)
        -> AuxiliaryDevice
    {
        let device = AuxiliaryDevice(number: roster.number(), node: node, description: description, kind: kind)
        roster.add(device)
        log.device(.added, node: node, name: description.name, time: time)
        return device
    }

    /// One event of an accelerometer or key device.
    public func process(_ e: InputEvent, from device: AuxiliaryDevice) {
        let t = e.time.inSeconds
        switch device.kind {
        case .accelerometer:
            guard let change = device.shake?.process(e) else { return }
            apply(change, device)
        case .keys:
            guard e.type == Kernel.EV_KEY, e.value != 2 else { return }  // auto-repeat: no duplicates
            let app = scene.app
            let code = Int(e.code)
            let down = e.value != 0
            let named = scene.pressKeys[code] != nil
            guard named || (readsRemoteKeys && AuxiliaryDevice.isRemoteKey(e.code)) else { return }
            guard keyPasses(code, down: down, of: device, at: t) else { return }
            if let keyName = scene.pressKeys[code] {
                if down { device.pressesDown.insert(code) } else { device.pressesDown.remove(code) }
                app.handlePress(key: code, name: keyName, isDown: down, timestamp: t)
            } else if readsRemoteKeys, let command = AuxiliaryDevice.remoteCommand(e.code, down: down) {
                if command == .remoteControlBeginSeekingForward || command == .remoteControlBeginSeekingBackward {
                    device.seeking = e.code
                } else if command == .remoteControlEndSeekingForward || command == .remoteControlEndSeekingBackward {
                    guard device.seeking == e.code else { return }
                    device.seeking = nil
                }
                app.sendRemoteControl(command, timestamp: t)
            }
        }
    }

    /// A shake began, ended or was cancelled: to the first responder (one that began while
    /// the gate was closed reaches nothing); a shake under way gets a timer for when it would
    /// settle or run too long.
    private func apply(_ change: ShakeDetector.Change, _ device: AuxiliaryDevice) {
        let app = scene.app
        if case .began = change, !gate.shakePasses { device.shakeHeld = true }
        if device.shakeHeld {
            if case .began = change {} else { device.shakeHeld = false }
            return scheduleShakeTimer(device)
        }
        switch change {
        case .began(let t): app.sendMotion(.began, .motionShake, timestamp: t)
        case .ended(let t): app.sendMotion(.ended, .motionShake, timestamp: t)
        case .cancelled(let t): app.sendMotion(.cancelled, .motionShake, timestamp: t)
        }
        scheduleShakeTimer(device)
    }

    /// A timer for the shake's deadline (it moves on while the shaking goes on: when the timer
    /// finds the shake still under way, it waits for the new deadline).
    private func scheduleShakeTimer(_ device: AuxiliaryDevice) {
        let app = scene.app
        app.timers.cancel(device.shakeTimer)
        device.shakeTimer = nil
        guard let deadline = device.shake?.deadline else { return }
        device.shakeTimer = app.timers.schedule(after: deadline - app.timers.now) { [weak self, unowned device] in
            guard let self else { return }
            device.shakeTimer = nil
            if let change = device.shake?.advance(to: self.scene.app.timers.now) {
                self.apply(change, device)
            } else {
                self.scheduleShakeTimer(device)
            }
        }
    }

    /// The device went away at `time`: what it had under way ends; then `deviceRemoved` is logged.
    public func removeAuxiliary(_ device: AuxiliaryDevice, at time: EventTime) {
        end(device, at: time.inSeconds)
        for code in device.keysGated { gate.ended(Self.gateID(key: code, of: device.number), at: time.inSeconds) }
        log.device(.removed, node: device.node, name: device.name, time: time.inSeconds)
        roster.remove(device)
    }

    /// Shutdown: shakes under way and presses down are cancelled, seeks end.
    func cancelAuxiliaries(at time: EventTime) {
        for d in auxiliaries { end(d, at: time.inSeconds) }
    }

    /// A shake under way is cancelled (and its timer with it), the device's presses down are
    /// cancelled, a seek under way ends: when it leaves, at shutdown, and before a reload puts
    /// a new scene in service (so each ends in the scene it began in).
    func end(_ device: AuxiliaryDevice, at t: Double) {
        if let change = device.shake?.cancel(at: t) { apply(change, device) }
        scene.app.timers.cancel(device.shakeTimer)
        device.shakeTimer = nil
        if !device.pressesDown.isEmpty {
            let keys = device.pressesDown
            device.pressesDown.removeAll()
            scene.app.cancelPresses(keys: keys, timestamp: t)
        }
        if let seek = device.seeking, let end = AuxiliaryDevice.remoteCommand(seek, down: false) {
            device.seeking = nil
            scene.app.sendRemoteControl(end, timestamp: t)
        }
    }
}
