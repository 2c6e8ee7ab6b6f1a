#!/usr/bin/env python3
"""Inside the VM: what touchbridge's virtual touchscreen adds between a panel and a Wayland
client. Two uinput panels (evemu-device, the example panel's description): cage reads the
first itself; touchbridge (`run --virtual-touchscreen`) reads the second, which udev hides
from libinput, and cage reads its virtual touchscreen. Taps alternate between the panels;
for each, the time from writing the touch-down to the client (`wev`) printing its
`wl_touch` down, read through a pipe. Prints p50, p99 and the largest of both paths, in ms.
usage: in-vm.py BIN_DIR RECORDING TAPS"""
import os, subprocess, sys, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from vmpanels import TwoPanels

bin_dir, recording, taps = sys.argv[1], sys.argv[2], int(sys.argv[3])
panels = TwoPanels(bin_dir, recording, "TB Hop", touchbridge_args=["--log-events", "device"])
direct, through, spawn, frame = panels.direct, panels.through, panels.spawn, panels.frame

# The session: cage as nobody, wev writing into a pipe.
env = panels.seat()
cage = spawn(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", "cage", "--",
              "stdbuf", "-oL", "wev"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

# Each line of the client as it arrives, with the time it arrived.
arrivals = []
arrived = threading.Condition()


def read_client():
    for raw in cage.stdout:
        now = time.monotonic()
        with arrived:
            arrivals.append((now, raw.decode(errors="replace")))
            arrived.notify_all()


threading.Thread(target=read_client, daemon=True).start()


def wait_for(pattern, since, timeout):
    """The arrival time of the first line after index `since` containing `pattern`."""
    end = time.monotonic() + timeout
    with arrived:
        while True:
            for t, line in arrivals[since:]:
                if pattern in line:
                    return t
            left = end - time.monotonic()
            if left <= 0:
                return None
            arrived.wait(left)


def tap(node, tracking_id):
    """Touch down, wait for the client's down; lift, wait for its up. The down's delay in ms."""
    since = len(arrivals)
    start = time.monotonic()
    frame(node, [("ABS", 0x2F, 0), ("ABS", 0x39, tracking_id), ("ABS", 0x35, 4000), ("ABS", 0x36, 2400),
                 ("KEY", 0x14A, 1), ("ABS", 0, 4000), ("ABS", 1, 2400)])
    down = wait_for("wl_touch] down", since, 3)
    since = len(arrivals)
    frame(node, [("ABS", 0x2F, 0), ("ABS", 0x39, -1), ("KEY", 0x14A, 0)])
    wait_for("wl_touch] up", since, 3)
    return None if down is None else (down - start) * 1000


# The client takes input once it has drawn its window: tap until it is touched.
deadline = time.monotonic() + 120
tracking = 1
while tap(direct, tracking) is None:
    tracking += 1
    if time.monotonic() > deadline:
        panels.stop()
        sys.exit("the client was never touched")
times = {"direct": [], "through touchbridge": []}
lost = {name: 0 for name in times}
for i in range(taps):
    for name, node in (("direct", direct), ("through touchbridge", through)):
        tracking += 1
        ms = tap(node, tracking)
        if ms is None:
            lost[name] += 1
        else:
            times[name].append(ms)
        time.sleep(0.02)
panels.stop()
for name, ts in times.items():
    s = sorted(ts)
    if not s:
        print(f"{name}\tno down reached the client")
        continue
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]
    print(f"{name}\tp50 {pick(0.5):.2f} ms\tp99 {pick(0.99):.2f} ms\tmax {s[-1]:.2f} ms\t{len(s)} taps, {lost[name]} lost")
