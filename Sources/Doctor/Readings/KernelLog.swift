/// The kernel's messages since boot, as `/dev/kmsg` gives them: each with its time, priority,
/// text and the device it names (the `DEVICE=` the kernel attaches).
package struct KernelLog: Equatable, Sendable {
    package struct Message: Equatable, Sendable {
        /// Seconds since boot.
        package var time: Double
        /// syslog's priority, 0 (emergency) to 7 (debug).
        package var priority: Int
        package var text: String
        /// The `DEVICE=` tag (`+hid:0003:…`, `+i2c:1-005d`, `c13:69`), if any.
        package var device: String?

        /// Whether it reads as a failure: an error priority, or words of failure, or the
        /// errno values probes fail with (-110 timed out, -121 remote I/O, -5, -19, -6).
        package var isError: Bool {
            if priority <= 3 { return true }
            let t = text.lowercased()
            return ["error", "fail", "timed out", "timeout", "unable", "can't", "cannot", "-110", "-121", "-5)", "-19"]
                .contains { t.contains($0) }
        }

        /// `[   12.345678] text`, as dmesg prints it.
        package var line: String {
            let micro = Int((time * 1_000_000).rounded())
            let fraction = String(micro % 1_000_000)
            let seconds = String(micro / 1_000_000)
            return "[" + String(repeating: " ", count: max(0, 5 - seconds.count)) + seconds + "."
                + String(repeating: "0", count: 6 - fraction.count) + fraction + "] " + text
        }
    }

    package var messages: [Message] = []

    /// The most it reads: about the kernel's own buffer on a large machine.
    package static let limit = 4 << 20

    /// Parses `/dev/kmsg` records (`PRIO,SEQ,USEC,FLAGS;TEXT`, continuation lines ` KEY=VALUE`);
    /// lines of another shape are skipped.
    package init(kmsg bytes: [UInt8]) {
        for line in bytes.prefix(Self.limit).split(separator: 10) {
            if line.first == 32 {
                let s = String(decoding: line.dropFirst(), as: UTF8.self)
                if s.hasPrefix("DEVICE="), !messages.isEmpty {
                    messages[messages.count - 1].device = String(s.dropFirst(7))
                }
                continue
            }
            guard let semi = line.firstIndex(of: 59) else { continue }
            let head = line[..<semi].split(separator: 44)
            guard head.count >= 3, let p = Int(String(decoding: head[0], as: UTF8.self)),
                let usec = Int(String(decoding: head[2], as: UTF8.self)), usec >= 0
            else { continue }
            let text = String(decoding: line[line.index(after: semi)...], as: UTF8.self)
            messages.append(Message(time: Double(usec) / 1_000_000, priority: p & 7, text: text, device: nil))
        }
    }

    /// The messages about a device: those tagged with it or naming one of `keys` (its HID id,
    /// its I2C or USB name, its input name in quotes).
    package func about(_ keys: [String]) -> [Message] {
        let wanted = keys.filter { $0.count >= 3 }
        return messages.filter { m in
            wanted.contains { k in m.text.contains(k) || (m.device?.contains(k) ?? false) }
        }
    }
}
