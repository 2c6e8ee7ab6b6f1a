import Testing

@testable import EventSocket

/// Who makes room for a new connection: a user's own oldest beyond its share, else the
/// oldest connection of the user holding the most once the socket is full.
@Suite("The event socket's admission")
struct AdmissionTests {
    func replaced(_ uids: [UInt32?], newcomer: UInt32?, perUser: Int = 3, total: Int = 6) -> Int? {
        Admission.replacedIndex(among: uids, byNewcomerOf: newcomer, perUser: perUser, total: total)?.index
    }

    @Test func roomMeansNobodyIsReplaced() {
        #expect(replaced([1, 2, 1], newcomer: 2) == nil)
        #expect(replaced([], newcomer: 1) == nil)
    }

    @Test func aUserBeyondItsShareReplacesItsOwnOldest() {
        #expect(replaced([2, 1, 2, 1, 1], newcomer: 1) == 1)
        #expect(replaced([nil, nil, nil], newcomer: nil) == 0, "peers of unknown credentials count as one user")
    }

    @Test func aFullSocketMakesRoomFromTheUserWithTheMost() {
        // The kiosk's app (uid 7) holds one; two others hold the rest.
        #expect(replaced([5, 7, 6, 5, 6, 5], newcomer: 7) == 0)
        // A tie: the oldest connection of the tied users goes.
        #expect(replaced([7, 6, 6, 5, 5, 8], newcomer: 9) == 1)
        // A newcomer of the largest holder still gets in, in place of that user's oldest.
        #expect(replaced([5, 5, 5, 6, 6, 7], newcomer: 5) == 0)
    }

    @Test func theReasonSaysWhich() {
        let own = Admission.replacedIndex(among: [1, 1], byNewcomerOf: 1, perUser: 2, total: 64)
        #expect(own?.reason == "replaced by a newer connection of the same user (at most 2 a user)")
        let full = Admission.replacedIndex(among: [1, 2], byNewcomerOf: 3, perUser: 2, total: 2)
        #expect(full?.reason.contains("the socket is full (2 clients)") == true)
    }
}
