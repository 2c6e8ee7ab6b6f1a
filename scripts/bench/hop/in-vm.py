#!/usr/bin/env python3
"""Inside the VM: what touchbridge's virtual touchscreen adds between a panel and a Wayland
client. Two uinput panels (evemu-device, the example panel's description): cage reads the
first itself; touchbridge (`run --virtual-touchscreen`) reads the second, which udev hides
from libinput, and cage reads its virtual touchscreen. Taps alternate between the panels;
for each, the time from writing the touch-down to the client (`wev`) printing its
`wl_touch` down, read through a pipe. Prints p50, p99 and the largest of both paths, in ms.
usage: in-vm.py BIN_DIR RECORDING TAPS"""
import os, pwd, re, shutil, signal, struct, subprocess, sys, threading, time

bin_dir, recording, taps = sys.argv[1], sys.argv[2], int(sys.argv[3])
work = "/tmp/tb-hop"
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

# The example panel's description under two names.
lines = [l for l in open(recording) if not l.startswith("E:")]
nodes = {}
for name in ("TB Hop Direct", "TB Hop Through"):
    path = os.path.join(work, name.replace(" ", "-") + ".evemu")
    with open(path, "w") as f:
        f.writelines("N: " + name + "\n" if l.startswith("N:") else l for l in lines)
    nodes[name] = path

# libinput (cage) leaves the panel touchbridge reads to touchbridge.
os.makedirs("/run/udev/rules.d", exist_ok=True)
with open("/run/udev/rules.d/80-tb-hop.rules", "w") as f:
    f.write('SUBSYSTEM=="input", ATTRS{name}=="TB Hop Through", ENV{LIBINPUT_IGNORE_DEVICE}="1"\n')
subprocess.run(["udevadm", "control", "--reload-rules"], check=True)

children = []


def spawn(argv, **kw):
    p = subprocess.Popen(argv, **kw)
    children.append(p)
    return p


def make_panel(path):
    p = spawn(["evemu-device", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        m = re.search(r"(/dev/input/event\d+)$", p.stdout.readline().strip())
        if m:
            return m.group(1)
    sys.exit("evemu-device made no panel from " + path)


direct = make_panel(nodes["TB Hop Direct"])
through = make_panel(nodes["TB Hop Through"])
subprocess.run(["udevadm", "settle"], check=True)

tb_err = open(os.path.join(work, "touchbridge.err"), "w+")
spawn([os.path.join(bin_dir, "touchbridge"), "run", "--virtual-touchscreen", "--screen", "1280x800",
       "--log-events", "device", through], stdout=subprocess.DEVNULL, stderr=tb_err)
deadline = time.monotonic() + 60
while "virtual touchscreen" not in open(tb_err.name).read():
    if time.monotonic() > deadline:
        sys.exit("touchbridge made no virtual touchscreen: " + open(tb_err.name).read())
    time.sleep(0.1)
subprocess.run(["udevadm", "settle"], check=True)

# The session: seatd as root, cage as nobody on the first GPU, wev writing into a pipe.
nobody = pwd.getpwnam("nobody")
runtime = os.path.join(work, "xdg")
os.makedirs(runtime, mode=0o700)
os.chown(runtime, nobody.pw_uid, nobody.pw_gid)
subprocess.run(["udevadm", "trigger", "--subsystem-match=drm", "--action=add"], check=True)
subprocess.run(["udevadm", "settle"], check=True)
spawn(["seatd", "-u", "nobody", "-g", "nogroup"], stderr=subprocess.DEVNULL)
while not os.path.exists("/run/seatd.sock"):
    time.sleep(0.05)
env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "drm,libinput",
       "WLR_DRM_DEVICES": "/dev/dri/card0", "WLR_RENDERER": "pixman", "LIBSEAT_BACKEND": "seatd"}
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


EV = {"SYN": 0, "KEY": 1, "ABS": 3}
fds = {direct: os.open(direct, os.O_WRONLY), through: os.open(through, os.O_WRONLY)}


def frame(node, events):
    """Writes one frame into the panel's node (the kernel takes it as the device's own)."""
    data = b"".join(struct.pack("llHHi", 0, 0, EV[t], c, v) for t, c, v in events)
    os.write(fds[node], data + struct.pack("llHHi", 0, 0, 0, 0, 0))


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


def stop():
    for p in reversed(children):
        p.send_signal(signal.SIGTERM)
    for p in children:
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
    os.unlink("/run/udev/rules.d/80-tb-hop.rules")


# The client takes input once it has drawn its window: tap until it is touched.
deadline = time.monotonic() + 120
tracking = 1
while tap(direct, tracking) is None:
    tracking += 1
    if time.monotonic() > deadline:
        stop()
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
stop()
for name, ts in times.items():
    s = sorted(ts)
    if not s:
        print(f"{name}\tno down reached the client")
        continue
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]
    print(f"{name}\tp50 {pick(0.5):.2f} ms\tp99 {pick(0.99):.2f} ms\tmax {s[-1]:.2f} ms\t{len(s)} taps, {lost[name]} lost")
