import InputEvents
import TouchBridge
import TouchKit

/// Inputs the benchmarks share: devices, event streams, view trees and scenes, built once.
enum Fixtures {
    static let k = Kernel.self

    private static func axis(_ max: Int32, resolution: Int32 = 0) -> AbsInfo {
        AbsInfo(minimum: 0, maximum: max, resolution: resolution)
    }

    /// A 10-slot protocol B panel (4096×2304 units, 16 units/mm), as `scripts/bench/flood.py` makes.
    static let protocolB = DeviceDescription(
        name: "bench B", id: InputID(bustype: 3, vendor: 0x1234, product: 0x5680, version: 0x100),
        properties: BitSet([k.INPUT_PROP_DIRECT]),
        codes: [
            k.EV_SYN: BitSet([k.SYN_REPORT]), k.EV_KEY: BitSet([k.BTN_TOUCH]),
            k.EV_ABS: BitSet([
                k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y,
                k.ABS_MT_TRACKING_ID,
            ]),
        ],
        absInfo: [
            k.ABS_X: axis(4095, resolution: 16), k.ABS_Y: axis(2303, resolution: 16), k.ABS_MT_SLOT: axis(9),
            k.ABS_MT_POSITION_X: axis(4095, resolution: 16), k.ABS_MT_POSITION_Y: axis(2303, resolution: 16),
            k.ABS_MT_TRACKING_ID: axis(65535),
        ])

