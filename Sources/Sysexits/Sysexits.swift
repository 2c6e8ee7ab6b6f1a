/// The exit statuses of BSD's sysexits.h, by name: every program of the package exits with
/// these, so a script or systemd can tell a usage mistake from a missing device or a refusal.
public enum Sysexits {
    /// The command line was wrong (EX_USAGE).
    public static let usage: Int32 = 64
    /// Input data was malformed: a file, a line, a reply (EX_DATAERR).
    public static let dataError: Int32 = 65
    /// An input file or device does not exist (EX_NOINPUT).
    public static let noInput: Int32 = 66
    /// A service or program is not available: no daemon, no tool (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    /// An internal error (EX_SOFTWARE).
    public static let software: Int32 = 70
    /// A system call failed (EX_OSERR).
    public static let osError: Int32 = 71
    /// A file or socket could not be made (EX_CANTCREAT).
    public static let cannotCreate: Int32 = 73
    /// Reading or writing failed (EX_IOERR).
    public static let ioError: Int32 = 74
    /// A temporary failure: try again (EX_TEMPFAIL).
    public static let tempFail: Int32 = 75
    /// Permission denied (EX_NOPERM).
    public static let noPermission: Int32 = 77
    /// A configuration error (EX_CONFIG).
    public static let config: Int32 = 78
}
