"""Inside the VM, for the benches that compare a compositor reading a panel itself with one
reading it through touchbridge's virtual touchscreen (bench-hop, bench-latency): two uinput
panels of a recording's description, the second hidden from libinput and read by `touchbridge
run --virtual-touchscreen`; a seat for a compositor run as nobody; frames written into either
panel; everything ended in reverse order."""
import os, pwd, re, shutil, signal, struct, subprocess, sys, time

EV = {"SYN": 0, "KEY": 1, "ABS": 3}


class TwoPanels:
    def __init__(self, bin_dir, recording, title, touchbridge_args=()):
        """Panels named "TITLE Direct" and "TITLE Through" in /tmp/tb-TITLE; touchbridge (with
        `touchbridge_args`) reading the second once it has made its virtual touchscreen."""
        self.children = []
        slug = title.lower().replace(" ", "-")
        self.work = "/tmp/" + slug
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        os.chmod(self.work, 0o755)
        lines = [l for l in open(recording) if not l.startswith("E:")]
        self.ranges = {int(l.split()[1], 16): (int(l.split()[2]), int(l.split()[3]))
                       for l in lines if l.startswith("A:")}
        paths = {}
        for side in ("Direct", "Through"):
            paths[side] = os.path.join(self.work, side + ".evemu")
            with open(paths[side], "w") as f:
                f.writelines(f"N: {title} {side}\n" if l.startswith("N:") else l for l in lines)
        # libinput (the compositor) leaves the panel touchbridge reads to touchbridge.
        os.makedirs("/run/udev/rules.d", exist_ok=True)
        self.rule = f"/run/udev/rules.d/80-{slug}.rules"
        with open(self.rule, "w") as f:
            f.write(f'SUBSYSTEM=="input", ATTRS{{name}}=="{title} Through", ENV{{LIBINPUT_IGNORE_DEVICE}}="1"\n')
        subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
        self.direct = self._panel(paths["Direct"])
        self.through = self._panel(paths["Through"])
        subprocess.run(["udevadm", "settle"], check=True)
        # A tool run as nobody reads them beside the compositor.
        for node in (self.direct, self.through):
            os.chmod(node, 0o666)
        self.fds = {n: os.open(n, os.O_WRONLY) for n in (self.direct, self.through)}
        err = open(os.path.join(self.work, "touchbridge.err"), "w+")
        self.spawn([os.path.join(bin_dir, "touchbridge"), "run", "--virtual-touchscreen", "--screen", "1280x800",
                    *touchbridge_args, self.through], stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 60
        while "virtual touchscreen" not in open(err.name).read():
            if time.monotonic() > deadline:
                self.stop()
                sys.exit("touchbridge made no virtual touchscreen: " + open(err.name).read())
            time.sleep(0.1)
        subprocess.run(["udevadm", "settle"], check=True)

    def spawn(self, argv, **kw):
        """A child ended by `stop`."""
        p = subprocess.Popen(argv, **kw)
        self.children.append(p)
        return p

    def _panel(self, path):
        p = self.spawn(["evemu-device", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            m = re.search(r"(/dev/input/event\d+)$", p.stdout.readline().strip())
            if m:
                return m.group(1)
        self.stop()
        sys.exit("evemu-device made no panel from " + path)

    def seat(self):
        """seatd as root for a compositor run as nobody on the first GPU with wlroots' pixman
        renderer: the compositor's environment."""
        nobody = pwd.getpwnam("nobody")
        runtime = os.path.join(self.work, "xdg")
        os.makedirs(runtime, mode=0o700)
        os.chown(runtime, nobody.pw_uid, nobody.pw_gid)
        subprocess.run(["udevadm", "trigger", "--subsystem-match=drm", "--action=add"], check=True)
        subprocess.run(["udevadm", "settle"], check=True)
        self.spawn(["seatd", "-u", "nobody", "-g", "nogroup"], stderr=subprocess.DEVNULL)
        while not os.path.exists("/run/seatd.sock"):
            time.sleep(0.05)
        return {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "drm,libinput",
                "WLR_DRM_DEVICES": "/dev/dri/card0", "WLR_RENDERER": "pixman", "LIBSEAT_BACKEND": "seatd"}

    def frame(self, node, events):
        """Writes one frame into the panel's node (the kernel takes it as the device's own)."""
        data = b"".join(struct.pack("llHHi", 0, 0, EV[t], c, v) for t, c, v in events)
        os.write(self.fds[node], data + struct.pack("llHHi", 0, 0, 0, 0, 0))

    def stop(self):
        for p in reversed(self.children):
            p.send_signal(signal.SIGTERM)
        for p in self.children:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        if os.path.exists(self.rule):
            os.unlink(self.rule)
