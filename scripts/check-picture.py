#!/usr/bin/env python3
"""`make test`: `touchbridge picture` on every example (with its scene, and with --coverage):
the SVG parses as XML, the same input gives the same bytes, and its elements are counted
against the scene and the recording: a box per window and view (hidden ones dashed), a trail
per touch that reached the window (not one that woke the kiosk or a noise rule judged before
it began) with a start mark and an end mark (a pen's a stroke of segments), a dashed outline
each time a pen hovered, a coverage cell per grid cell.
usage: check-picture.py [BINARY]"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/touchbridge"
NS = "{http://www.w3.org/2000/svg}"
failures = 0


def views(spec):
    """Views of a scene file: each window, its root and every subview, and which are hidden."""
    out = []

    def walk(v, hidden):
        hidden = hidden or v.get("hidden", False)
        out.append(hidden)
        for s in v.get("subviews", []):
            walk(s, hidden)

    for w in spec["windows"]:
        out.append(w.get("hidden", False))
        if "root" in w:
            walk(w["root"], w.get("hidden", False))
    return out


for name in sorted(f[:-6] for f in os.listdir("examples") if f.endswith(".evemu")):
    scene = "examples/%s.json" % name
    if not os.path.exists(scene):
        continue
    cmd = [binary, "picture", "--scene", scene, "--coverage", "examples/%s.evemu" % name]
    first = subprocess.run(cmd, check=True, capture_output=True).stdout
    second = subprocess.run(cmd, check=True, capture_output=True).stdout
    root = ET.fromstring(first)
    boxes = root.findall(".//%sg[@class='views']/%srect" % (NS, NS))
    dashed = [b for b in boxes if "hidden" in b.get("class", "")]
    trails = root.findall(".//%spolyline[@class='trail']" % NS) + root.findall(".//%sg[@class='trail pencil']" % NS)
    hovers = root.findall(".//%sg[@class='hover']" % NS)
    began = root.findall(".//%scircle[@class='began']" % NS)
    ends = root.findall(".//%s*[@class='ended']" % NS) + root.findall(".//%s*[@class='cancelled']" % NS)
    cells = root.findall(".//%sg[@class='coverage']/%srect" % (NS, NS))
    expected = views(json.load(open(scene)))
    contacts = subprocess.run([binary, "touches", "--json", "examples/%s.evemu" % name], check=False,
                              capture_output=True, text=True).stdout  # empty for an accelerometer or keys
    # Contacts' lines only: a pen's hover lines have phases too (and an "event").
    parsed = [json.loads(l) for l in contacts.splitlines()]
    touches = Counter(o.get("phase") for o in parsed if "event" not in o)["began"]
    hovered = sum(1 for o in parsed if o.get("event") == "hover" and o.get("phase") == "began")
    # A contact that wakes an idle kiosk reaches no view: the picture draws what the scene had.
    # A touch a noise rule judged before it began reaches none either (the scene's noiseFilters).
    log = subprocess.run(
        [binary, "run", "--json", "--log-events", "idle,noise", "--scene", scene, "examples/%s.evemu" % name],
        check=True, capture_output=True, text=True).stdout
    lines = [json.loads(l) for l in log.splitlines()]
    touches -= sum(1 for l in lines if l["event"] == "wake" and "device" in l)
    touches -= sum(1 for l in lines if l["event"] == "noise" and not l["began"])
    checks = [
        ("same bytes twice", first == second, True),
        ("root is svg", root.tag, NS + "svg"),
        ("view boxes", len(boxes), len(expected)),
        ("dashed (hidden) boxes", len(dashed), sum(expected)),
        ("trails", len(trails), touches),
        ("start marks", len(began), touches),
        ("end marks", len(ends), touches),
        ("hover outlines", len(hovers), hovered),
        ("coverage cells", len(cells), 16 * 9),
    ]
    bad = [(what, got, want) for what, got, want in checks if got != want]
    for what, got, want in bad:
        print("check-picture: %s: %s: %r, expected %r" % (name, what, got, want))
    failures += len(bad)
    if not bad:
        print("check-picture: %s: %d elements; %d boxes, %d trails" % (name, len(list(root.iter())), len(boxes), len(trails)))
sys.exit(1 if failures else 0)
