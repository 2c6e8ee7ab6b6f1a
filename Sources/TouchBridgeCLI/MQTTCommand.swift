import ArgumentParser
import Glibc
import Output
import RunCommandLine

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
        let places = InterfaceProgram.candidates(InterfaceProgram.bridge)
        for path in places where access(path, X_OK) == 0 {
            let argv = (["touchbridge", "mqtt"] + options).map { strdup($0) } + [nil]
            execv(path, argv)
            Diagnostics.print("touchbridge: cannot start \(path): \(String(cString: strerror(errno)))", level: .error)
            throw ExitCode(69)
        }
        Diagnostics.print(
            "touchbridge: the MQTT bridge (\(InterfaceProgram.bridge)) is not installed; looked in \(places.joined(separator: ", "))",
            level: .error)
        throw ExitCode(69)
    }
}
