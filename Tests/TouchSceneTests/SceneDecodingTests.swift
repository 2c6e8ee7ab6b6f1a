import Testing

@testable import TouchScene

/// A malformed scene is rejected with `FILE: key.path: what was expected (line N)`, or with
/// `FILE:LINE:COLUMN:` where the JSON itself is broken.
@Suite("Scene files: decoding and its errors")
struct SceneDecodingTests {
    func error(_ json: String) -> String { sceneError(json) }

    @Test func theIssuesExampleSceneDecodesWithEveryKey() throws {
        let s = try scene(
            """
            { "appDelegate": { "name": "AppDelegate", "actions": ["buy"] },
              "windows": [ { "name": "Window", "frame": [0, 0, 800, 480], "level": 0,
                "root": { "name": "A", "controller": "RootVC", "frame": [0, 0, 800, 480],
                  "bounds": [0, 0, 800, 480], "transform": [1, 0, 0, 1, 0, 0],
                  "hidden": false, "alpha": 1, "userInteractionEnabled": true,
                  "multipleTouchEnabled": false, "exclusiveTouch": false, "clipsToBounds": false,
                  "shape": "rect", "consumes": ["touchesBegan"], "actions": [],
                  "gestures": [ { "type": "tap", "name": "doubleTapA", "numberOfTapsRequired": 2,
                                   "action": "zoom", "target": null, "cancelsTouchesInView": true,
                                   "delaysTouchesBegan": false, "delaysTouchesEnded": true,
                                   "requireToFail": "otherRecognizer" },
                                 { "type": "tap", "name": "otherRecognizer" } ],
                  "control": { "type": "button", "actions": { "touchUpInside": "buy" }, "target": null },
                  "subviews": [ ] } } ] }
            """)
        #expect(s.spec.windows.count == 1)
        let root = try #require(s.spec.windows[0].root)
        #expect(root.controller?.responder.name == "RootVC")
        #expect(root.gestures?.first?.numbers["numberOfTapsRequired"] == 2)
        #expect(root.gestures?.first?.requireToFail == ["otherRecognizer"])
        #expect(root.control?.actions.first?.event == "touchUpInside")
        #expect(s.screenSize?.width == 800)
        #expect(s.screenSize?.height == 480)
    }

