#!/usr/bin/python3
"""`make test`: every example recording through `run --json --metrics-file`, the file parsed
by Prometheus' own parser (python3-prometheus-client) and its counters checked against the
handler log of the same run. Debian's python3, where apt puts the parser.
usage: check-metrics.py [BINARY]"""
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

from prometheus_client.parser import text_string_to_metric_families

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/touchbridge"
examples = sorted(f[:-6] for f in os.listdir("examples") if f.endswith(".evemu"))
failures = 0
with tempfile.TemporaryDirectory() as tmp:
    for name in examples:
        scene = "examples/%s.json" % name
        path = os.path.join(tmp, name + ".prom")
        cmd = [binary, "run", "--json", "--metrics-file", path, "examples/%s.evemu" % name]
        if os.path.exists(scene):
            cmd[2:2] = ["--scene", scene]
        if name == "kiosk-idle":
            cmd[2:2] = ["--ghost-after", "3"]     # as its golden log is made
        log = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        lines = [json.loads(l) for l in log.splitlines()]
        samples = {}
        for family in text_string_to_metric_families(open(path).read()):
            for s in family.samples:
                samples[(s.name, tuple(sorted(s.labels.items())))] = s.value

        def value(name, **labels):
            return samples.get((name, tuple(sorted(labels.items()))), 0)

        # What the log says: gesture states and actions; what `touches` says (the same
        # contacts, before the window): touches by phase.
        gestures, actions = Counter(), Counter()
        # A contact that woke the kiosk never reached the window; a ghost was cancelled there
        # and its lift later ends nothing.
        wakes = sum(1 for l in lines if l["event"] == "wake" and "device" in l)
        ghosts = sum(1 for l in lines if l["event"] == "ghost")
        idle = [l["event"] for l in lines if l["event"] in ("idle", "wake")]
        # A touch a noise rule filtered either never began in the window or was cancelled there.
        noise = [l for l in lines if l["event"] == "noise"]
        unbegun = sum(1 for l in noise if not l["began"])
        cancelled = len(noise) - unbegun
        rules = Counter(l["rule"] for l in noise)
        for l in lines:
            if l["event"] == "gesture" and l["state"] != "changed":
                gestures[(l["recognizer"], l["state"])] += 1
            elif l["event"] == "action":
                actions[l["action"]] += 1
        touches = subprocess.run([binary, "touches", "--json", "examples/%s.evemu" % name], check=False,
                                 capture_output=True, text=True)
        contacts = touches.stdout
        panel = touches.returncode == 0      # an accelerometer or keys: not a touch panel's counters
        # Contacts' lines only: a pen's hover lines have phases too (and an "event").
        parsed = [json.loads(l) for l in contacts.splitlines()]
        phases = Counter(o.get("phase") for o in parsed if "event" not in o)
        recording = open("examples/%s.evemu" % name).read().splitlines()
        events = sum(1 for l in recording if l.startswith("E:"))
        frames = sum(1 for l in recording if l.startswith("E:") and [int(x, 16) for x in l.split()[2:4]] == [0, 0])
        checks = [
            ("events", value("touchbridge_events_total"), events if panel else 0),
            ("frames", value("touchbridge_frames_total"), frames if panel else 0),
            ("touches began", value("touchbridge_touches_total", phase="began"), phases["began"] - wakes - unbegun),
            ("touches ended", value("touchbridge_touches_total", phase="ended"),
             phases["ended"] - wakes - ghosts - unbegun - cancelled),
            ("touches cancelled", value("touchbridge_touches_total", phase="cancelled"),
             phases["cancelled"] + ghosts + cancelled),
            ("noise", {r: value("touchbridge_noise_touches_total", rule=r) for r in rules}, dict(rules)),
            ("ghosts", value("touchbridge_ghost_contacts_total"), ghosts),
            ("idle", value("touchbridge_idle"), 1 if idle and idle[-1] == "idle" else 0),
            ("gestures", {k: value("touchbridge_gestures_total", recognizer=k[0], state=k[1]) for k in gestures}, dict(gestures)),
            ("actions", {k: value("touchbridge_actions_total", action=k) for k in actions}, dict(actions)),
            ("gesture samples", sum(1 for k in samples if k[0] == "touchbridge_gestures_total"), len(gestures)),
            ("action samples", sum(1 for k in samples if k[0] == "touchbridge_actions_total"), len(actions)),
        ]
        for what, got, want in checks:
            if got != want:
                print("check-metrics: %s: %s is %r, the log says %r" % (name, what, got, want))
                failures += 1
        if not failures:
            print("check-metrics: %s: %d samples parsed, counters match the log" % (name, len(samples)))
sys.exit(1 if failures else 0)
