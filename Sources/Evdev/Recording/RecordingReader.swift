import Glibc
import InputEvents
import Runtime

/// An evemu recording read as a stream: the description at open, then one event at a time,
/// so memory does not grow with the recording's length. A class because it owns the file.
public final class RecordingReader {
    public let path: String
    public let description: DeviceDescription
    public let formatVersion: (major: Int, minor: Int)

    /// udev's properties of the recorded device, where the file keeps them (`libinput record`).
    public let udevProperties: [String: String]

    private let fd: Int32
    private var lines: LineSource
    private var parser: EvemuLineParser
    private var pending: InputEvent?
    /// A `libinput record` file's events, read whole (its files are bug reports' size), and the next.
    private var recorded: [InputEvent]?
    private var nextRecorded = 0
    /// Event lines read ahead in evemu-record's layout (`parseEventLines`), and the next one
    /// to hand out: one call reads a run of them.
    private let ahead: UnsafeMutablePointer<InputEvent>
    private var aheadCount = 0, aheadNext = 0
    private static let aheadCapacity = 64

    /// One reader for each device the file holds: one for evemu, one a device for `libinput record`.
    public static func open(path: String) throws -> [RecordingReader] {
        let first = try RecordingReader(path: path)
        guard first.deviceCount > 1 else { return [first] }
        return [first] + (try (1..<first.deviceCount).map { try RecordingReader(path: path, device: $0) })
    }

    /// How many devices the file holds.
    public private(set) var deviceCount = 1

    /// Opens `path` and reads its description (up to the first event). Throws `DeviceError`
    /// when the file cannot be read, `RecordingError` when it is malformed.
    public init(path: String, device: Int = 0) throws {
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
            if let yaml = try Self.libinputRecord(&lines) {
                let devices = try LibinputRecordParser(file: path).parse(yaml)
                guard device < devices.count else {
                    throw RecordingError(
                        file: path, line: 1, expected: "a device \(device) (the file holds \(devices.count))")
                }
                description = devices[device].recording.description
                formatVersion = (1, 3)
                udevProperties = devices[device].udevProperties
                recorded = devices[device].recording.events
                deviceCount = devices.count
            } else {
                while !parser.hasEvents, let line = try lines.next(lineNumber: parser.lineNumber) {
                    first = try parser.parse(bytes: line)
                }
                let header = try parser.header()
                description = header.description
                formatVersion = header.version
                udevProperties = [:]
            }
        } catch {
            lines.deallocate()
            Glibc.close(fd)
            throw error
        }
        self.lines = lines
        self.parser = parser
        pending = first
        ahead = .allocate(capacity: Self.aheadCapacity)
    }

    deinit {
        ahead.deallocate()
        lines.deallocate()
        Glibc.close(fd)
    }

    /// The next event, or nil at the end of the file.
    public func next() throws -> InputEvent? {
        if let recorded {
            guard nextRecorded < recorded.count else { return nil }
            nextRecorded += 1
            return recorded[nextRecorded - 1]
        }
        if let e = pending {
            pending = nil
            return e
        }
        if aheadNext < aheadCount {
            aheadNext &+= 1
            return ahead[aheadNext &- 1]
        }
        // Event lines as evemu-record writes them are read where they lie, a run at a time;
        // any other line (and a line near the end of what is buffered) goes a line at a time.
        let (at, available) = lines.unread
        let (count, length) = parser.parseEventLines(
            at: at, available: available, into: ahead, capacity: Self.aheadCapacity)
        if count > 0 {
            lines.consume(length)
            aheadCount = count
            aheadNext = 1
            return ahead[0]
        }
        while let line = try lines.next(lineNumber: parser.lineNumber) {
            if let e = try parser.parse(bytes: line) { return e }
        }
        return nil
    }

}

extension RecordingReader {
    /// The whole file when it is a `libinput record` file (its first lines say so), else nil
    /// with nothing consumed but what the evemu parser reads again.
    fileprivate static func libinputRecord(_ lines: inout LineSource) throws -> [UInt8]? {
        guard let head = try lines.peekStart(), LibinputRecordParser.recognizes(head) else { return nil }
        var all: [UInt8] = []
        while let line = try lines.next(lineNumber: 0) {
            all.append(contentsOf: line)
            all.append(0x0a)
        }
        return all
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

    /// The file's first lines up to the first that is not a comment (at most 4 KiB), read
    /// but not consumed: a generator writing into a pipe is not waited for beyond them.
    mutating func peekStart() throws -> UnsafeBufferPointer<UInt8>? {
        while end - start < 4096 && !atEOF && !hasLineBeyondComments() { try fill(lineNumber: 0) }
        return end > start ? UnsafeBufferPointer(start: buffer + start, count: min(4096, end - start)) : nil
    }

    private func hasLineBeyondComments() -> Bool {
        var i = start
        var lineStart = true
        while i < end {
            if lineStart && buffer[i] != UInt8(ascii: "#") {
                // A line that is not a comment, read to its end.
                var j = i
                while j < end && buffer[j] != 0x0a { j += 1 }
                return j < end
            }
            lineStart = buffer[i] == 0x0a
            i += 1
        }
        return false
    }

    /// The bytes buffered and not handed out yet, for reading a line in place.
    var unread: (UnsafePointer<UInt8>, Int) { (UnsafePointer(buffer + start), end - start) }

    /// Marks `n` bytes of `unread` (whole lines) as read.
    mutating func consume(_ n: Int) { start += n }

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
                throw RecordingError(
                    file: path, line: lineNumber + 1,
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
