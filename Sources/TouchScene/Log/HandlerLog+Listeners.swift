/// Listening to the log: any number of listeners hear every call (metrics, a picture, the
/// invariant checker) and every action sent (the scene's commands), each registered and
/// removed on its own, so that one never unhooks another.
extension HandlerLog {
    /// One registration, to end it with `stopListening(_:)`.
    package struct Listening: Hashable, Sendable {
        let id: Int
    }

    /// `hear` is called with every call the log writes, as it writes it.
    package func listen(toCalls hear: @escaping (Call) -> Void) -> Listening {
        lastListening += 1
        callListeners.append((lastListening, hear))
        return Listening(id: lastListening)
    }

    /// `hear` is called with every action sent, after its line.
    package func listen(toActions hear: @escaping (ActionSent) -> Void) -> Listening {
        lastListening += 1
        actionListeners.append((lastListening, hear))
        return Listening(id: lastListening)
    }

    /// `hear` is called when the kiosk goes idle (`waking` false) or wakes, after its line.
    package func listen(toIdle hear: @escaping (_ waking: Bool, _ time: Double) -> Void) -> Listening {
        lastListening += 1
        idleListeners.append((lastListening, hear))
        return Listening(id: lastListening)
    }

    /// Ends a registration; the others go on hearing.
    package func stopListening(_ listening: Listening) {
        callListeners.removeAll { $0.id == listening.id }
        actionListeners.removeAll { $0.id == listening.id }
        idleListeners.removeAll { $0.id == listening.id }
    }

    /// Tells the call listeners; the call is made only when there is one.
    @inline(__always)
    func tell(_ call: @autoclosure () -> Call) {
        guard !callListeners.isEmpty else { return }
        let c = call()
        for l in callListeners { l.hear(c) }
    }

    func tellIdle(waking: Bool, time: Double) {
        for l in idleListeners { l.hear(waking, time) }
    }

    func tellAction(_ action: ActionSent) {
        for l in actionListeners { l.hear(action) }
    }
}
