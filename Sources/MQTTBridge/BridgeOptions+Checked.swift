import ControlProtocol

extension BridgeOptions {
    /// The bridge's values from its command line's, or what is wrong with them (exit 64): a
    /// broker's address, an id, topic prefixes without wildcards, a lock of at most a day, a
    /// keepalive from 5 to 3600 seconds, the actions published.
    public static func checked(
        broker: String, credentials: String? = nil, socket: String = BridgeOptions().socket, id: String? = nil,
        name: String? = nil, base: String? = nil, discoveryPrefix: String = BridgeOptions().discoveryPrefix,
        lockSeconds: Double = BridgeOptions().lockSeconds, keepalive: Int = BridgeOptions().keepalive,
        actions: String = "all", retainActions: Bool = false, clearRetained: Bool = false
    ) -> Result<BridgeOptions, BridgeError> {
        var o = BridgeOptions()
        switch BrokerAddress.parse(broker) {
        case .success(let b): o.broker = b
        case .failure(let e): return .failure(e)
        }
        o.credentials = credentials
        o.socket = socket
        if let id, id.isEmpty || BridgeTopics.sanitizedID(id) != id {
            return .failure(BridgeError("--id takes letters, digits, '_' and '-', not '\(id)'"))
        }
        o.id = id
        o.name = name
        if let base, base.isEmpty || base.contains("#") || base.contains("+") || base.hasSuffix("/") {
            return .failure(
                BridgeError("--topic takes a topic prefix without wildcards or a trailing '/', not '\(base)'"))
        }
        o.base = base
        guard !discoveryPrefix.isEmpty, !discoveryPrefix.contains("#"), !discoveryPrefix.contains("+") else {
            return .failure(
                BridgeError("--discovery-prefix takes a topic prefix without wildcards, not '\(discoveryPrefix)'"))
        }
        o.discoveryPrefix = discoveryPrefix
        guard lockSeconds > 0, lockSeconds <= ControlCommand.longestLock else {
            let most = Int(ControlCommand.longestLock)
            return .failure(BridgeError("--lock-seconds takes seconds above 0, at most \(most) (not '\(lockSeconds)')"))
        }
        o.lockSeconds = lockSeconds
        guard keepalive >= 5, keepalive <= 3600 else {
            return .failure(BridgeError("--keepalive takes whole seconds from 5 to 3600 (not '\(keepalive)')"))
        }
        o.keepalive = keepalive
        let names = actions.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
            return .failure(BridgeError("--actions takes all, none or action names separated by commas"))
        }
        o.actions = actions == "all" ? nil : actions == "none" ? [] : Set(names)
        o.retainActions = retainActions
        o.clearRetained = clearRetained
        return .success(o)
    }
}
