/// The thresholds behind the health report's judgements (README, "touchbridge health"):
/// what counts as an idle gap, a resting finger, a ghost, a stuck contact.
public struct HealthSettings: Sendable {
    /// A gap between two reports of a contact longer than this many times the contact's
    /// median interval is idle (a finger resting, reported only when it moves), not a
    /// slow scan: it is left out of the rate.
    public var idleGapFactor = 3.0
    /// A contact down this long with no report is stuck (seconds).
    public var stuckAfter = 5.0
    /// A contact that lives this many frames or fewer is a ghost.
    public var ghostMaxFrames = 2
    /// Faster than this between two reports is a jump no finger makes (mm/s).
    public var maxSpeed = 5000.0
    /// A finger whose reports stay within this distance of where it settled is resting (mm;
    /// 1 % of the axis range when the device gives no resolution)...
    public var restRadius = 1.0
    /// ...for at least this long (seconds), and this many reports.
    public var restMinDuration = 0.2
    public var restMinReports = 5
    /// Ghosts recur at a spot when this many fall in one cell of this size (mm; 2 % of the
    /// axis range without resolution).
    public var recurCell = 5.0
    public var recurMin = 3
    /// The coverage grid.
    public var gridColumns = 16
    public var gridRows = 9

    public init() {}
}
