#!/usr/bin/env python3
"""Compares `libinput debug-events` with `touchbridge touches --json --screen 100x100` on the
same device: the same touches in the same order, each with the same down/motion/up (cancel)
steps at positions within 0.01 (percent of the screen). `stationary` entries and contacts
already down when touchbridge opened the panel are left out: libinput has no such events.

usage: compare-tracks.py NAME LIBINPUT.txt TOUCHES.jsonl   (exit 1 on the first difference)
"""
import json, re, sys

KINDS = {"TOUCH_DOWN": "down", "TOUCH_MOTION": "motion", "TOUCH_UP": "up", "TOUCH_CANCEL": "cancel"}


def libinput(path):
    lives, open_ = [], {}
    for line in open(path, errors="replace"):
        f = line.split()
        if len(f) < 4 or f[1] not in KINDS:
            continue
        kind, slot = KINDS[f[1]], int(f[3])
        x = y = 0.0
        m = re.search(r"\)\s+(-?[\d.]+)/\s*(-?[\d.]+)", line)
        if m and kind in ("down", "motion"):
            x, y = float(m.group(1)), float(m.group(2))
        if kind == "down":
            open_[slot] = []
            lives.append(open_[slot])
        if slot in open_:
            open_[slot].append((kind, x, y))
        if kind in ("up", "cancel"):
            open_.pop(slot, None)
    return lives


def touchbridge(path):
    lives, open_ = [], {}
    for line in open(path):
        try:
            o = json.loads(line)
        except ValueError:
            continue
        phase = o.get("phase")
        if phase in (None, "stationary") or o.get("initial") or "event" in o:  # frames, a pen's hover
            continue
        kind = {"began": "down", "moved": "motion", "ended": "up", "cancelled": "cancel"}[phase]
        loc = o["location"]
        x, y = (loc["x"], loc["y"]) if kind in ("down", "motion") else (0.0, 0.0)
        if kind == "down":
            open_[o["id"]] = []
            lives.append(open_[o["id"]])
        if o["id"] in open_:
            open_[o["id"]].append((kind, x, y))
        if kind in ("up", "cancel"):
            open_.pop(o["id"], None)
    return lives


def main():
    name, theirs, mine = sys.argv[1], libinput(sys.argv[2]), touchbridge(sys.argv[3])
    if len(theirs) != len(mine):
        print(f"{name}: {len(theirs)} touches from libinput, {len(mine)} from touchbridge")
        return 1
    for n, (a, b) in enumerate(zip(theirs, mine), 1):
        same = len(a) == len(b) and all(s[0] == t[0] and abs(s[1] - t[1]) <= 0.01 and abs(s[2] - t[2]) <= 0.01 for s, t in zip(a, b))
        if not same:
            print(f"{name}: touch {n} differs\n  libinput:    {a}\n  touchbridge: {b}")
            return 1
    points = sum(len(l) for l in theirs)
    print(f"{name}: {len(theirs)} touches, {points} points, the same as libinput's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
