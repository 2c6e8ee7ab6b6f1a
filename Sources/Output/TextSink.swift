import TextBuffers

/// Where finished text goes: standard output in the commands, memory in tests.
public protocol TextSink: AnyObject {
    /// Writes the buffer's text and empties the buffer.
    func flush(_ buffer: inout TextBuffer)
}
