import Foundation
import Glibc
import Runtime
import Testing

@testable import Drawing

/// Which compositors a tool tries, and that none of them can hold it: a user tries only its
/// own runtime directory's sockets (root every user's), and a socket that never answers is
/// given up with a reason.
@Suite("Opening a drawing surface")
struct SurfaceOpeningTests {
    /// A fresh `/run/user` of two users, each with a listening `wayland-0`.
    func runUser() throws -> (root: String, sockets: [Int32]) {
        let root = NSTemporaryDirectory() + "run-user-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var fds: [Int32] = []
        for uid in ["1000", "1001"] {
            try FileManager.default.createDirectory(atPath: root + "/" + uid, withIntermediateDirectories: true)
            fds.append(try UnixSocket.listen(path: root + "/\(uid)/wayland-0"))
        }
        return (root, fds)
    }

    @Test func aUserTriesOnlyItsOwnRuntimeDirectoryAndRootTriesEveryUsers() throws {
        let (root, fds) = try runUser()
        defer { for fd in fds { close(fd) } }
        unsetenv("WAYLAND_DISPLAY")
        #expect(SurfaceOpening.waylandSockets(uid: 1000, runUser: root) == [root + "/1000/wayland-0"])
        #expect(SurfaceOpening.waylandSockets(uid: 1002, runUser: root).isEmpty)
        #expect(
            SurfaceOpening.waylandSockets(uid: 0, runUser: root) == [
                root + "/1000/wayland-0", root + "/1001/wayland-0",
            ])
    }

    @Test func aSocketThatNeverAnswersIsGivenUpWithWhy() throws {
        let (root, fds) = try runUser()
        defer { for fd in fds { close(fd) } }
        let target = DrawingTarget(screenWidth: 800, screenHeight: 480, turn: .none, connector: nil, card: nil)
        #expect {
            try WaylandSurface(socket: root + "/1000/wayland-0", target: target, passesInput: false)
        } throws: { "\($0)".contains("did not answer within 2 s") }
    }
}