    /// A protocol A panel (contacts separated by SYN_MT_REPORT, no slots).
    static let protocolA = DeviceDescription(
        name: "bench A", id: InputID(bustype: 3, vendor: 0x1234, product: 0x5681, version: 0x100),
        properties: BitSet([k.INPUT_PROP_DIRECT]),
        codes: [
            k.EV_SYN: BitSet([k.SYN_REPORT, k.SYN_MT_REPORT]), k.EV_KEY: BitSet([k.BTN_TOUCH]),
            k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y]),
        ],
        absInfo: [
            k.ABS_X: axis(4095), k.ABS_Y: axis(2303), k.ABS_MT_POSITION_X: axis(4095), k.ABS_MT_POSITION_Y: axis(2303),
        ])

    /// A single-touch (resistive) panel: ABS_X/ABS_Y and BTN_TOUCH.
    static let single = DeviceDescription(
        name: "bench single", id: InputID(bustype: 3, vendor: 0x1234, product: 0x5682, version: 0x100),
        properties: BitSet([k.INPUT_PROP_DIRECT]),
        codes: [
            k.EV_SYN: BitSet([k.SYN_REPORT]), k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y]),
        ],
        absInfo: [k.ABS_X: axis(4095), k.ABS_Y: axis(2303)])

    private static func event(_ frame: Int, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(
            time: EventTime(seconds: Int64(1 + frame / 1000), microseconds: Int32(frame % 1000) * 1000),
            type: type, code: code, value: value)
    }

    /// 5 fingers moving every frame at 1 kHz, lifting and landing every 500 frames.
    static func streamB(frames: Int) -> [InputEvent] {
        var out: [InputEvent] = []
        var tid: Int32 = 0
        for f in 0..<frames {
            let phase = f % 500
            for s in 0..<5 {
                out.append(event(f, k.EV_ABS, k.ABS_MT_SLOT, Int32(s)))
                if phase == 0 {
                    tid += 1
                    out.append(event(f, k.EV_ABS, k.ABS_MT_TRACKING_ID, tid))
                }
                if phase == 499 {
                    out.append(event(f, k.EV_ABS, k.ABS_MT_TRACKING_ID, -1))
                    continue
                }
                out.append(event(f, k.EV_ABS, k.ABS_MT_POSITION_X, Int32(400 + s * 600 + (phase * 3) % 500)))
                out.append(event(f, k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(300 + s * 300 + (phase * 2) % 400)))
            }
            out.append(event(f, k.EV_SYN, k.SYN_REPORT, 0))
        }
        return out
    }

    /// The same motion in protocol A: every contact reported in full each frame; an empty
    /// frame (SYN_MT_REPORT alone) every 500 frames lifts them all.
    static func streamA(frames: Int) -> [InputEvent] {
        var out: [InputEvent] = []
        for f in 0..<frames {
            let phase = f % 500
            if phase == 499 {
                out.append(event(f, k.EV_SYN, k.SYN_MT_REPORT, 0))
            } else {
                for s in 0..<5 {
                    out.append(event(f, k.EV_ABS, k.ABS_MT_POSITION_X, Int32(400 + s * 600 + (phase * 3) % 500)))
                    out.append(event(f, k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(300 + s * 300 + (phase * 2) % 400)))
                    out.append(event(f, k.EV_SYN, k.SYN_MT_REPORT, 0))
                }
            }
            out.append(event(f, k.EV_SYN, k.SYN_REPORT, 0))
        }
        return out
    }

    /// One finger on a single-touch panel, down for 499 frames of motion, then up.
    static func streamSingle(frames: Int) -> [InputEvent] {
        var out: [InputEvent] = []
        for f in 0..<frames {
            let phase = f % 500
            if phase == 0 { out.append(event(f, k.EV_KEY, k.BTN_TOUCH, 1)) }
            if phase == 499 {
                out.append(event(f, k.EV_KEY, k.BTN_TOUCH, 0))
            } else {
                out.append(event(f, k.EV_ABS, k.ABS_X, Int32(400 + (phase * 3) % 500)))
                out.append(event(f, k.EV_ABS, k.ABS_Y, Int32(300 + (phase * 2) % 400)))
            }
            out.append(event(f, k.EV_SYN, k.SYN_REPORT, 0))
        }
        return out
    }

    /// A window of 10 000 views in 20 levels: on every level 499 siblings are tried (front to
    /// back) and rejected before the one view that leads deeper, so one hit test makes 10 000
    /// `point(inside:)` checks. Returns the window and the deepest view a hit at (5, 5) finds.
    static func deepTree() -> (app: Application, window: Window, deepest: View) {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "window")
        app.addWindow(window)
        var parent: View = window
        for level in 0..<20 {
            let spine = View(
                frame: Rect(x: 0, y: 0, width: 1000 - Double(level) * 10, height: 800), name: "spine\(level)")
            parent.addSubview(spine)
            for i in 1..<500 {
                parent.addSubview(
                    View(frame: Rect(x: 1000 + Double(i), y: 0, width: 1, height: 1), name: "leaf\(level).\(i)"))
            }
            parent = spine
        }
        return (app, window, parent)
    }

    /// A scene file's text with `views` views (the root included): a grid of buttons, labels,
    /// tiles with a tap recognizer and panels holding a hidden view, the shapes a kiosk scene has.
    static func sceneJSON(views: Int) -> String {
        var items: [String] = []
        var count = 1
        var i = 0
        while count < views {
            let x = Double(i % 40) * 48
            let y = Double((i / 40) % 22) * 48
            let frame = "[\(x), \(y), 44, 44]"
            switch i % 4 {
            case 0:
                items.append(
                    #"{ "name": "button\#(i)", "frame": \#(frame), "control": { "actions": { "touchUpInside": "buy" } } }"#
                )
            case 1:
                items.append(#"{ "name": "label\#(i)", "frame": \#(frame), "userInteractionEnabled": false }"#)
            case 2:
                items.append(
                    #"{ "name": "tile\#(i)", "frame": \#(frame), "gestures": [ { "type": "tap", "name": "tap\#(i)", "action": "open" } ] }"#
                )
            default:
                if count + 2 > views {
                    i += 1
                    continue
                }
                items.append(
                    #"{ "name": "panel\#(i)", "frame": \#(frame), "consumes": ["touchesBegan", "touchesEnded"], "subviews": [ { "name": "inner\#(i)", "frame": [2, 2, 40, 40], "hidden": true } ] }"#
                )
                count += 1
            }
            count += 1
            i += 1
        }
        return #"""
            { "screen": [1920, 1080], "appDelegate": { "name": "AppDelegate", "actions": ["buy", "open"] },
              "windows": [ { "name": "Main", "frame": [0, 0, 1920, 1080],
                "root": { "name": "Root", "controller": { "name": "RootVC" }, "subviews": [
            \#(items.joined(separator: ",\n"))
              ] } } ] }
            """#
    }
}
