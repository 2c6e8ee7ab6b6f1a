/// The scenes the pipeline's and the host's tests share.
package enum TestScenes {
    /// One window whose root has a pad that takes every touch.
    package static let view = #"""
        { "screen": [800, 480], "appDelegate": { "name": "AppDelegate" },
          "windows": [ { "name": "Window", "root": { "name": "Root", "controller": "RootVC",
            "subviews": [ { "name": "Pad", "frame": [100, 100, 200, 200], "multipleTouchEnabled": true,
                            "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"] } ] } } ] }
        """#

    /// Idle after 2 s, with a button that pays.
    package static let idle = #"""
        { "screen": [800, 480], "idle": { "after": 2 },
          "appDelegate": { "name": "AppDelegate", "actions": ["pay"] },
          "windows": [ { "name": "W", "root": { "name": "App",
            "consumes": ["touchesBegan", "touchesEnded", "touchesCancelled"],
            "subviews": [ { "name": "Pay", "frame": [100, 100, 200, 100],
                            "control": { "type": "button", "actions": { "touchUpInside": "pay" } } } ] } } ] }
        """#

    /// A button that pays, and nothing else.
    package static let payButton = #"""
        { "screen": [800, 480],
          "appDelegate": { "name": "AppDelegate", "actions": ["pay"] },
          "windows": [ { "name": "W", "root": { "name": "App",
            "subviews": [ { "name": "Pay", "frame": [100, 100, 200, 100],
                            "control": { "type": "button", "actions": { "touchUpInside": "pay" } } } ] } } ] }
        """#
}
