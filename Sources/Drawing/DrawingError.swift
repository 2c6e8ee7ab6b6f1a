/// Why a drawing surface could not be had, in words for the one line a tool says.
package struct DrawingError: Error, CustomStringConvertible, Sendable {
    package var description: String

    package init(_ description: String) { self.description = description }
}
