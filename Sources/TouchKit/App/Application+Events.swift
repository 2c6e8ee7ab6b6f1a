/// Motion, remote-control and press events: not hit-tested like touches but sent to the
/// first responder of the key window, which passes what it does not handle up its `next`
/// chain (UIKit's routing). Without a first responder they go to the key window.
extension Application {
    /// Where a motion event is in its life.
    public enum MotionPhase: Sendable {
        /// It started (a shake began).
        case began
        /// It finished (a shake was recognized).
        case ended
        /// It was not one after all.
        case cancelled
    }

    /// Where motion, remote-control and press events start.
    public var eventResponder: Responder? { keyWindow?.firstResponder ?? keyWindow }

    /// A motion (a shake) began, ended or was cancelled at `timestamp`.
    public func sendMotion(_ phase: MotionPhase, _ subtype: Event.Subtype, timestamp: Double) {
        advanceTime(to: timestamp)
        let event = Event(type: .motion, subtype: subtype, timestamp: timestamp)
        guard let r = eventResponder else { return }
        r.receiveMotion(phase, subtype, with: event)
    }

    /// A remote-control command (a media key) at `timestamp`.
    public func sendRemoteControl(_ subtype: Event.Subtype, timestamp: Double) {
        advanceTime(to: timestamp)
        eventResponder?.receiveRemoteControl(with: Event(type: .remoteControl, subtype: subtype, timestamp: timestamp))
    }

    /// A key went down (`isDown`) or up. Keys already down that go down again (auto-repeat)
    /// are ignored.
    public func handlePress(key: Int, name: String, isDown: Bool, timestamp: Double) {
        advanceTime(to: timestamp)
        if isDown {
            guard !pressesDown.contains(where: { $0.key == key }) else { return }
            let p = Press(key: key, name: name, timestamp: timestamp)
            pressesDown.append(p)
            sendPresses([p], timestamp: timestamp)
        } else {
            guard let i = pressesDown.firstIndex(where: { $0.key == key }) else { return }
            let p = pressesDown.remove(at: i)
            p.phase = .ended
            p.timestamp = timestamp
            sendPresses([p], timestamp: timestamp)
        }
    }

    /// The keys of `keys` still down are cancelled (their device left, or the scene is being
    /// replaced); keys down on other devices go on.
    public func cancelPresses(keys: Set<Int>, timestamp: Double) {
        advanceTime(to: timestamp)
        let cancelled = pressesDown.filter { keys.contains($0.key) }
        guard !cancelled.isEmpty else { return }
        pressesDown.removeAll { keys.contains($0.key) }
        for p in cancelled {
            p.phase = .cancelled
            p.timestamp = timestamp
        }
        sendPresses(cancelled, timestamp: timestamp)
    }

    /// One presses call to the first responder (or the key window) for `changed`, all in one phase.
    private func sendPresses(_ changed: [Press], timestamp: Double) {
        let event = pressEvent ?? Event(type: .presses, timestamp: timestamp)
        pressEvent = event
        event.timestamp = timestamp
        defer { if pressesDown.isEmpty { pressEvent = nil } }
        guard let r = eventResponder else { return }
        event.allPresses = Set(pressesDown + changed)
        r.receivePresses(changed[0].phase, Set(changed), with: event)
    }
}
