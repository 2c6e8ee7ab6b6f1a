import InputEvents
import Output
import TouchKit

// Device lines: a panel joined or left.
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
