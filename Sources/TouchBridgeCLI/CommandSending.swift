import ArgumentParser
import ControlProtocol
import EventSocket
import Glibc
import Host
import InputEvents
import Output
import StrictJSON
import Sysexits
import TextBuffers
import TouchBridge

/// `listen --send`: sends each command on a connection that subscribes to nothing, prints
/// each answer line, and says how it went as an exit status.
struct CommandSending {
    let fd: Int32
    let socket: String
    /// How long an answer may take (the daemon answers between two input frames).
    static let answerTimeout: Int32 = 10_000

    /// 0 when every command was done; 77 when this user may not command; 65 for any other
    /// refusal; 69 when the daemon closed or did not answer.
    func send(_ commands: [ControlCommand]) throws -> Int32 {
        var request = SocketProtocol.subscriptionLine([], json: nil) + commands.map(\.line).joined()
        let sent = request.withUTF8 { write(fd, $0.baseAddress, $0.count) }
        guard sent == request.utf8.count else {
            Diagnostics.print("touchbridge: \(socket): the daemon closed the connection")
            return Sysexits.unavailable
        }
        var lines = LineReader(fd: fd)
        var status: Int32 = 0
        var answered = 0
        let out = OutputSink(fd: 1)
        while answered < commands.count {
            guard let line = lines.next(timeout: Self.answerTimeout) else {
                Diagnostics.print("touchbridge: \(socket): no answer from the daemon")
                return Sysexits.unavailable
            }
            guard let root = try? JSONParser.parse(line), case .string(let event)? = root.child("event")?.value else {
                continue
            }
            guard let answer = SocketProtocol.Event(rawValue: event), answer != .hello else { continue }
            answered += 1
            var b = TextBuffer(capacity: line.count + 1)
            b.append(bytes: line)
            b.append("\n")
            out.flush(&b)
            if answer == .error, status == 0 {
                let message = HelloLine.errorMessage(of: line) ?? ""
                status = message.contains("may not command") ? Sysexits.noPermission : Sysexits.dataError
                Diagnostics.print("touchbridge: \(socket): \(message)")
            }
        }
        return status
    }
}

/// Lines from a socket, each waited for at most a timeout.
struct LineReader {
    let fd: Int32
    private var pending: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// The next line (without its newline); nil at the end, on an error, or after `timeout` ms.
    mutating func next(timeout: Int32) -> [UInt8]? {
        while true {
            if let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<nl])
                pending.removeFirst(nl + 1)
                return line
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0, pending.count < 1 << 20 else { return nil }
            pending.append(contentsOf: chunk[0..<n])
        }
    }
}
