import Evdev
import Foundation
import Glibc
import Runtime

/// The repository's root.
package let repositoryDirectory: String = {
    // Tests/ProgramTestSupport/Sockets.swift
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}()

/// A fresh path for a socket or file, in this test process's own temporary directory (which
/// goes when the process exits, so runs do not pile files up in the system's).
package func temporaryPath(_ name: String) -> String {
    testTemporaryDirectory + "/tb-\(name)-\(UUID().uuidString.prefix(8))"
}

/// Made at first use, removed at exit.
package let testTemporaryDirectory: String = {
    var template = Array((NSTemporaryDirectory() + "tb-tests-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { b in mkdtemp(b.baseAddress!) }
    guard let made else { return NSTemporaryDirectory() }
    chmod(made, 0o1777)  // as /tmp: the daemon's commands may run as another user
    atexit { try? FileManager.default.removeItem(atPath: testTemporaryDirectory) }
    return String(cString: made)
}()

/// Evemu recordings written for the socket tests, on the examples' panel (tenths of a point).
package struct RecordingText {
    private var lines: [String] = []

    package init() {}

    /// The example panel's description lines (everything but the events of `kiosk.evemu`).
    package static let header: [String] = {
        let text = (try? String(contentsOfFile: repositoryDirectory + "/examples/kiosk.evemu", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("E:") }
    }()

    /// `examples/NAME.evemu` with its events moved `delay` seconds later behind an empty frame
    /// at 0, so clients can connect before the first touch of a `--realtime` run.
    package static func delayed(_ name: String, by delay: Double) throws -> String {
        let text = try String(contentsOfFile: repositoryDirectory + "/examples/\(name).evemu", encoding: .utf8)
        var out: [String] = []
        var started = false
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("E: ") else {
                out.append(String(line))
                continue
            }
            if !started {
                out.append("E: 0.000000 0000 0000 0000")
                started = true
            }
            let parts = line.split(separator: " ", maxSplits: 2)
            out.append(String(format: "E: %.6f %@", Double(parts[1])! + delay, String(parts[2])))
        }
        return try write(out)
    }

    package mutating func event(_ t: Double, _ type: Int, _ code: Int, _ value: Int) {
        lines.append(String(format: "E: %.6f %04x %04x %d", t, type, code, value))
    }

    package mutating func sync(_ t: Double) { event(t, 0, 0, 0) }

    /// Finger `slot` (tracking id `id`) down at `x`,`y` (screen points).
    package mutating func down(_ t: Double, slot: Int, id: Int, _ x: Double, _ y: Double) {
        event(t, 3, 0x2f, slot)
        event(t, 3, 0x39, id)
        event(t, 3, 0x35, Int(x * 10))
        event(t, 3, 0x36, Int(y * 10))
    }

    package mutating func move(_ t: Double, slot: Int, _ x: Double, _ y: Double) {
        event(t, 3, 0x2f, slot)
        event(t, 3, 0x35, Int(x * 10))
        event(t, 3, 0x36, Int(y * 10))
    }

    package mutating func up(_ t: Double, slot: Int) {
        event(t, 3, 0x2f, slot)
        event(t, 3, 0x39, -1)
    }

    /// Writes the header and the events; the file's path.
    package func file() throws -> String { try Self.write(Self.header + lines) }

    private static func write(_ lines: [String]) throws -> String {
        let path = temporaryPath("rec") + ".evemu"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// A client of the event socket, reading on a thread of its own until the daemon closes.
package final class TestClient: @unchecked Sendable {
    package let fd: Int32
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var reading = true
    private let done = DispatchSemaphore(value: 0)

    /// A slow reader takes at most this many bytes a read, and waits this long between reads.
    private let slow: (bytes: Int, pause: UInt32)?

    /// Connects (retrying for up to 20 s while the daemon, or systemd-socket-activate, starts
    /// on a busy machine); sends `line` first when given. `paused`
    /// clients read nothing until `resume`; a `slow` one reads little at a time (as `listen`
    /// whose own output is slow).
    package init(
        _ path: String, send line: String? = nil, paused: Bool = false, slow: (bytes: Int, pause: UInt32)? = nil
    )
        throws
    {
        self.slow = slow
        var result: Result<Int32, UnixSocket.Failure> = UnixSocket.connect(path: path)
        for _ in 0..<1000 {
            if case .success = result { break }
            usleep(20_000)
            result = UnixSocket.connect(path: path)
        }
        fd = try result.get()
        if let line { _ = line.withCString { write(fd, $0, strlen($0)) } }
        reading = !paused
        let t = Thread { [self] in loop() }
        t.start()
    }

    private func loop() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            lock.lock()
            let go = reading
            lock.unlock()
            if !go {
                usleep(10_000)
                continue
            }
            if let slow { usleep(slow.pause) }
            let n = read(fd, &chunk, slow?.bytes ?? chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            lock.lock()
            received += chunk[0..<n]
            lock.unlock()
        }
        done.signal()
    }

    package func resume() {
        lock.lock()
        reading = true
        lock.unlock()
    }

    /// Leaves: the daemon sees the connection closed.
    package func disconnect() { shutdown(fd, Int32(SHUT_RDWR)) }

    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: received, as: UTF8.self)
    }
    package var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Waits for the end of file; false when it did not come in time.
    package func waitForEnd(timeout: Double = 20) -> Bool { done.wait(timeout: .now() + timeout) == .success }

    deinit { close(fd) }
}

/// The `event` of a JSON line.
package func eventName(_ line: String) -> String? {
    guard let r = line.range(of: "\"event\":\"") else { return nil }
    let rest = line[r.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

/// How many lines a `dropped` notice says were lost (JSON or text), nil for any other line.
package func droppedCount(_ line: String) -> Int? {
    if eventName(line) == "dropped" { return line.split(separator: ":").last.flatMap { Int($0.dropLast()) } }
    let words = line.split(separator: " ")
    return words.count == 4 && words[1] == "dropped" && words[3] == "lines" ? Int(words[2]) : nil
}

/// `got` is `expected` in order, except where a `dropped` notice stands for the lines it says
/// were lost just before it.
package func addsUp(_ got: [String], _ expected: [String]) -> Bool {
    var i = 0
    for line in got {
        if let n = droppedCount(line) {
            i += n
            continue
        }
        guard i < expected.count, expected[i] == line else { return false }
        i += 1
    }
    return i == expected.count
}
