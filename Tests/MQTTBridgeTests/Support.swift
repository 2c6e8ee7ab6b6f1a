import ArgumentParser
import MQTTBridge

/// `touchbridge mqtt`'s arguments as the bridge's program reads them: the argument parser's
/// own mistakes (a missing or unknown option) as its message, the bridge's checks as theirs.
func bridgeOptions(_ arguments: [String]) -> Result<BridgeOptions, BridgeError> {
    do {
        return try BridgeArguments.parse(arguments).options
    } catch {
        return .failure(
            BridgeError(BridgeArguments.message(for: error), exitCode: BridgeArguments.exitCode(for: error).rawValue))
    }
}
