import Evdev
import Glibc
import InputEvents
import ProgramTestSupport

typealias Frame = [(UInt16, UInt16, Int32)]

/// Event streams the parity tests play into the virtual devices.
enum Streams {
    static let k = Kernel.self

    /// Two fingers on a protocol B panel: down, move, a double tracking ID (a driver bug that
    /// evtest shows and libevdev filters), slot reuse, lift; with MSC_SCAN in hex.
    static let multitouch: [Frame] = [
        [
            (k.EV_MSC, k.MSC_SCAN, 0x2a), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 5), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 500), (k.EV_ABS, k.ABS_MT_PRESSURE, 40),
            (k.EV_ABS, k.ABS_MT_TOUCH_MAJOR, 12),
            (k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_X, 1000), (k.EV_ABS, k.ABS_Y, 500),
            (k.EV_ABS, k.ABS_PRESSURE, 40),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 6), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 1010), (k.EV_ABS, k.ABS_MT_SLOT, 1),
            (k.EV_ABS, k.ABS_MT_POSITION_X, 2020), (k.EV_ABS, k.ABS_X, 1010),
        ],
        [(k.EV_ABS, k.ABS_MT_TRACKING_ID, 9)],
        [(k.EV_MSC, k.MSC_SCAN, -2), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)],
        [(k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 7), (k.EV_ABS, k.ABS_MT_POSITION_X, 3000)],
        [
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1),
            (k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0),
        ],
    ]

    /// A resistive single-touch panel: press, drag, out-of-range coordinates, release.
    static let singleTouch: [Frame] = [
        [
            (k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_X, 1200), (k.EV_ABS, k.ABS_Y, 3000),
            (k.EV_ABS, k.ABS_PRESSURE, 300),
        ],
        [(k.EV_ABS, k.ABS_X, 1250), (k.EV_ABS, k.ABS_PRESSURE, 310)],
        [(k.EV_ABS, k.ABS_X, 4010), (k.EV_ABS, k.ABS_Y, 100)],
        [(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)],
    ]

    /// Protocol A: two contacts as SYN_MT_REPORT groups, then one, then none.
    static let protocolA: [Frame] = [
        [
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 100),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 200),
            (k.EV_SYN, k.SYN_MT_REPORT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 700),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 500), (k.EV_SYN, k.SYN_MT_REPORT, 0), (k.EV_KEY, k.BTN_TOUCH, 1),
            (k.EV_ABS, k.ABS_X, 100), (k.EV_ABS, k.ABS_Y, 200),
        ],
        [
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 110),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 205),
            (k.EV_SYN, k.SYN_MT_REPORT, 0), (k.EV_ABS, k.ABS_X, 110), (k.EV_ABS, k.ABS_Y, 205),
        ],
        [(k.EV_SYN, k.SYN_MT_REPORT, 0), (k.EV_KEY, k.BTN_TOUCH, 0)],
    ]

    /// Protocol B for the tracking parity: two fingers, motion, a lift and slot reuse by a
    /// new finger in the same frame, then a third finger; positions only (no axis-only frames).
    static let multitouchForTracking: [Frame] = [
        [
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 500),
            (k.EV_ABS, k.ABS_MT_PRESSURE, 40), (k.EV_KEY, k.BTN_TOUCH, 1),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 1010), (k.EV_ABS, k.ABS_MT_SLOT, 1),
            (k.EV_ABS, k.ABS_MT_POSITION_X, 2020), (k.EV_ABS, k.ABS_MT_POSITION_Y, 1012),
        ],
        [(k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_POSITION_Y, 1030)],
        [(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)],
        [
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 3), (k.EV_ABS, k.ABS_MT_POSITION_X, 4000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 2200),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 2), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 4), (k.EV_ABS, k.ABS_MT_POSITION_X, 10),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 20),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 3990), (k.EV_ABS, k.ABS_MT_SLOT, 2),
            (k.EV_ABS, k.ABS_MT_POSITION_X, 15),
        ],
        [
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_ABS, k.ABS_MT_SLOT, 1),
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_ABS, k.ABS_MT_SLOT, 2), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1),
            (k.EV_KEY, k.BTN_TOUCH, 0),
        ],
    ]

    /// Protocol A without tracking ids: two contacts, one lifts, then none.
    static let protocolANoIDs: [Frame] = [
        [
            (k.EV_ABS, k.ABS_MT_POSITION_X, 100), (k.EV_ABS, k.ABS_MT_POSITION_Y, 200), (k.EV_SYN, k.SYN_MT_REPORT, 0),
            (k.EV_ABS, k.ABS_MT_POSITION_X, 700), (k.EV_ABS, k.ABS_MT_POSITION_Y, 500), (k.EV_SYN, k.SYN_MT_REPORT, 0),
            (k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_X, 100), (k.EV_ABS, k.ABS_Y, 200),
        ],
        [
            (k.EV_ABS, k.ABS_MT_POSITION_X, 110), (k.EV_ABS, k.ABS_MT_POSITION_Y, 205), (k.EV_SYN, k.SYN_MT_REPORT, 0),
            (k.EV_ABS, k.ABS_MT_POSITION_X, 690), (k.EV_ABS, k.ABS_MT_POSITION_Y, 505), (k.EV_SYN, k.SYN_MT_REPORT, 0),
            (k.EV_ABS, k.ABS_X, 110), (k.EV_ABS, k.ABS_Y, 205),
        ],
        [
            (k.EV_ABS, k.ABS_MT_POSITION_X, 120), (k.EV_ABS, k.ABS_MT_POSITION_Y, 210), (k.EV_SYN, k.SYN_MT_REPORT, 0),
            (k.EV_ABS, k.ABS_X, 120), (k.EV_ABS, k.ABS_Y, 210),
        ],
        [(k.EV_SYN, k.SYN_MT_REPORT, 0), (k.EV_KEY, k.BTN_TOUCH, 0)],
    ]

    /// Plays frames with a short gap between them, so timestamps differ.
    static func play(_ frames: [Frame], on device: UInputDevice) throws {
        for f in frames {
            try device.frame(f)
            usleep(3_000)
        }
    }
}

extension UInputDevice {
    /// Five fingers down (slots 0-4), moving together through `frames` frames `interval`
    /// microseconds apart, then lifted: about 1.2 KiB of JSON log a frame in the default scene.
    func dragFiveFingers(frames: Int32, interval: UInt32) throws {
        try dragFingers(5, frames: frames, interval: interval)
    }

    /// `fingers` fingers down one frame each (slots 0…), moving together through `frames`
    /// frames `interval` microseconds apart, then lifted one frame each.
    func dragFingers(_ fingers: Int32, frames: Int32, interval: UInt32) throws {
        let k = Kernel.self
        for slot in Int32(0)..<fingers {
            try frame([
                (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, slot + 1),
                (k.EV_ABS, k.ABS_MT_POSITION_X, 200 + 300 * slot), (k.EV_ABS, k.ABS_MT_POSITION_Y, 200),
            ])
        }
        for i in Int32(1)...frames {
            var moves: [(UInt16, UInt16, Int32)] = []
            for slot in Int32(0)..<fingers {
                moves += [
                    (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_POSITION_X, 200 + 300 * slot + i),
                    (k.EV_ABS, k.ABS_MT_POSITION_Y, 200 + i),
                ]
            }
            try frame(moves)
            usleep(interval)
        }
        for slot in Int32(0)..<fingers {
            try frame([(k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
        }
    }
}
