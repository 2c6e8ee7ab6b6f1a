import Pipeline
import TouchBridge
import TouchInput
import TouchKit

/// What `run`, `touches` and `watch` tell of the mapping options beyond their own readers.
public enum RunChecks {
    /// What `--output` with a recording is told: a recording has no display to pin.
    public static let outputForRecordings = "--output is for live panels: a recording has no display"
}

/// `WxH` in points, each side above 0 and at most `screenSideLimit`.
public func parseScreen(_ s: String) -> (Double, Double)? {
    let parts = s.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
        w > 0, h > 0, w <= screenSideLimit, h <= screenSideLimit
    else { return nil }
    return (w, h)
}

/// What a `--screen` that `parseScreen` refuses is told.
public func screenUsage(_ given: String) -> String {
    "--screen takes WIDTHxHEIGHT in points, each side above 0 and at most \(Int(screenSideLimit)), "
        + "e.g. 1280x800 (not '\(given)')"
}
