import Foundation
import Glibc
import Runtime
import Testing

@testable import Drawing

/// Which compositors a tool tries, and that none of them can hold it: a user tries only its
/// own runtime directory's sockets (root its own and the seat owner's, never another user's by
/// sort order), and a socket that never answers is given up with a reason.
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

    @Test func aUserTriesOnlyItsOwnRuntimeDirectoryAndRootTheSeatOwners() throws {
        let (root, fds) = try runUser()
        defer { for fd in fds { close(fd) } }
        unsetenv("WAYLAND_DISPLAY")
        #expect(SurfaceOpening.waylandSockets(uid: 1000, runUser: root, seatOwner: 1001) == [root + "/1000/wayland-0"])
        #expect(SurfaceOpening.waylandSockets(uid: 1002, runUser: root, seatOwner: nil).isEmpty)
        // The kiosk's user is 1001; 1000 sorts first and runs a compositor of its own.
        #expect(SurfaceOpening.waylandSockets(uid: 0, runUser: root, seatOwner: 1001) == [root + "/1001/wayland-0"])
        #expect(SurfaceOpening.waylandSockets(uid: 0, runUser: root, seatOwner: nil).isEmpty, "no seat: no one's")
    }

    @Test func theSeatOwnerIsLogindsActiveUser() throws {
        let path = NSTemporaryDirectory() + "seat0-\(getpid())"
        try "# This is private data. Do not parse.\nIS_SEAT0=1\nACTIVE=c1\nACTIVE_UID=1001\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        #expect(SeatOwner.active(path) == 1001)
        #expect(SeatOwner.active(path + ".none") == nil)
    }

    @Test func aBufferIsNeverLargerThanTheDisplaysModes() throws {
        let root = NSTemporaryDirectory() + "drm-\(getpid())"
        try FileManager.default.createDirectory(atPath: root + "/card0-HDMI-A-1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/card0-DSI-1", withIntermediateDirectories: true)
        try "1920x1080\n1280x720\n1920x1080i\n".write(
            toFile: root + "/card0-HDMI-A-1/modes", atomically: true, encoding: .utf8)
        try "800x480\n".write(toFile: root + "/card0-DSI-1/modes", atomically: true, encoding: .utf8)
        let largest = try #require(ConnectorModes.largest(in: root))
        #expect(largest.width == 1920)
        #expect(largest.height == 1080)
        #expect(ConnectorModes.largest(in: root + "/none") == nil)
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
