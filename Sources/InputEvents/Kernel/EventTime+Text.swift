/// Event times as text (`S.UUUUUU`), for the evtest and evemu formats and the logs: the
/// byte buffers know numbers, not the kernel's values.
import TextBuffers

extension ByteWriter {
    /// A time as seconds with microseconds, `S.UUUUUU`.
    @inlinable
    public mutating func write(time: EventTime) {
        write(decimal: time.seconds)
        write(byte: UInt8(ascii: "."))
        write(digits: UInt64(max(0, time.microseconds)), count: 6)
    }
}

extension TextBuffer {
    /// Appends a time as seconds with microseconds, `S.UUUUUU`.
    @inlinable
    public mutating func append(time: EventTime) {
        write(maxBytes: ByteWriter.maxNumberBytes) { $0.write(time: time) }
    }
}
