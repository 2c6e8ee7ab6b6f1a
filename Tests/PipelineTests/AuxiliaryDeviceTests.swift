import Foundation
import InputEvents
import PipelineTestSupport
import Testing

@testable import Pipeline
@testable import TouchKit
@testable import TouchScene

/// Accelerometers and key devices across unplugs and scene reloads: what one device has
/// under way ends with it, in the scene it began in, and leaves the others alone.
@Suite("Accelerometers and key devices")
struct AuxiliaryDeviceTests {
    /// linux/input-event-codes.h
    static let keyEnter: UInt16 = 28
    static let keySpace: UInt16 = 57
    /// A plain key device (a button encoder or a remote): EV_KEY only, not a touch panel.
    static let keypad = DeviceDescription(
        name: "keypad", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1), properties: BitSet(),
        codes: [k.EV_KEY: BitSet([Self.keyEnter, Self.keySpace])], absInfo: [:])

    func pipeline(_ json: String) throws -> TouchPipeline {
        let s = try scene(json)
        return TouchPipeline(
            scene: SceneInstance(scene: s, screen: Size(width: 800, height: 480), log: HandlerLog(format: .text)))
    }

    func key(_ code: UInt16, down: Bool, at t: Double) -> InputEvent {
        InputEvent(time: EventTime(totalMicroseconds: Int64(t * 1e6)), type: k.EV_KEY, code: code, value: down ? 1 : 0)
    }

    func lines(_ p: TouchPipeline) -> [String] {
        p.log.buffer.string.split(separator: "\n").map(String.init)
    }

    /// The presses calls the key window (the first responder of a scene without one) received.
    func presses(_ p: TouchPipeline, window: String) -> [String] {
        lines(p).filter { $0.contains("presses") && $0.split(separator: " ")[2] == window }
    }

    @Test func unpluggingOneKeyDeviceEndsOnlyItsOwnPresses() throws {
        let p = try pipeline(
            #"{ "windows": [ { "name": "W", "root": { "name": "Home", "presses": ["KEY_ENTER", "KEY_SPACE"] } } ] }"#)
        let a = p.addAuxiliary(node: "/dev/input/event7", description: Self.keypad, kind: .keys, time: 0)
        let b = p.addAuxiliary(node: "/dev/input/event8", description: Self.keypad, kind: .keys, time: 0)
        p.process(key(Self.keyEnter, down: true, at: 1), from: a)
        p.process(key(Self.keySpace, down: true, at: 2), from: b)
        p.removeAuxiliary(a, at: EventTime(totalMicroseconds: 3_000_000))
        p.process(key(Self.keySpace, down: false, at: 4), from: b)
        let presses = presses(p, window: "W")
        #expect(presses.count == 4, "\(presses)")
        #expect(presses.filter { $0.contains("pressesCancelled") }.count == 1, "\(presses)")
        #expect(
            presses.first { $0.contains("pressesCancelled") }?.contains("KEY_ENTER") == true, "a's key is cancelled")
        #expect(
            presses.first { $0.contains("pressesCancelled") }?.contains("KEY_SPACE") == false,
            "b's key is not: \(presses)")
        #expect(
            presses.last?.hasPrefix("4.000000 pressesEnded W") == true,
            "b's key still ends when it goes up: \(presses)")
        #expect(
            presses.last?.contains("KEY_SPACE") == true,
            "b's key still ends when it goes up: \(presses)")
    }

    @Test func aPressDownAcrossAReloadIsCancelledInTheOldScene() throws {
        let p = try pipeline(
            #"{ "windows": [ { "name": "Old", "root": { "name": "Home", "presses": ["KEY_ENTER"] } } ] }"#)
        let a = p.addAuxiliary(node: "/dev/input/event7", description: Self.keypad, kind: .keys, time: 0)
        p.process(key(Self.keyEnter, down: true, at: 1), from: a)
        let next = try scene(
            #"{ "windows": [ { "name": "New", "root": { "name": "Home", "presses": ["KEY_ENTER"] } } ] }"#)
        p.replaceScene(with: SceneInstance(scene: next, screen: Size(width: 800, height: 480), log: p.log), at: 2)
        p.process(key(Self.keyEnter, down: false, at: 3), from: a)
        let old = presses(p, window: "Old").map { $0.split(separator: " ")[1] }
        #expect(old == ["pressesBegan", "pressesCancelled"], "\(lines(p))")
        #expect(
            presses(p, window: "New").isEmpty, "the key went down before the reload: the new scene never hears of it")
    }

    @Test func aShakeUnderWayAtAReloadIsCancelledInTheOldSceneAndLeavesNoTimerBehind() throws {
        let path = "\(examplesDirectory)/shake.evemu"
        let recording = try EvemuParser(file: path).parse(try String(contentsOfFile: path, encoding: .utf8))
        let p = try pipeline(#"{ "firstResponder": "Old", "windows": [ { "name": "W", "root": { "name": "Old" } } ] }"#)
        let accelerometer = p.addAuxiliary(
            node: "/dev/input/event9", description: recording.description, kind: .accelerometer, time: 0)
        var t = 0.0
        for e in recording.events {
            p.process(e, from: accelerometer)
            t = Double(e.time.totalMicroseconds) / 1e6
            if p.log.buffer.string.contains("motionBegan") { break }
        }
        try #require(p.log.buffer.string.contains("motionBegan Old"))
        #expect(accelerometer.shakeTimer != nil, "a shake under way waits for its deadline")
        let next = try scene(#"{ "firstResponder": "New", "windows": [ { "name": "W", "root": { "name": "New" } } ] }"#)
        p.replaceScene(
            with: SceneInstance(scene: next, screen: Size(width: 800, height: 480), log: p.log), at: t + 0.01)
        #expect(
            p.log.buffer.string.contains("motionCancelled Old"),
            "the old scene hears the end of its shake: \(p.log.buffer.string)")
        // The old queue's timer id means nothing on the new scene's queue (ids restart at 1):
        // keeping it would cancel whatever timer of the new scene has that number.
        #expect(accelerometer.shakeTimer == nil)
        #expect(p.nextDeadline == nil, "no timer of the old scene's shake lives on in the new one")
    }
}
