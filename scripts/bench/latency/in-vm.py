#!/usr/bin/env python3
"""Inside the VM: touch to photon under sway, directly and through touchbridge's virtual
touchscreen. Two uinput panels (evemu-device, the example panel's description): sway reads the
first itself; touchbridge (`run --virtual-touchscreen`) reads the second, which udev hides from
libinput, and sway reads its virtual touchscreen. For each, `touchbridge latency` on the panel's
own node (its kernel times the panel's) while TAPS taps are written, after a warm-up of five;
prints each stage's p50, p95 and p99 in ms, and the complete samples.
usage: in-vm.py BIN_DIR RECORDING TAPS"""
import json, os, subprocess, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from vmpanels import TwoPanels

bin_dir, recording, taps = sys.argv[1], sys.argv[2], int(sys.argv[3])
panels = TwoPanels(bin_dir, recording, "TB Latency")
direct, through, spawn, frame, ranges = panels.direct, panels.through, panels.spawn, panels.frame, panels.ranges

# The session: sway as nobody.
env = panels.seat()
runtime = env["XDG_RUNTIME_DIR"]
config = os.path.join(panels.work, "sway.config")
with open(config, "w") as f:
    f.write("xwayland disable\n")
sway = spawn(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", "sway", "-c", config],
             env=env, stderr=subprocess.DEVNULL)
socket = None
deadline = time.monotonic() + 120
while socket is None and time.monotonic() < deadline:
    names = [n for n in os.listdir(runtime) if n.startswith("wayland-") and not n.endswith(".lock")]
    socket = os.path.join(runtime, names[0]) if names else None
    time.sleep(0.2)
if socket is None:
    sys.exit("sway made no socket")
time.sleep(3)

tracking = 0


def tap(node, i):
    """A tenth of a second down, then 0.3 s up, at one of 20 places across the panel."""
    global tracking
    tracking += 1
    (x0, x1), (y0, y1) = ranges[0x35], ranges[0x36]
    x = x0 + (x1 - x0) * (0.1 + 0.2 * (i % 5))
    y = y0 + (y1 - y0) * (0.125 + 0.25 * (i // 5 % 4))
    frame(node, [("ABS", 0x2F, 0), ("ABS", 0x39, tracking), ("ABS", 0x35, int(x)), ("ABS", 0x36, int(y)),
                 ("KEY", 0x14A, 1), ("ABS", 0, int(x)), ("ABS", 1, int(y))])
    time.sleep(0.1)
    frame(node, [("ABS", 0x2F, 0), ("ABS", 0x39, -1), ("KEY", 0x14A, 0)])
    time.sleep(0.3)


def measure(node, count):
    """`touchbridge latency NODE --count COUNT --json` as nobody while COUNT taps are written."""
    tool = subprocess.Popen(
        ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--",
         os.path.join(bin_dir, "touchbridge-cli"), "latency", node, "--count", str(count), "--json"],
        env=dict(env, WAYLAND_DISPLAY=socket), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = ""
    deadline = time.monotonic() + 120
    while "tap the panel" not in said and time.monotonic() < deadline:
        said += tool.stderr.readline()
    time.sleep(1)
    for i in range(count):
        tap(node, i)
    out, err = tool.communicate(timeout=120)
    return json.loads(out), said + err


# sway announces its seat's touch at the first touch, which reaches no client: one tap wakes it.
tap(direct, 0)
time.sleep(1)
print(f"sway under TCG, {taps} taps each after 5 of warm-up; ms")
for name, node in (("direct", direct), ("through touchbridge", through)):
    measure(node, 5)
    root, said = measure(node, taps)
    s = root["summary"]
    print(f"{name}: {root['complete']} complete, {root['incomplete']} incomplete, refresh "
          f"{(root['refresh'] or 0) * 1000:.2f} ms")
    for key in ("kernel_to_delivered", "delivered_to_committed", "committed_to_presented", "kernel_to_presented"):
        st = s[key]
        if st["count"]:
            print(f"  {key:24} p50 {st['p50'] * 1000:7.2f}  p95 {st['p95'] * 1000:7.2f}  p99 {st['p99'] * 1000:7.2f}")
    if root["incomplete"]:
        print("  " + said.strip().replace("\n", "\n  "))
        for i, sample in enumerate(root["samples"]):
            if not sample["complete"]:
                print(f"  sample {i}: " + json.dumps(sample))
panels.stop()
