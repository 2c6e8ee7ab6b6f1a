/// An evemu recording: the device it was made on and the events it captured, so any panel's
/// behaviour can be replayed through the same pipeline without the hardware.
public struct Recording: Sendable {
    public var description: DeviceDescription
    public var events: [InputEvent]
    /// The `# EVEMU M.N` format version; 1.0 when the file does not say.
    public var formatVersion: (major: Int, minor: Int)
    /// udev's properties of the device it was made from, where the file keeps them (`libinput
    /// record` does; evemu does not).
    public var udevProperties: [String: String] = [:]

    public init(
        description: DeviceDescription, events: [InputEvent],
        formatVersion: (major: Int, minor: Int) = (1, 3)
    ) {
        self.description = description
        self.events = events
        self.formatVersion = formatVersion
    }
}

/// A malformed recording: where it is and what was expected there.
public struct RecordingError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var expected: String

    public init(file: String, line: Int, expected: String) {
        self.file = file
        self.line = line
        self.expected = expected
    }

    public var description: String { "\(file):\(line): expected \(expected)" }
}
