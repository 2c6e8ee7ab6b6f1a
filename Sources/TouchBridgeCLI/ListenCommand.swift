import ArgumentParser
import ControlProtocol
import Evdev
import EventSocket
import Glibc
import Host
import InputEvents
import Output
import Runtime
import Sysexits
import TextBuffers
import TouchBridge

/// `touchbridge listen`: the event socket's client, as `acpi_listen` is acpid's.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Print the events a running daemon serves on its socket (run --socket).",
        discussion: """
            Connects to the daemon's event socket and prints its handler log as it happens: in run's text \
            format, or JSON Lines with --json (the hello line first). --events keeps some kinds only. When \
            the daemon stops or restarts, listen says so on stderr and connects again. With --no-wait it \
            exits 69 when nothing listens. A socket this user may not open exits 77 and names the group \
            to join. --send COMMAND (blank, wake, lock, lock=SECONDS, unlock, reload, state, \
            brightness=0.0…1.0, or the JSON line itself, repeatable) commands the kiosk instead: each \
            answer line is printed, and listen exits 0 when all were done, 77 when this user may not \
            command (the group touchbridge-control may), 65 for any other refusal.
            """)

    @Option(help: ArgumentHelp("The daemon's event socket.", valueName: "PATH"))
    var socket = SocketProtocol.defaultPath

    @Flag(help: "JSON Lines (the daemon's --json lines, after its hello line) instead of text.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Only these kinds: \(LineKind.names).",
            valueName: "KINDS"))
    var events: String?

    @Flag(help: "Exit (69) when nothing listens on the socket instead of waiting for the daemon.")
    var noWait = false

    @Option(
        help: ArgumentHelp(
            "Command the kiosk (blank, wake, lock[=SECONDS], unlock, reload, state, brightness=0.0…1.0), print the answer and exit.",
            valueName: "COMMAND"))
    var send: [String] = []

    func validate() throws {
        if let events, case .failure(let e) = HandlerLog.Kinds.parse(events) { throw ValidationError("--events: \(e)") }
        for word in send {
            if case .failure(let e) = ControlCommand.parse(word: word) { throw ValidationError("--send: \(e)") }
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        if !send.isEmpty {
            let commands = send.compactMap { try? ControlCommand.parse(word: $0).get() }
            switch UnixSocket.connect(path: socket) {
            case .failure(let f):
                if f.exitCode == Sysexits.noPermission { throw fail(ListenError.permission(socket)) }
                throw fail(ListenError.nobody(socket, f.description))
            case .success(let fd):
                defer { close(fd) }
                let status = try CommandSending(fd: fd, socket: socket).send(commands)
                if status != 0 { throw ExitCode(status) }
                return
            }
        }
        var kinds = HandlerLog.Kinds.all
        if let events, case .success(let k) = HandlerLog.Kinds.parse(events) { kinds = k }
        let subscription = Subscription(kinds: kinds, format: json ? .json : .text)
        var connectedBefore = false
        var saidWaiting = false
        while true {
            switch UnixSocket.connect(path: socket) {
            case .failure(let f):
                if f.exitCode == Sysexits.noPermission { throw fail(ListenError.permission(socket)) }
                if noWait { throw fail(ListenError.nobody(socket, f.description)) }
                if !saidWaiting {
                    Diagnostics.print(
                        "touchbridge: waiting for the daemon on \(socket) (\(f.description.dropFirst(socket.count + 2)))"
                    )
                    saidWaiting = true
                }
                sleep(1)
            case .success(let fd):
                if connectedBefore { Diagnostics.print("touchbridge: connected again to \(socket)") }
                connectedBefore = true
                saidWaiting = false
                try serve(fd, subscription)
                close(fd)
                Diagnostics.print("touchbridge: the daemon closed \(socket); reconnecting")
            }
        }
    }

    /// Sends the subscription, then copies lines to stdout until the daemon closes.
    private func serve(_ fd: Int32, _ subscription: Subscription) throws {
        var request = Array(subscription.line.utf8)
        _ = request.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
        let out = OutputSink(fd: 1)
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var first = true
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            pending.append(contentsOf: chunk[0..<n])
            var b = TextBuffer(capacity: n)
            var start = 0
            while let nl = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[start..<nl])
                start = nl + 1
                if first {
                    first = false
                    if let s = HelloLine.summary(of: line) {
                        Diagnostics.print("touchbridge: connected to \(socket): \(s)")
                        if !json { continue }
                    }
                }
                if line.count < 1024, let e = HelloLine.errorMessage(of: line) {
                    throw fail(ListenError.refused(socket, e))
                }
                b.append(bytes: line)
                b.append("\n")
            }
            pending.removeFirst(start)
            out.flush(&b)
            // The reader went away (0) or the disk is full (74): said by the program's end.
            if out.isBroken { return }
        }
    }
}

enum ListenError: Error, CustomStringConvertible {
    case permission(String)
    case nobody(String, String)
    case refused(String, String)

    var description: String {
        switch self {
        case .permission(let path):
            // The socket's group, or its directory's when this user cannot even look in it.
            var st = stat()
            var group = "touchbridge-events"
            let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            if stat(path, &st) == 0 || stat(directory.isEmpty ? "/" : directory, &st) == 0,
                let g = getgrgid(st.st_gid)
            {
                group = String(cString: g.pointee.gr_name)
            }
            return "\(path): permission denied: the event socket is for the group '\(group)'; add this user to it "
                + "(sudo usermod -aG \(group) $USER, then log in again)"
        case .nobody(let path, let why):
            return
                "nothing listens on \(path) (\(why.dropFirst(path.count + 2))): is the daemon running with --socket? "
                + "(systemctl status touchbridge)"
        case .refused(let path, let why):
            return "\(path): the daemon refused this client: \(why)"
        }
    }

    var exitCode: Int32 {
        switch self {
        case .permission: return Sysexits.noPermission
        case .nobody: return Sysexits.unavailable
        case .refused: return Sysexits.dataError
        }
    }
}
