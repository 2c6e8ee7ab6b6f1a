import CEvdev
import Testing

/// What libevdev said last, through the C shim's formatting.
nonisolated(unsafe) private var said: [String] = []

/// libevdev's messages formatted in C and handed to Swift as text: a `va_list` is a struct on
/// aarch64, which no Swift closure may take, so the same shim serves both architectures.
@Suite("libevdev's messages", .serialized)
struct LibevdevLogTests {
    @Test func aMessageIsFormattedInCAndReachesSwiftWhole() throws {
        let dev = try #require(libevdev_new())
        defer { libevdev_free(dev) }
        touchbridge_evdev_set_log(dev) { text in
            if let text { said.append(String(cString: text)) }
        }
        var ev = input_event()
        // A device without a descriptor: libevdev says so, as a bug of its caller.
        #expect(libevdev_next_event(dev, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &ev) < 0)
        #expect(said.contains { $0.contains("device not initialized. call libevdev_set_fd() first") }, "\(said)")
    }
}
