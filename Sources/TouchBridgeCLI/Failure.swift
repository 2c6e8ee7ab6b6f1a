import ArgumentParser
import Evdev
import InputEvents
import Output
import RunCommandLine
import Sysexits
import TouchBridge

/// Prints an error the way every subcommand does (`touchbridge: …` on stderr) and maps it to
/// its sysexits code (`Kiosk.exitCode(for:)`, and the CLI's own errors).
func fail(_ error: any Error) -> ExitCode {
    switch error {
    case let e as ExitCode:
        return e
    case let e as ValidationError:
        Diagnostics.print("touchbridge: \(e.message)", level: .error)
        return ExitCode(Sysexits.usage)
    case let e as UsageError:
        Diagnostics.print("touchbridge: \(e.message)", level: .error)
        return ExitCode(Sysexits.usage)
    case let e as ListenError:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(e.exitCode)
    default:
        Diagnostics.print("touchbridge: \(error)", level: .error)
        return ExitCode(Kiosk.exitCode(for: error))
    }
}
