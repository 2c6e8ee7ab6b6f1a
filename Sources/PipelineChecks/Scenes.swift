import TouchScene

/// The scenes the invariant runs use.
public enum CheckScenes {
    /// The built-in scene on the 800×480 screen.
    public static var standard: Scene { Scene.standard(width: 800, height: 480) }

    /// A busy scene: every recognizer type (with failure requirements, delays, and one that
    /// does not cancel its view's touches), buttons enabled and disabled, a plain control,
    /// nested controllers, an exclusive-touch view, single- and multiple-touch views, a view
    /// hidden and one without interaction. Every responder consumes all touch methods or none.
    public static let busyJSON = #"""
        { "screen": [800, 480], "appDelegate": { "name": "AppDelegate", "actions": ["buy", "zoom", "open", "next", "turn"] },
          "windows": [
            { "name": "Main", "frame": [0, 0, 800, 480],
              "root": { "name": "Root", "controller": { "name": "RootVC", "actions": ["back"] }, "multipleTouchEnabled": true,
                "gestures": [ { "type": "swipe", "name": "swipeLeft", "direction": "left", "action": "next" },
                              { "type": "pan", "name": "pan", "minimumNumberOfTouches": 2, "action": "open" } ],
                "subviews": [
                  { "name": "Grid", "frame": [0, 0, 400, 240], "multipleTouchEnabled": true,
                    "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"],
                    "gestures": [ { "type": "tap", "name": "single", "requireToFail": "double", "action": "buy" },
                                  { "type": "tap", "name": "double", "numberOfTapsRequired": 2, "action": "zoom" },
                                  { "type": "longPress", "name": "hold", "action": "open", "delaysTouchesBegan": true } ] },
                  { "name": "Photo", "frame": [400, 0, 400, 240], "multipleTouchEnabled": true, "exclusiveTouch": true,
                    "gestures": [ { "type": "pinch", "name": "pinch", "action": "zoom" },
                                  { "type": "rotation", "name": "rotate", "action": "turn", "cancelsTouchesInView": false } ] },
                  { "name": "Buy", "frame": [20, 300, 160, 100], "control": { "actions": { "touchUpInside": "buy", "touchCancel": "back" } } },
                  { "name": "Off", "frame": [220, 300, 160, 100], "control": { "actions": { "touchUpInside": "buy" }, "enabled": false } },
                  { "name": "Knob", "frame": [420, 300, 160, 100], "shape": "circle",
                    "control": { "type": "control", "actions": { "touchDragExit": "back", "touchUpOutside": "back" } },
                    "gestures": [ { "type": "tap", "name": "knobTap", "action": "open" } ] },
                  { "name": "Panel", "frame": [600, 260, 200, 220], "controller": { "name": "PanelVC" },
                    "subviews": [ { "name": "Inner", "frame": [10, 10, 100, 100], "shape": { "inset": [-20, -20, -20, -20] } },
                                  { "name": "Hidden", "frame": [0, 0, 200, 220], "hidden": true },
                                  { "name": "Inert", "frame": [100, 100, 100, 100], "userInteractionEnabled": false } ] }
                ] } },
            { "name": "Overlay", "frame": [600, 0, 200, 120], "level": 1,
              "root": { "name": "Badge", "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"] } }
          ] }
        """#

    public static var busy: Scene { try! Scene.parse(Array(busyJSON.utf8), file: "busy scene") }

    /// The busy scene going idle after a second without a contact (its wakes swallowed).
    public static var busyIdle: Scene {
        let text = busyJSON.replacingFirst(
            #"{ "screen": [800, 480],"#, with: #"{ "screen": [800, 480], "idle": { "after": 1 },"#)
        return try! Scene.parse(Array(text.utf8), file: "busy scene, idle")
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        var s = self
        s.replaceSubrange(r, with: replacement)
        return s
    }
}
