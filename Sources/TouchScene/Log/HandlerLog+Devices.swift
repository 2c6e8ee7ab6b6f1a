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
        emit(.device) { buffer, format in
            switch format {
            case .json:
                buffer.append("{\"t\":")
                buffer.append(fixed: time, decimals: 6)
                buffer.append(",\"event\":\"")
                buffer.append(string: change.rawValue)
                buffer.append("\",\"device\":")
                buffer.append(jsonString: node)
                buffer.append(",\"name\":")
                buffer.append(jsonString: name)
                buffer.append("}\n")
            case .text:
                buffer.append(fixed: time, decimals: 6)
                buffer.append(" ")
                buffer.append(string: change.rawValue)
                buffer.append(" ")
                buffer.append(string: node)
                buffer.append(" ")
                buffer.append(jsonString: name)
                buffer.append("\n")
            }
        }
    }
}

// Screen lines: a panel's display changed.
extension HandlerLog {
    /// Panel `node` is now on display `output` (nil: none), by matching rule `rule`, as `why`
    /// says; at input time `time`.
    public func screen(node: String, output: String?, rule: String?, why: String, time: Double) {
        emit(.screen) { buffer, format in
            switch format {
            case .json:
                buffer.append("{\"t\":")
                buffer.append(fixed: time, decimals: 6)
                buffer.append(",\"event\":\"screen\",\"device\":")
                buffer.append(jsonString: node)
                buffer.append(",\"output\":")
                if let output { buffer.append(jsonString: output) } else { buffer.append("null") }
                buffer.append(",\"rule\":")
                if let rule { buffer.append(jsonString: rule) } else { buffer.append("null") }
                buffer.append(",\"why\":")
                buffer.append(jsonString: why)
                buffer.append("}\n")
            case .text:
                buffer.append(fixed: time, decimals: 6)
                buffer.append(" screen ")
                buffer.append(string: node)
                buffer.append(" ")
                buffer.append(string: output ?? "none")
                buffer.append(" (")
                buffer.append(string: why)
                buffer.append(")\n")
            }
        }
    }
}
