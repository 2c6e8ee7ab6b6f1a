import InputEvents

/// What an input device can report, as sysfs shows every reader (`capabilities/abs`, `key`,
/// `properties` under its `inputN` directory): how doctor tells an absolute pointer without
/// opening a node the person may not read.
package struct InputCapabilities: Equatable, Sendable {
    package var abs: [UInt64]
    package var key: [UInt64]
    package var properties: [UInt64]

    /// The bitmaps of the input device whose event node's sysfs directory is `syspath`
    /// (`…/inputN/eventN`); nil when sysfs has none.
    package init?(syspath: String, in files: any MachineFiles) {
        let dir = syspath + "/device/capabilities/"
        guard let abs = files.text(dir + "abs").flatMap(Self.words),
            let key = files.text(dir + "key").flatMap(Self.words)
        else { return nil }
        self.abs = abs
        self.key = key
        properties = files.text(syspath + "/device/properties").flatMap(Self.words) ?? []
    }

    package init(abs: [UInt64], key: [UInt64], properties: [UInt64] = []) {
        self.abs = abs
        self.key = key
        self.properties = properties
    }

    /// A kernel bitmap as sysfs prints it (hexadecimal words, the highest first, spaces between)
    /// with word 0 first; nil when it is not one. At most 16 words (1 024 bits: KEY_MAX is 767).
    static func words(_ text: String) -> [UInt64]? {
        let parts = text.split(separator: " ")
        guard !parts.isEmpty, parts.count <= 16 else { return nil }
        var out: [UInt64] = []
        for p in parts.reversed() {
            guard p.utf8.count <= 16, let w = UInt64(p, radix: 16) else { return nil }
            out.append(w)
        }
        return out
    }

    static func bit(_ n: Int, of words: [UInt64]) -> Bool {
        n >= 0 && n / 64 < words.count && words[n / 64] & (1 << UInt64(n % 64)) != 0
    }

    package func has(abs code: UInt16) -> Bool { Self.bit(Int(code), of: abs) }
    package func has(key code: UInt16) -> Bool { Self.bit(Int(code), of: key) }

    /// Absolute X and Y with a left button and neither BTN_TOUCH nor a pen's tool: how a touch
    /// controller in mouse mode looks to the kernel (and QEMU's USB tablet, VMware's mouse).
    package var isAbsolutePointer: Bool {
        let k = Kernel.self
        return has(abs: k.ABS_X) && has(abs: k.ABS_Y) && has(key: k.BTN_LEFT) && !has(key: k.BTN_TOUCH)
            && !has(key: k.BTN_TOOL_PEN)
    }
}
