import ArgumentParser
import ControlProtocol
import Glibc
import MQTTBridge
import Output
import Sysexits

/// `touchbridge mqtt`, read and helped as every other command is.
struct BridgeProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchbridge mqtt",
        abstract: "Bridge the daemon's event socket to an MQTT broker, with Home Assistant's discovery.",
        discussion: """
            Publishes the kiosk's state (idle, touch locked, last action, panels present, brightness) on \
            BASE/… (default touchbridge/ID), takes commands from BASE/command/\
            \(BridgeTopics.commandNames.map(\.rawValue).joined(separator: "|")) and BASE/brightness/set, and \
            announces the kiosk under Home Assistant's discovery prefix; its availability follows the broker's \
            last will. Commands come from messages sent now, never retained ones (which the broker would hand \
            again at every reconnection). The bridge speaks MQTT 5 and tells the broker the largest message it \
            takes (64 KiB); a password goes only over mqtts:// without a warning. \
            Exit codes follow sysexits: 64 usage, 65 a bad file, 66 a missing one, 77 permission.
            """)

    @OptionGroup var arguments: BridgeArguments

    func run() throws {
        guard case .success(let options) = arguments.options else { throw ExitCode(Sysexits.usage) }
        let host = BridgeSetup.hostname()
        do {
            let bridge = try Bridge(
                options: options, id: options.id ?? BridgeTopics.sanitizedID(host), name: options.name ?? host,
                version: touchbridgeVersion)
            bridge.run()
        } catch let e as BridgeError {
            Diagnostics.print("touchbridge: mqtt: \(e)", level: .error)
            throw ExitCode(e.exitCode)
        } catch let e as BridgeFailure {
            Diagnostics.print("touchbridge: mqtt: \(e)", level: .error)
            throw ExitCode(e.exitCode)
        } catch {
            Diagnostics.print("touchbridge: mqtt: \(error)", level: .error)
            throw ExitCode(Sysexits.software)
        }
    }
}
