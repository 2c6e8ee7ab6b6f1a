import ControlProtocol

/// A command that came in on a topic, as the line the bridge sends the daemon; nil for a topic
/// or payload that names none (the error says why).
public enum BridgeCommand {
    public static func line(topic: String, payload: [UInt8], topics: BridgeTopics, lockSeconds: Double) -> Result<
        String, BridgeError
    > {
        let text = String(decoding: payload.prefix(256), as: UTF8.self).trimmingCharacters(in: " \t\r\n")
        if topic == topics.brightnessSet {
            guard let percent = Double(text), percent.isFinite, percent >= 0, percent <= 100 else {
                return .failure(BridgeError("\(topic): expected a brightness from 0 to 100, not '\(text)'"))
            }
            return .success(ControlCommand.brightness(value: percent / 100, display: nil).line)
        }
        guard topic.hasPrefix(topics.base + "/command/") else {
            return .failure(BridgeError("\(topic): not one of this kiosk's command topics"))
        }
        guard let name = topics.commandName(of: topic) else {
            let names = BridgeTopics.commandNames.map(\.rawValue).joined(separator: ", ")
            return .failure(BridgeError("\(topic): no command '\(topic.dropFirst(topics.base.count + 9))' (\(names))"))
        }
        guard name == .lock else { return .success(ControlCommand(plain: name).map(\.line) ?? "") }
        // The button sends PRESS; a number is the lock's seconds.
        var seconds = lockSeconds
        if let n = Double(text) {
            guard n > 0, n <= ControlCommand.longestLock else {
                let most = Int(ControlCommand.longestLock)
                return .failure(BridgeError("\(topic): a lock lasts from 0 to \(most) seconds, not \(text)"))
            }
            seconds = n
        }
        return .success(ControlCommand.lock(seconds: seconds).line)
    }
}
