import EventSocket
import Glibc
import Output
import Runtime
import Testing
import TouchScene

/// The event socket in the daemon's loop: a subscription a client sent before the devices'
/// events were read applies to the lines those events give, even when both are read in one wake.
@Suite("The event socket in one wake")
struct EventSocketOrderTests {
    /// Everything the client can read now.
    func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aSubscriptionReadInTheSameWakeAsTheDevicesEventsAppliesToTheirLines() throws {
        let path = "/tmp/touchbridge-order-\(getpid()).sock"
        defer { unlink(path) }
        let loop = try EventLoop()
        let log = HandlerLog(format: .json)
        let socket = try EventSocket(path: path, loop: loop, log: log)
        let client = try UnixSocket.connect(path: path).get()
        defer { close(client) }
        // One wake accepts the client.
        loop.run(beforeSleep: { loop.stop() })
        #expect(socket.clientCount == 1)

        // A panel stands in as a pipe: its handler logs a device line as reading a panel does.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        try loop.watch(fds[0], order: .input) {
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            log.device(.added, node: "/dev/input/event7", name: "Panel", time: 1.5)
        }
        // The subscription is sent first, then the panel's event: both are ready in the next wake.
        let request = "{\"subscribe\":[\"device\"],\"format\":\"text\"}\n"
        #expect(request.withCString { send(client, $0, strlen($0), 0) } == request.utf8.count)
        var byte: UInt8 = 1
        #expect(write(fds[1], &byte, 1) == 1)
        loop.run(beforeSleep: {
            socket.deliver()
            log.discard()
            loop.stop()
        })
        #expect(readAll(client) == "1.500000 deviceAdded /dev/input/event7 \"Panel\"\n")
        socket.finish(grace: 0)
    }
}
