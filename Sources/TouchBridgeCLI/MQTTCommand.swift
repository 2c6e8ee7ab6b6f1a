import ArgumentParser
import Glibc
import Output
import RunCommandLine
import Sysexits

/// `touchbridge mqtt`: the MQTT bridge, a program of its own (touchbridge-mqtt) so that neither
/// the daemon nor this interface links the MQTT client or touches the network; this command
/// hands it the arguments.
struct MQTTCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mqtt",
        abstract: "Bridge the daemon's socket to an MQTT broker, with Home Assistant's discovery.",
        discussion: """
            Publishes the kiosk's state (idle, touch locked, last action, panels, brightness) and Home \
            Assistant's discovery, and takes blank, wake, lock, unlock, reload and brightness from their \
            command topics. touchbridge mqtt --help lists its options (docs/home-assistant.md).
            """)

    @Argument(parsing: .captureForPassthrough, help: "The bridge's options (--broker mqtt://HOST:PORT …).")
    var options: [String] = []

    func run() throws {
        Diagnostics.print(
            "touchbridge: " + InterfaceProgram.exec(InterfaceProgram.bridge, ["mqtt"] + options), level: .error)
        throw ExitCode(Sysexits.unavailable)
    }
}
