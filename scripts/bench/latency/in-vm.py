#!/usr/bin/env python3
"""Inside the VM: touch to photon under sway, directly and through touchbridge's virtual
touchscreen. Two uinput panels (evemu-device, the example panel's description): sway reads the
first itself; touchbridge (`run --virtual-touchscreen`) reads the second, which udev hides from
libinput, and sway reads its virtual touchscreen. For each, `touchbridge latency` on the panel's
own node (its kernel times the panel's) while TAPS taps are written, after a warm-up of five;
prints each stage's p50, p95 and p99 in ms, and the complete samples.
usage: in-vm.py BIN_DIR RECORDING TAPS"""
import json, os, pwd, re, shutil, signal, struct, subprocess, sys, time

bin_dir, recording, taps = sys.argv[1], sys.argv[2], int(sys.argv[3])
work = "/tmp/tb-latency"
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
os.chmod(work, 0o755)

# The example panel's description under two names.
lines = [l for l in open(recording) if not l.startswith("E:")]
nodes = {}
for name in ("TB Latency Direct", "TB Latency Through"):
    path = os.path.join(work, name.replace(" ", "-") + ".evemu")
    with open(path, "w") as f:
        f.writelines("N: " + name + "\n" if l.startswith("N:") else l for l in lines)
    nodes[name] = path
ranges = {int(l.split()[1], 16): (int(l.split()[2]), int(l.split()[3])) for l in lines if l.startswith("A:")}

os.makedirs("/run/udev/rules.d", exist_ok=True)
with open("/run/udev/rules.d/80-tb-latency.rules", "w") as f:
    f.write('SUBSYSTEM=="input", ATTRS{name}=="TB Latency Through", ENV{LIBINPUT_IGNORE_DEVICE}="1"\n')
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


direct = make_panel(nodes["TB Latency Direct"])
through = make_panel(nodes["TB Latency Through"])
subprocess.run(["udevadm", "settle"], check=True)
for node in (direct, through):
    os.chmod(node, 0o666)

tb_err = open(os.path.join(work, "touchbridge.err"), "w+")
spawn([os.path.join(bin_dir, "touchbridge"), "run", "--virtual-touchscreen", "--screen", "1280x800", through],
      stdout=subprocess.DEVNULL, stderr=tb_err)
deadline = time.monotonic() + 60
while "virtual touchscreen" not in open(tb_err.name).read():
    if time.monotonic() > deadline:
        sys.exit("touchbridge made no virtual touchscreen: " + open(tb_err.name).read())
    time.sleep(0.1)
subprocess.run(["udevadm", "settle"], check=True)

# The session: seatd as root, sway as nobody on the GPU with wlroots' pixman renderer.
nobody = pwd.getpwnam("nobody")
runtime = os.path.join(work, "xdg")
os.makedirs(runtime, mode=0o700)
os.chown(runtime, nobody.pw_uid, nobody.pw_gid)
config = os.path.join(work, "sway.config")
with open(config, "w") as f:
    f.write("xwayland disable\n")
subprocess.run(["udevadm", "trigger", "--subsystem-match=drm", "--action=add"], check=True)
subprocess.run(["udevadm", "settle"], check=True)
spawn(["seatd", "-u", "nobody", "-g", "nogroup"], stderr=subprocess.DEVNULL)
while not os.path.exists("/run/seatd.sock"):
    time.sleep(0.05)
env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "drm,libinput",
       "WLR_DRM_DEVICES": "/dev/dri/card0", "WLR_RENDERER": "pixman", "LIBSEAT_BACKEND": "seatd"}
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

EV = {"SYN": 0, "KEY": 1, "ABS": 3}
fds = {direct: os.open(direct, os.O_WRONLY), through: os.open(through, os.O_WRONLY)}
tracking = 0


def frame(node, events):
    data = b"".join(struct.pack("llHHi", 0, 0, EV[t], c, v) for t, c, v in events)
    os.write(fds[node], data + struct.pack("llHHi", 0, 0, 0, 0, 0))


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


def stop():
    for p in reversed(children):
        p.send_signal(signal.SIGTERM)
    for p in children:
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
    os.unlink("/run/udev/rules.d/80-tb-latency.rules")


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
stop()
