// `touchbridge mqtt`: the bridge between the daemon's event socket and an MQTT broker (Home
// Assistant's), a program of its own so that the daemon never touches the network: it runs as
// touchbridge-mqtt.service, reading the socket as a member of touchbridge-events and
// commanding as one of touchbridge-control.
import Output

Diagnostics.journal = Diagnostics.detectJournal()
// As `touchbridge mqtt …` (the daemon's program hands `mqtt` here) or as this program itself.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "mqtt" { arguments.removeFirst() }
BridgeProgram.main(arguments)
