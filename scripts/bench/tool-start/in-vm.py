#!/usr/bin/env python3
"""Inside the VM: how long each tool takes from its start to its first words about a panel,
on one uinput panel (evemu-device), in one boot, each tool started ROUNDS times in turn.
`evtest`, `touchbridge evtest`, `list`: the first line on standard output; `touches`: the
line saying it is reading, on standard error. Prints one line per tool: its times in ms.
usage: [TOUCHBRIDGE_BASELINE=PROGRAM] in-vm.py BIN_DIR RECORDING ROUNDS"""
import os, re, select, signal, subprocess, sys, time

bin_dir, recording, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
made = subprocess.Popen(["evemu-device", recording], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
node = None
deadline = time.monotonic() + 60
while node is None and time.monotonic() < deadline:
    line = made.stdout.readline()
    m = re.search(r"(/dev/input/event\d+)$", line.strip())
    node = m.group(1) if m else None
if node is None:
    sys.exit("evemu-device made no panel")
time.sleep(2)  # udev's rules done

tb = os.path.join(bin_dir, "touchbridge")
tools = {
    "evtest": ([ "evtest", node], "stdout"),
    "touchbridge evtest": ([tb, "evtest", node], "stdout"),
    "touchbridge touches": ([tb, "touches", node], "stderr"),
    "touchbridge list": ([tb, "list"], "stdout"),
    "touchbridge run": ([tb, "run", "--log-level", "info", node], "stderr"),
    "touchbridge --version": ([tb, "--version"], "stdout"),
}
# The floor: a Swift program that prints one line, linked as the release build is (run builds it).
hello = os.path.normpath(os.path.join(bin_dir, "..", "bench-floor", "hello"))
if os.path.exists(hello):
    tools["swift hello"] = ([hello], "stdout")
list_floor = os.path.join(os.path.dirname(hello), "list-floor")
if os.path.exists(list_floor):
    tools["swift list floor"] = ([list_floor], "stdout")
# A build to compare with, in the same boot (TOUCHBRIDGE_BASELINE: its daemon's program).
baseline = os.environ.get("TOUCHBRIDGE_BASELINE")
if baseline:
    tools["baseline evtest"] = ([baseline, "evtest", node], "stdout")
    tools["baseline touches"] = ([baseline, "touches", node], "stderr")
    tools["baseline list"] = ([baseline, "list"], "stdout")
if os.path.exists(os.path.join(bin_dir, "touchbridge-cli")):
    tools["touchbridge-cli evtest"] = ([os.path.join(bin_dir, "touchbridge-cli"), "evtest", node], "stdout")
    tools["touchbridge-cli list"] = ([os.path.join(bin_dir, "touchbridge-cli"), "list"], "stdout")


def first_words(argv, stream):
    start = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    pipe = p.stdout if stream == "stdout" else p.stderr
    ready, _, _ = select.select([pipe], [], [], 60)
    took = (time.monotonic() - start) * 1000 if ready and os.read(pipe.fileno(), 1) else float("nan")
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(5)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    return took


times = {name: [] for name in tools}
for r in range(rounds):
    for name, (argv, stream) in tools.items():
        times[name].append(first_words(argv, stream))
for name, ts in times.items():
    s = sorted(ts)
    print(f"{name}\tmedian {s[len(s) // 2]:.0f} ms\t" + " ".join(f"{t:.0f}" for t in ts))
made.send_signal(signal.SIGINT)
