/// Who makes room for a new connection to the event socket. Idle clients must never lock the
/// kiosk's own app out: a user (the peer's uid) holds at most `maxClientsPerUser` connections,
/// a new one replacing that user's oldest; and once `maxClients` are connected, a newcomer
/// replaces the oldest connection of the user holding the most. So a newcomer always gets its
/// hello, and only the largest holder (often the one flooding) loses a connection.
enum Admission {
    /// The client to disconnect for a newcomer of `uid` (nil: a peer whose credentials are
    /// unknown, counted as one user), with the reason it is told; nil when there is room.
    /// `clients` are in the order they connected.
    static func replaced(
        among clients: [SocketClient], byNewcomerOf uid: UInt32?,
        perUser: Int = EventSocket.maxClientsPerUser, total: Int = EventSocket.maxClients
    ) -> (SocketClient, String)? {
        let index = replacedIndex(
            among: clients.map { $0.peer?.uid }, byNewcomerOf: uid, perUser: perUser, total: total)
        return index.map { (clients[$0.index], $0.reason) }
    }

    /// The same choice over the connected clients' uids (in connection order): the index of
    /// the one to replace and why.
    static func replacedIndex(
        among uids: [UInt32?], byNewcomerOf uid: UInt32?, perUser: Int, total: Int
    ) -> (index: Int, reason: String)? {
        let own = uids.indices.filter { uids[$0] == uid }
        if own.count >= perUser, let oldest = own.first {
            return (oldest, "replaced by a newer connection of the same user (at most \(perUser) a user)")
        }
        guard uids.count >= total else { return nil }
        var counts: [UInt32?: Int] = [:]
        for u in uids { counts[u, default: 0] += 1 }
        let most = counts.values.max() ?? 0
        guard let oldest = uids.firstIndex(where: { counts[$0] == most }) else { return nil }
        return (
            oldest,
            "replaced by a new client: the socket is full (\(total) clients) and this user holds the most connections"
        )
    }
}
