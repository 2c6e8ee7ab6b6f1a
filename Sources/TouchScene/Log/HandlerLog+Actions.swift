import InputEvents
import Output
import TouchKit

// Action lines: what a control or a recognizer sent, and who performed it.
extension HandlerLog {
    /// An action sent by a control or a recognizer, with where and when.
    package struct ActionSent: Sendable {
        public var action: String
        public var sender: String
        public var controlEvent: String?
        public var target: String?
        /// Window points of the touch (a control) or the recognizer's location.
        public var location: Point?
        /// The node of the panel the touch came from ("" when not known).
        public var device: String
        public var time: Double
    }

    /// `sender` is about to send `action` (for `controlEvent`, when a control sends it).
    func beginAction(_ action: Name, sender: Name, controlEvent: String?, location: Point?) {
        pendingAction = (action, sender, controlEvent, location)
    }

    /// The responder `target` performs the pending action.
    func performed(by target: Name) {
        guard let p = pendingAction else { return }
        pendingAction = nil
        actionLine(p.action, p.sender, p.controlEvent, target)
        announce(p, target: target)
    }

    /// Nobody performed the pending action.
    func unperformed() {
        guard let p = pendingAction else { return }
        pendingAction = nil
        actionLine(p.action, p.sender, p.controlEvent, nil)
        announce(p, target: nil)
    }

    private func announce(_ p: (action: Name, sender: Name, controlEvent: String?, location: Point?), target: Name?) {
        guard !actionListeners.isEmpty else { return }
        func s(_ n: Name) -> String { String(decoding: n.text, as: UTF8.self) }
        tellAction(
            ActionSent(
                action: s(p.action), sender: s(p.sender), controlEvent: p.controlEvent, target: target.map(s),
                location: p.location, device: s(deviceName(currentDevice)), time: now))
    }

    private func actionLine(_ action: Name, _ sender: Name, _ controlEvent: String?, _ target: Name?) {
        tell(
            .action(
                action: String(decoding: action.text, as: UTF8.self),
                sender: String(decoding: sender.text, as: UTF8.self),
                target: target.map { String(decoding: $0.text, as: UTF8.self) }))
        emitLine(.action) { b, f in
            f.begin(&b, time: now, event: "action")
            f.name(&b, "action", action)
            f.word(&b, "from")
            f.name(&b, "sender", sender)
            f.string(&b, "controlEvent", controlEvent)
            f.word(&b, "->")
            f.name(&b, "target", target, missing: "nobody")
            f.end(&b)
        }
    }
}
