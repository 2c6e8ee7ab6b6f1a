extension String {
    /// `value` with exactly `decimals` digits after the point, as printf's `%.Nf` writes it
    /// (the formatter of the logs, for the few numbers that end up in a String).
    public init(fixed value: Double, decimals: Int) {
        var b = TextBuffer(capacity: 48)
        b.append(fixed: value, decimals: decimals)
        self = b.string
    }
}
