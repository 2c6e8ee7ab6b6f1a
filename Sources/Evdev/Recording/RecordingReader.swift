import Glibc
import InputEvents

/// An evemu recording read as a stream: the description at open, then one event at a time,
/// so memory does not grow with the recording's length. A class because it owns the file.
public final class RecordingReader {
    public let path: String
    public let description: DeviceDescription
    public let formatVersion: (major: Int, minor: Int)

    private let fd: Int32
    private var lines: LineSource
    private var parser: EvemuLineParser
    private var pending: InputEvent?

    /// Opens `path` and reads its description (up to the first event). Throws `DeviceError`
    /// when the file cannot be read, `RecordingError` when it is malformed.
    public init(path: String) throws {
        self.path = path
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            if e == EACCES || e == EPERM { throw DeviceError.fileNotAccessible(path: path) }
            if e == ENOENT || e == ENOTDIR { throw DeviceError.notFound(path: path, touchscreens: []) }
            throw DeviceError.system(path: path, call: "open", errno: e)
        }
        self.fd = fd
        var lines = LineSource(fd: fd, path: path)
        var parser = EvemuLineParser(file: path)
        var first: InputEvent?
        do {
            while !parser.hasEvents, let line = try lines.next(lineNumber: parser.lineNumber) {
                first = try parser.parse(bytes: line)
            }
            let header = try parser.header()
            description = header.description
            formatVersion = header.version
        } catch {
            lines.deallocate()
            Glibc.close(fd)
            throw error
        }
        self.lines = lines
        self.parser = parser
        pending = first
    }

    deinit {
        lines.deallocate()
        Glibc.close(fd)
    }

    /// The next event, or nil at the end of the file.
    public func next() throws -> InputEvent? {
        if let e = pending {
            pending = nil
            return e
        }
        while let line = try lines.next(lineNumber: parser.lineNumber) {
            if let e = try parser.parse(bytes: line) { return e }
        }
        return nil
    }

}

/// Lines of a file read in chunks into one reused buffer (memory its reader frees), handed
/// out in place: a line is valid until the next call.
private struct LineSource {
    let fd: Int32
    let path: String
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 16
    private var start = 0
    private var end = 0
    private var atEOF = false

    /// Lines longer than this are not evemu (a binary file, say).
    static let maxLine = 1 << 20

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        buffer = .allocate(capacity: capacity)
    }

    func deallocate() { buffer.deallocate() }

    /// The next line without its newline, or nil at the end of the file.
    mutating func next(lineNumber: Int) throws -> UnsafeBufferPointer<UInt8>? {
        while true {
            if start < end, let p = memchr(buffer + start, 0x0a, end - start) {
                let nl = buffer.distance(to: p.assumingMemoryBound(to: UInt8.self))
                let line = UnsafeBufferPointer(start: buffer + start, count: nl - start)
                start = nl + 1
                return line
            }
            if atEOF {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: buffer + start, count: end - start)
                start = end
                return line
            }
            try fill(lineNumber: lineNumber)
        }
    }

    /// Moves the unread bytes to the front and reads more after them.
    private mutating func fill(lineNumber: Int) throws {
        if start > 0 {
            let n = end - start
            if n > 0 { _ = memmove(buffer, buffer + start, n) }
            start = 0
            end = n
        }
        if end == capacity {
            guard capacity < Self.maxLine else {
                throw RecordingError(file: path, line: lineNumber + 1,
                                     expected: "lines shorter than 1 MiB (is this an evemu recording?)")
            }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        while true {
            let n = Glibc.read(fd, buffer + end, capacity - end)
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                if e == EISDIR { throw DeviceError.notEvdev(path: path) }
                throw DeviceError.system(path: path, call: "read", errno: e)
            }
            if n == 0 { atEOF = true }
            end += n
            return
        }
    }
}
