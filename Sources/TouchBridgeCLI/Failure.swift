import ArgumentParser
import Evdev
import InputEvents
import Output
import TouchBridge

/// Prints an error the way every subcommand does (`touchbridge: …` on stderr) and maps it to
/// its sysexits code.
func fail(_ error: any Error) -> ExitCode {
    switch error {
    case let e as DeviceError:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(e.exitCode)
    case let e as RecordingError:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(65)
    case let e as SceneError:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(65)
    case let e as UnixSocket.Failure:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(e.exitCode)
    case let e as CommandRunner.RootRefusal:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(e.exitCode)
    case let e as ListenError:
        Diagnostics.print("touchbridge: \(e)", level: .error)
        return ExitCode(e.exitCode)
    case let e as ExitCode:
        return e
    default:
        Diagnostics.print("touchbridge: \(error)", level: .error)
        return ExitCode(70)
    }
}
