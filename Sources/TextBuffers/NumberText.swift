extension String {
    /// `value` with exactly `decimals` digits after the point, as printf's `%.Nf` writes it
    /// (the formatter of the logs, for the few numbers that end up in a String).
    public init(fixed value: Double, decimals: Int) {
        var b = TextBuffer(capacity: 48)
        b.append(fixed: value, decimals: decimals)
        self = b.string
    }

    /// `value` with at most `maxDecimals` digits after the point and no trailing zeros
    /// (800, 0.35; a whole number without a point), as messages quote a figure someone wrote.
    public init(compact value: Double, maxDecimals: Int = 6) {
        if value == value.rounded() && abs(value) < 1e15 {
            self = String(Int(value))
            return
        }
        var b = TextBuffer(capacity: 48)
        b.append(compact: value, maxDecimals: maxDecimals)
        self = b.string
    }
}
