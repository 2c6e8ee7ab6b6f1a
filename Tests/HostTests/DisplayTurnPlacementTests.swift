import Discovery
import Displays
import Evdev
import InputEvents
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline

/// A display whose panel the kernel says is mounted turned (its panel orientation) turns the
/// touches of the panels on it, unless the panel's own rotation says otherwise.
@Suite("A turned display's panels")
struct DisplayTurnPlacementTests {
    func placement(_ options: RunOptions, turn: ScreenMapper.Rotation?, udev: [String: String] = [:]) -> PanelPlacement
    {
        var info = InputDeviceInfo(
            devnode: "/dev/input/event7", syspath: "", name: "P", kinds: ["touchscreen"], calibration: nil,
            calibrationText: nil, widthMM: nil, heightMM: nil, idPath: "platform-x", isInitialized: true)
        info.properties = udev
        return options.placement(node: "/dev/input/event7", name: "P", info: info, turn: turn) { _ in }
    }

    @Test func theDisplaysTurnIsTheRotationWhenNothingElseSaysOne() {
        let p = placement(RunOptions(), turn: .quarter)
        #expect(p.rotation == .quarter)
        #expect(p.displayTurn == .quarter)
        let upright = placement(RunOptions(), turn: nil)
        #expect(upright.rotation == .none)
        #expect(upright.displayTurn == .none)
    }

    @Test func rotateZeroTheUdevRotationAndAPanelRuleWinOverTheDisplaysTurn() {
        var options = RunOptions()
        options.rotation = ScreenMapper.Rotation.none
        let flat = placement(options, turn: .quarter)
        #expect(
            flat.rotation == .none,
            "--rotate 0 keeps the display's turn for its devices")
        #expect(
            flat.displayTurn == .quarter,
            "--rotate 0 keeps the display's turn for its devices")
        let udev = placement(RunOptions(), turn: .quarter, udev: ["TOUCHBRIDGE_ROTATION": "180"])
        #expect(udev.rotation == .half)
        var ruled = RunOptions()
        ruled.rules.rects = [(PanelMatch("platform-x"), Rect(x: 0, y: 0, width: 50, height: 80), .threeQuarters)]
        #expect(placement(ruled, turn: .quarter).rotation == .threeQuarters)
    }

    @Test func takeDisplayModeSaysTheTurnAndItsCause() {
        var display = Connector(entry: "card0-DSI-1") { name in
            name == "status" ? Array("connected\n".utf8) : name == "modes" ? Array("800x1280\n".utf8) : nil
        }
        #expect(RunOptions.turn(of: display) == .none)
        #expect(RunOptions.turnWords(of: display) == "")
        display?.orientation = .rightSideUp
        #expect(RunOptions.turn(of: display) == .threeQuarters)
        #expect(RunOptions.turnWords(of: display) == ", turned 270 (its panel is mounted right side up)")
        display?.orientation = nil
        display?.orientationProblem = "cannot open /dev/dri/card0: Permission denied"
        #expect(
            RunOptions.turnWords(of: display)
                == "; its panel's mounting is not known: cannot open /dev/dri/card0: Permission denied")
    }
}