    @Test func everyKeyButNameIsOptional() throws {
        let s = try scene(#"{ "windows": [ { "name": "W", "root": { "name": "V" } } ] }"#)
        #expect(s.spec.windows[0].root?.name == "V")
        #expect(s.screenSize == nil, "no screen and a window without a frame: the panel decides")
    }

    @Test func anUnknownKeySuggestsTheNearestKnownOne() {
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "hiden": true } } ] }"#)
                .hasPrefix(
                    "s.json: windows[0].root.hiden: unknown key 'hiden' (did you mean 'hidden'?); known keys: name, controller,"
                ))
        #expect(error(#"{ "window": [] }"#).hasPrefix("s.json: window: unknown key 'window' (did you mean 'windows'?)"))
        #expect(
            error(#"{ "windows": [ { "name": "W", "rot": { "name": "A" } } ] }"#)
                .hasPrefix("s.json: windows[0].rot: unknown key 'rot' (did you mean 'root'?)"))
    }

    @Test func wrongShapesOfValuesNameWhatWasExpected() {
        #expect(
            error("{ \"windows\": [ { \"name\": \"W\",\n \"root\": { \"name\": \"A\", \"frame\": [0, 0, 100] } } ] }")
                == "s.json: windows[0].root.frame: expected [x, y, width, height] (four numbers), found 3 element(s) (line 2)"
        )
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "hidden": "no" } } ] }"#)
                == "s.json: windows[0].root.hidden: expected true or false, found a string (line 1)")
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": 3 } } ] }"#)
                == "s.json: windows[0].root.name: expected a string, found a number (line 1)")
        #expect(
            error(#"{ "windows": [ { "root": { "name": "A" } } ] }"#)
                == "s.json: windows[0].name: expected the key 'name' (it is required) (line 1)")
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "alpha": 2 } } ] }"#)
                == "s.json: windows[0].root.alpha: expected an alpha from 0 to 1, found 2.0 (line 1)")
        #expect(
            error(#"{ "screen": [800, -1], "windows": [ { "name": "W" } ] }"#)
                == "s.json: screen: expected [width, height] (two positive numbers) (line 1)")
        #expect(error(#"{ "windows": [] }"#) == "s.json: windows: expected at least one window (line 1)")
        #expect(error("[1, 2]") == "s.json: (top level): expected an object { … }, found an array (line 1)")
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "transform": [1, 0, 0, 1] } } ] }"#)
                == "s.json: windows[0].root.transform: expected [a, b, c, d, tx, ty] (six numbers, as CGAffineTransform), found 4 element(s) (line 1)"
        )
    }

    @Test func wordsFromFixedSetsAreCheckedWithSuggestions() {
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "shape": "circl" } } ] }"#)
                == #"s.json: windows[0].root.shape: expected a shape: "rect", "circle", "includeSubviews" or {"inset": [top, left, bottom, right]}, not 'circl' (did you mean 'circle'?) (line 1)"#
        )
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "consumes": ["touchesBegun"] } } ] }"#)
                == "s.json: windows[0].root.consumes[0]: expected a responder method, not 'touchesBegun' (did you mean 'touchesBegan'?); one of: touchesBegan, touchesMoved, touchesEnded, touchesCancelled, motionBegan, motionEnded, motionCancelled, remoteControlReceived, pressesBegan, pressesChanged, pressesEnded, pressesCancelled (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "tapp", "name": "t" } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].type: expected a gesture recognizer type, not 'tapp' (did you mean 'tap'?); one of: tap, longPress, pan, swipe, pinch, rotation, screenEdgePan, hover (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "pan", "name": "p", "allowedTouchTypes": ["pen"] } ] } } ] }"#
            ).contains(
                "gestures[0].allowedTouchTypes[0]: expected a touch type, not 'pen'; one of: direct, pencil (line 1)")
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "control": { "actions": { "touchUpInsde": "buy" } } } } ] }"#
            )
            .hasPrefix(
                "s.json: windows[0].root.control.actions.touchUpInsde: expected a control event as the key, not 'touchUpInsde' (did you mean 'touchUpInside'?)"
            ))
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "control": { "type": "slider" } } } ] }"#)
                == "s.json: windows[0].root.control.type: expected a control type, not 'slider'; one of: button, control (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "swipe", "name": "s", "direction": "west" } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].direction: expected a swipe direction, not 'west'; one of: right, left, up, down (line 1)"
        )
    }

    @Test func aRecognizerTakesOnlyItsTypesProperties() {
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "tap", "name": "t", "minimumPressDuration": 1 } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].minimumPressDuration: a tap recognizer has no 'minimumPressDuration' (its properties: numberOfTapsRequired, numberOfTouchesRequired, allowableMovement, maximumIntervalBetweenTaps, maximumTapDistance) (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "tap", "name": "t", "numberOfTapsRequired": 0 } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].numberOfTapsRequired: expected a whole number of at least 1, found 0 (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "tap", "name": "t", "numberOfTapsRequired": 1.5 } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].numberOfTapsRequired: expected a whole number from -9223372036854775808 to 9223372036854775807, found 1.5 (line 1)"
        )
    }

    @Test func namesAreUniqueAndReferencesExist() {
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "subviews": [ { "name": "A" } ] } } ] }"#)
                == "s.json: windows[0].root.subviews[0].name: names are unique: 'A' is already a view at windows[0].root (line 1)"
        )
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "Application" } } ] }"#)
                == "s.json: windows[0].root.name: 'Application' is the application's own name in the log; choose another (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "tap", "name": "t", "requireToFail": "dubleTap" }, { "type": "tap", "name": "doubleTap" } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].requireToFail: no gesture recognizer is named 'dubleTap' (did you mean 'doubleTap'?) (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "tap", "name": "t", "requireToFail": "A" } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].requireToFail: 'A' is a view, not a gesture recognizer (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "control": { "actions": { "touchUpInside": "buy" }, "target": "Nobody" } } } ] }"#
            )
                == "s.json: windows[0].root.control.target: no responder is named 'Nobody' (a target is a view, view controller, window or the app delegate) (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "control": { "actions": { "touchUpInside": "buy" }, "target": "W" } } } ] }"#
            )
                == "s.json: windows[0].root.control.target: 'W' does not perform 'buy': add it to the actions of windows[0] (line 1)"
        )
        #expect(
            error(
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "type": "pan", "name": "p", "target": "W" } ] } } ] }"#
            )
                == "s.json: windows[0].root.gestures[0].target: a target needs an action ('action': …) (line 1)")
    }

    @Test func controlCharactersFromTheFileNeverReachTheTerminal() {
        #expect(
            error(#"{ "windows": [ { "name": "W", "root": { "name": "A", "\u001b[31m": 1 } } ] }"#)
                .hasPrefix("s.json: windows[0].root.\\u{1B}[31m: unknown key '\\u{1B}[31m'"))
    }

    @Test func brokenJSONGivesTheLineAndColumn() {
        #expect(
            error("{ \"windows\": [\n  { \"name\": \"W\", }\n] }\n")
                == "s.json:2:18: expected a member name in double quotes, found '}'")
        #expect(error("") == "s.json:1:1: expected a JSON value (the file is empty)")
        #expect(error("{ \"windows\": [ ] ") == "s.json:1:18: expected ',' or '}', found the end of the file")
        #expect(error("{ \"a\": 1, \"a\": 2 }") == "s.json:1:11: expected each key once in an object ('a' is repeated)")
        #expect(
            error("{ \"windows\": tru }")
                == "s.json:1:14: expected a value (object, array, string, number, true, false or null), found 't'")
        #expect(error("{ \"x\": 01 }") == "s.json:1:9: expected a number without leading zeros")
        #expect(
            error("{ \"x\": \"a\tb\" }")
                == "s.json:1:10: expected no control characters inside a string (write \\n, \\t …)")
        #expect(error(String(repeating: "[", count: 300)) == "s.json:1:257: expected nesting no deeper than 256 levels")
    }
}
