/// Motion, remote-control and press events: not hit-tested like touches but sent to the
/// first responder of the key window, which passes what it does not handle up its `next`
/// chain (UIKit's routing). Without a first responder they go to the key window.
extension Application {
    public enum MotionPhase: Sendable { case began, ended, cancelled }

    /// Where motion, remote-control and press events start.
    public var eventResponder: Responder? { keyWindow?.firstResponder ?? keyWindow }

    /// A motion (a shake) began, ended or was cancelled at `timestamp`.
    public func sendMotion(_ phase: MotionPhase, _ subtype: Event.Subtype, timestamp: Double) {
        advanceTime(to: timestamp)
        let event = Event(type: .motion, subtype: subtype, timestamp: timestamp)
        guard let r = eventResponder else { return }
        switch phase {
        case .began: r.motionBegan(subtype, with: event)
        case .ended: r.motionEnded(subtype, with: event)
        case .cancelled: r.motionCancelled(subtype, with: event)
        }
    }

    /// A remote-control command (a media key) at `timestamp`.
    public func sendRemoteControl(_ subtype: Event.Subtype, timestamp: Double) {
        advanceTime(to: timestamp)
        eventResponder?.remoteControlReceived(with: Event(type: .remoteControl, subtype: subtype, timestamp: timestamp))
    }

    /// A key went down (`isDown`) or up, or every key still down is cancelled (`key` nil, the
    /// device left). Keys already down that go down again (auto-repeat) are ignored.
    public func handlePress(key: Int?, name: String, isDown: Bool, timestamp: Double) {
        advanceTime(to: timestamp)
        let event = pressEvent ?? Event(type: .presses, timestamp: timestamp)
        pressEvent = event
        event.timestamp = timestamp
        var changed: [Press] = []
        if let key {
            if isDown {
                guard !pressesDown.contains(where: { $0.key == key }) else { return }
                let p = Press(key: key, name: name, timestamp: timestamp)
                pressesDown.append(p)
                changed.append(p)
            } else {
                guard let i = pressesDown.firstIndex(where: { $0.key == key }) else { return }
                let p = pressesDown.remove(at: i)
                p.phase = .ended
                p.timestamp = timestamp
                changed.append(p)
            }
        } else {
            for p in pressesDown { p.phase = .cancelled; p.timestamp = timestamp }
            changed = pressesDown
            pressesDown.removeAll()
        }
        guard !changed.isEmpty, let r = eventResponder else {
            if pressesDown.isEmpty { pressEvent = nil }
            return
        }
        event.allPresses = Set(pressesDown + changed)
        let set = Set(changed)
        switch changed[0].phase {
        case .began: r.pressesBegan(set, with: event)
        case .ended: r.pressesEnded(set, with: event)
        case .cancelled: r.pressesCancelled(set, with: event)
        case .changed, .stationary: r.pressesChanged(set, with: event)
        }
        if pressesDown.isEmpty { pressEvent = nil }
    }
}
