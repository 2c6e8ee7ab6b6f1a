import InputEvents
import TextBuffers
import TouchKit

extension ByteWriter {
    /// `[x,y]`, compact numbers.
    package mutating func write(jsonPoint p: Point) {
        write("[")
        write(compact: p.x)
        write(",")
        write(compact: p.y)
        write("]")
    }

    /// `(x.xx,y.yy)`.
    package mutating func write(textPoint p: Point) {
        write("(")
        write(fixed: p.x, decimals: 2)
        write(",")
        write(fixed: p.y, decimals: 2)
        write(")")
    }
}

extension TextBuffer {
    /// `[x,y]`, compact numbers.
    package mutating func append(jsonPoint p: Point) {
        append("[")
        append(compact: p.x)
        append(",")
        append(compact: p.y)
        append("]")
    }

    /// `(x.xx,y.yy)`.
    package mutating func append(textPoint p: Point) {
        append("(")
        append(fixed: p.x, decimals: 2)
        append(",")
        append(fixed: p.y, decimals: 2)
        append(")")
    }
}
