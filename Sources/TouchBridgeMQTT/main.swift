// `touchbridge mqtt`: the bridge between the daemon's event socket and an MQTT broker (Home
// Assistant's), a program of its own so that the daemon never touches the network: it runs as
// touchbridge-mqtt.service, reading the socket as a member of touchbridge-events and
// commanding as one of touchbridge-control.
import Glibc
import MQTTBridge
import Output

Diagnostics.journal = Diagnostics.detectJournal()
// As `touchbridge mqtt …` (the daemon's program hands `mqtt` here) or as this program itself.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "mqtt" { arguments.removeFirst() }
let options: BridgeOptions
switch BridgeOptions.parse(arguments) {
case .success(let o): options = o
case .failure(let e):
    Diagnostics.print("touchbridge: mqtt: \(e)", level: .error)
    exit(e.exitCode)
}
if options.help {
    print(BridgeOptions.usage)
    exit(0)
}
let host = BridgeSetup.hostname()
do {
    let bridge = try Bridge(
        options: options, id: options.id ?? BridgeTopics.sanitizedID(host), name: options.name ?? host,
        version: touchbridgeVersion)
    bridge.run()
} catch let e as BridgeError {
    Diagnostics.print("touchbridge: mqtt: \(e)", level: .error)
    exit(e.exitCode)
} catch let e as BridgeFailure {
    Diagnostics.print("touchbridge: mqtt: \(e)", level: .error)
    exit(e.exitCode)
} catch {
    Diagnostics.print("touchbridge: mqtt: \(error)", level: .error)
    exit(70)
}
