#!/usr/bin/env python3
"""Writes a scene of VIEWS views for the benchmarks: the default scene's shape (one window, a
root view `screen` with multiple touch that logs every touch method), plus VIEWS-1 views in a
strip along the bottom edge that the benchmark's fingers never touch, half of them holding a
child, so a touch-down's hit test rejects every one of them and the rest of the work is the
default scene's. usage: scene.py VIEWS > scene.json"""
import json
import sys

views = int(sys.argv[1])
subviews = []
count = 1
i = 0
while count < views:
    x = (i * 7) % 1900
    v = {"name": "v%d" % i, "frame": [x, 1060, 6, 6]}
    if i % 2 and count + 2 <= views:
        v["subviews"] = [{"name": "c%d" % i, "frame": [1, 1, 4, 4]}]
        count += 1
    subviews.append(v)
    count += 1
    i += 1
scene = {
    "screen": [1920, 1080],
    "windows": [{
        "name": "Window", "frame": [0, 0, 1920, 1080],
        "root": {"name": "screen", "controller": {"name": "ScreenController"}, "multipleTouchEnabled": True,
                 "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"],
                 "subviews": subviews},
    }],
}
json.dump(scene, sys.stdout, indent=1)
sys.stdout.write("\n")
