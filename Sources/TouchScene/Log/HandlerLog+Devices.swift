import InputEvents
import Output
import TouchKit

// Device lines: a panel joined or left, or its display changed.
extension HandlerLog {
    /// Whether a device joined or left.
    public enum DeviceChange: String, Sendable {
        /// `deviceAdded`.
        case added = "deviceAdded"
        /// `deviceRemoved`.
        case removed = "deviceRemoved"
    }

    /// A device joined or left, at input time `time`.
    public func device(_ change: DeviceChange, node: String, name: String, time: Double) {
        tell(.device(change, node: node))
        emitLine(.device) { b, f in
            switch change {
            case .added: f.begin(&b, time: time, event: "deviceAdded")
            case .removed: f.begin(&b, time: time, event: "deviceRemoved")
            }
            f.string(&b, "device", node)
            f.string(&b, "name", name, text: .quoted)
            f.end(&b)
        }
    }
}

// Screen lines: a panel's display changed.
extension HandlerLog {
    /// Panel `node` is now on display `output` (nil: none), by matching rule `rule`, as `why`
    /// says; at input time `time`.
    public func screen(node: String, output: String?, rule: String?, why: String, time: Double) {
        emitLine(.screen) { b, f in
            f.begin(&b, time: time, event: "screen")
            f.string(&b, "device", node)
            f.string(&b, "output", output, missing: "none")
            f.string(&b, "rule", rule, text: .hidden)
            f.string(&b, "why", why, text: .parenthesized)
            f.end(&b)
        }
    }
}
