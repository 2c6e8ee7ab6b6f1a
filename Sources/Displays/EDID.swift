/// A display's identification (VESA E-EDID 1.3 and 1.4, the base block): who made it, what it is
/// called and how large its picture is — what matching a touchscreen to its display reads.
public struct EDID: Sendable, Equatable {
    /// The maker's three-letter PNP ID (`DEL`, `AUO`, `RHT` for QEMU's virtual displays).
    public var make: String
    /// The maker's product code.
    public var productCode: UInt16
    /// The numeric serial number of the base block (0 when the maker left it out).
    public var serialNumber: UInt32
    /// The display product name descriptor, when there is one (`E2219HN`).
    public var name: String?
    /// The display product serial number descriptor, when there is one.
    public var serial: String?
    /// The alphanumeric data strings, in order (laptop panels often name their part there).
    public var texts: [String]
    /// The picture's size: the first detailed timing's image size, else the basic block's
    /// maximum size in centimetres; nil when neither gives one (a projector, say).
    public var size: PhysicalSize?
    /// The first detailed timing's resolution, the display's preferred mode.
    public var preferredMode: Mode?

    /// What a display calls itself: its product name, else its last alphanumeric string (a
    /// panel's part number), else its maker and product code.
    public var model: String {
        name ?? texts.last ?? "\(make) \(Self.hex(productCode))"
    }

    /// The EDID in `bytes` (the base block, with any extension blocks after it).
    public init(parsing bytes: [UInt8]) throws(EDIDError) {
        guard bytes.count >= 128 else { throw .tooShort(bytes.count) }
        guard Array(bytes[0..<8]) == [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00] else { throw .noHeader }
        let sum = bytes[0..<128].reduce(UInt8(0)) { $0 &+ $1 }
        guard sum == 0 else { throw .checksum }
        make = Self.pnpID(UInt16(bytes[8]) << 8 | UInt16(bytes[9]))
        productCode = UInt16(bytes[10]) | UInt16(bytes[11]) << 8
        serialNumber = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[12 + $1]) << (8 * UInt32($1)) }
        name = nil
        serial = nil
        texts = []
        size = nil
        preferredMode = nil
        for offset in stride(from: 54, to: 126, by: 18) { read(descriptor: Array(bytes[offset..<offset + 18])) }
        if size == nil, bytes[21] > 0, bytes[22] > 0 {
            size = PhysicalSize(width: Int(bytes[21]) * 10, height: Int(bytes[22]) * 10, fromDetailedTiming: false)
        }
    }

    /// One 18-byte descriptor: a detailed timing (a pixel clock), else a display descriptor.
    private mutating func read(descriptor d: [UInt8]) {
        if d[0] != 0 || d[1] != 0 {
            guard preferredMode == nil else { return }
            preferredMode = Mode(width: Int(d[2]) | Int(d[4] & 0xF0) << 4, height: Int(d[5]) | Int(d[7] & 0xF0) << 4)
            let width = Int(d[12]) | Int(d[14] & 0xF0) << 4
            let height = Int(d[13]) | Int(d[14] & 0x0F) << 8
            if width > 0 && height > 0 {
                size = PhysicalSize(width: width, height: height, fromDetailedTiming: true)
            }
            return
        }
        let text = Self.text(d[5..<18])
        switch d[3] {
        case 0xFC: name = text
        case 0xFF: serial = text
        case 0xFE: texts.append(text)
        default: break
        }
    }

    /// A descriptor's text: up to the line feed that ends it, without the padding after.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        let line = bytes.prefix { $0 != 0x0A && $0 != 0 }
        let printable = line.map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }
        return String(decoding: printable, as: UTF8.self).trimmingTrailingSpaces()
    }

    /// Three letters, five bits each (1 is `A`), from the big-endian word at bytes 8 and 9.
    private static func pnpID(_ word: UInt16) -> String {
        var letters = ""
        for shift: UInt16 in [10, 5, 0] {
            let v = UInt8((word >> shift) & 0x1F)
            letters.append(v >= 1 && v <= 26 ? Character(Unicode.Scalar(v + 64)) : "?")
        }
        return letters
    }

    static func hex(_ v: UInt16) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// A picture's width and height in millimetres, and where they came from.
public struct PhysicalSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// From a detailed timing (to the millimetre), else from the basic block (to the centimetre).
    public var fromDetailedTiming: Bool

    public init(width: Int, height: Int, fromDetailedTiming: Bool) {
        self.width = width
        self.height = height
        self.fromDetailedTiming = fromDetailedTiming
    }
}

/// A display mode's resolution in pixels.
public struct Mode: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What made bytes no EDID.
public enum EDIDError: Error, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case noHeader
    case checksum

    public var description: String {
        switch self {
        case .tooShort(let n): return "an EDID of at least 128 bytes, not \(n)"
        case .noHeader: return "an EDID header (00 FF FF FF FF FF FF 00)"
        case .checksum: return "an EDID base block whose bytes add up to 0 (its checksum is wrong)"
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
