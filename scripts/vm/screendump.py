#!/usr/bin/env python3
"""Host side of the VM's screenshots: what QEMU itself shows of a virtio display, for tests
that check a picture no compositor made (KMS). The VM writes JOBDIR/NAME.screendump, a line
`DEVICE` (gpu1: the second --displays GPU); this answers with JOBDIR/NAME.ppm through QEMU's
monitor (QMP `screendump`), then JOBDIR/NAME.done. scripts/vm/run starts it beside QEMU.

usage: screendump.py JOBDIR QMP_SOCKET
"""
import json, os, socket, sys, time


def connect(path):
    for _ in range(600):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            return s
        except OSError:
            time.sleep(0.1)
    sys.exit("screendump: no QMP socket at " + path)


class Monitor:
    def __init__(self, path):
        self.sock = connect(path)
        self.file = self.sock.makefile("rwb")
        self.reply()  # the greeting
        self.command("qmp_capabilities")

    def reply(self):
        while True:
            line = self.file.readline()
            if not line:
                raise EOFError
            msg = json.loads(line)
            if "event" not in msg:
                return msg

    def command(self, name, **arguments):
        self.file.write(json.dumps({"execute": name, "arguments": arguments}).encode() + b"\n")
        self.file.flush()
        return self.reply()


def main():
    jobdir, path = sys.argv[1], sys.argv[2]
    monitor = Monitor(path)
    while True:
        for name in sorted(os.listdir(jobdir)):
            if not name.endswith(".screendump"):
                continue
            base = os.path.join(jobdir, name[: -len(".screendump")])
            device = open(os.path.join(jobdir, name)).read().strip()
            os.unlink(os.path.join(jobdir, name))
            answer = monitor.command("screendump", filename=base + ".ppm", device=device)
            with open(base + ".done", "w") as f:
                f.write(json.dumps(answer) + "\n")
        time.sleep(0.1)


if __name__ == "__main__":
    try:
        main()
    except (EOFError, BrokenPipeError, ConnectionResetError):
        pass  # QEMU ended
