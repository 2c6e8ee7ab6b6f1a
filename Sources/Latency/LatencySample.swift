/// One touch's way from the panel to the light, each moment in seconds on CLOCK_MONOTONIC: the
/// kernel's event time, the compositor's touch-down reaching the client, the frame drawn for it
/// committed, and that frame presented. A moment is nil where the chain stopped before it.
public struct LatencySample: Equatable, Sendable {
    public var kernel: Double?
    public var delivered: Double?
    public var committed: Double?
    public var presented: Double?

    public init(kernel: Double?, delivered: Double?, committed: Double? = nil, presented: Double? = nil) {
        self.kernel = kernel
        self.delivered = delivered
        self.committed = committed
        self.presented = presented
    }

    /// Whether every moment was seen, in the order the chain runs.
    public var isComplete: Bool {
        guard let k = kernel, let d = delivered, let c = committed, let p = presented else { return false }
        return k <= d && d <= c && c <= p
    }

    /// The seconds one stage took, when both its ends were seen in order.
    public func seconds(_ stage: LatencyStage) -> Double? {
        let (from, to): (Double?, Double?) =
            switch stage {
            case .compositor: (kernel, delivered)
            case .app: (delivered, committed)
            case .display: (committed, presented)
            case .whole: (kernel, presented)
            }
        guard let a = from, let b = to, b >= a else { return nil }
        return b - a
    }
}

/// The stages of the chain, each named for what spends it.
public enum LatencyStage: String, CaseIterable, Sendable {
    /// kernel → delivered: the compositor, and whatever sits between it and the panel.
    case compositor
    /// delivered → committed: the app drawing its answer.
    case app
    /// committed → presented: the wait for the display's next refresh.
    case display
    /// kernel → presented: what a person feels, short of the panel's firmware and the scan-out.
    case whole

    /// The stage's name in JSON: its two ends.
    public var key: String {
        switch self {
        case .compositor: "kernel_to_delivered"
        case .app: "delivered_to_committed"
        case .display: "committed_to_presented"
        case .whole: "kernel_to_presented"
        }
    }

    /// The stage as a person reads it: its ends, and what spends it.
    public var words: String {
        switch self {
        case .compositor: "kernel → delivered (the compositor, and what is between)"
        case .app: "delivered → committed (the app drawing its answer)"
        case .display: "committed → presented (the display: the wait for its refresh)"
        case .whole: "kernel → presented (the whole chain)"
        }
    }
}
