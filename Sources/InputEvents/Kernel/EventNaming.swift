/// Names of event types, codes and properties. The device layer answers with libevdev's
/// tables; the portable writers only ask through this protocol.
import TextBuffers

public protocol EventNaming: Sendable {
    func typeName(_ type: UInt16) -> String?
    func codeName(type: UInt16, code: UInt16) -> String?
    func propertyName(_ property: UInt16) -> String?
}

/// Every type and code name looked up once, as bytes, so formatting an event appends names
/// without allocating or calling out.
public struct EventNameTable: Sendable {
    private var types: [[UInt8]?]
    private var codes: [[[UInt8]?]]
    /// Asked for a code a table made for one device's codes left out; nil when it has them all.
    private let rest: (any EventNaming)?

    public init(_ naming: any EventNaming) {
        types = (0...Kernel.EV_MAX).map { naming.typeName($0).map { Array($0.utf8) } }
        codes = (0...Kernel.EV_MAX).map { type in
            guard let max = Kernel.maxCode(ofType: type) else { return [] }
            return (0...max).map { naming.codeName(type: type, code: $0).map { Array($0.utf8) } }
        }
        rest = nil
    }

    /// The names of a device's `codes` and of every synchronisation code, looked up once: what a
    /// dump of that device writes, at a fraction of the whole table's start (a tool's first
    /// words); a code it left out is asked of `naming` when it is written.
    public init(_ naming: any EventNaming, codes wanted: [UInt16: BitSet]) {
        types = (0...Kernel.EV_MAX).map { naming.typeName($0).map { Array($0.utf8) } }
        codes = (0...Kernel.EV_MAX).map { type in
            guard let max = Kernel.maxCode(ofType: type) else { return [] }
            var row = [[UInt8]?](repeating: nil, count: Int(max) + 1)
            let named = type == Kernel.EV_SYN ? BitSet(0...max) : wanted[type] ?? BitSet()
            for code in named where code <= max {
                row[Int(code)] = naming.codeName(type: type, code: code).map { Array($0.utf8) }
            }
            return row
        }
        rest = naming
    }

    /// Appends the type's name, or `fallback` when it has none.
    public func appendTypeName(_ type: UInt16, fallback: StaticString, to out: inout TextBuffer) {
        if Int(type) < types.count, let name = types[Int(type)] {
            out.append(bytes: name)
        } else {
            out.append(fallback)
        }
    }

    /// Appends the code's name, or `fallback` when it has none.
    public func appendCodeName(type: UInt16, code: UInt16, fallback: StaticString, to out: inout TextBuffer) {
        if Int(type) < codes.count, Int(code) < codes[Int(type)].count, let name = codes[Int(type)][Int(code)] {
            out.append(bytes: name)
        } else if let name = rest?.codeName(type: type, code: code) {
            out.append(string: name)
        } else {
            out.append(fallback)
        }
    }

    /// The code's name length in bytes (for column padding), or the fallback's.
    public func codeNameLength(type: UInt16, code: UInt16, fallbackLength: Int) -> Int {
        if Int(type) < codes.count, Int(code) < codes[Int(type)].count, let name = codes[Int(type)][Int(code)] {
            return name.count
        }
        return rest?.codeName(type: type, code: code).map { $0.utf8.count } ?? fallbackLength
    }
}
