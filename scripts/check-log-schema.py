#!/usr/bin/env python3
"""Checks the handler log's stable interface: every line of the golden JSON logs (the examples',
and the dropped line's) validates against schema/handler-log.schema.json, every line kind is
covered, and
examples/consume.py turns the kiosk log into the orders it shows."""
import glob, io, json, os, subprocess, sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schema = json.load(open(os.path.join(ROOT, "schema", "handler-log.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

seen, count, failures = set(), 0, 0
for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "TouchBridgeTests", "Golden", "*.jsonl"))):
    for n, line in enumerate(open(path), 1):
        count += 1
        obj = json.loads(line)
        errors = list(validator.iter_errors(obj))
        for e in errors:
            failures += 1
            print(f"{os.path.relpath(path, ROOT)}:{n}: {e.message}", file=sys.stderr)
        seen.add(obj["event"])
# The socket's own lines, live: hello and error from the built daemon on a recording.
import atexit, shutil, socket, tempfile, time
binary = os.path.join(ROOT, ".build", "debug", "touchbridge")
if os.path.exists(binary):
    tmp = tempfile.mkdtemp(prefix="tb-schema-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    rec = os.path.join(tmp, "late.evemu")
    with open(rec, "w") as f:
        first = True
        for line in open(os.path.join(ROOT, "examples", "kiosk.evemu")):
            if line.startswith("E: "):
                if first:
                    f.write("E: 0.000000 0000 0000 0000\n")
                    first = False
                _, t, rest = line.split(" ", 2)
                line = f"E: {float(t) + 3:.6f} {rest}"
            f.write(line)
    path = os.path.join(tmp, "events.sock")
    daemon = subprocess.Popen([binary, "run", "--realtime", "--socket", path, "--scene",
                               os.path.join(ROOT, "examples", "kiosk.json"), rec],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    live = []
    for _ in range(200):
        try:
            good = socket.socket(socket.AF_UNIX); good.connect(path); break
        except OSError:
            time.sleep(0.05)
    bad = socket.socket(socket.AF_UNIX); bad.connect(path); bad.sendall(b"{\"subscribe\":[\"taps\"]}\n")
    live = bad.makefile("rb").read().decode().splitlines()
    # Commands: their answers (ok, and error for one it does not know), on a client that stays.
    commander = socket.socket(socket.AF_UNIX); commander.connect(path); commander.settimeout(30)
    commander.sendall(b'{"subscribe":[]}\n{"command":"state"}\n{"command":"lock","seconds":0.5}\n'
                      b'{"command":"unlock"}\n{"command":"dance"}\n')
    answers = commander.makefile("rb")
    live += [answers.readline().decode().rstrip("\n") for _ in range(5)]
    commander.close()
    # examples/consume.py on the socket: the orders, then it waits for the daemon to come back.
    app = subprocess.Popen([sys.executable, os.path.join(ROOT, "examples", "consume.py"), "--socket", path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    daemon.wait(timeout=60)
    live += good.makefile("rb").read().decode().splitlines()
    time.sleep(0.5)
    app.terminate()
    app_out, app_err = app.communicate()
    if "order: water" not in app_out or "page 2" not in app_out or "reconnecting" not in app_err:
        print("examples/consume.py --socket gave:\n" + app_out + app_err, file=sys.stderr)
        failures += 1
    for n, line in enumerate(live, 1):
        obj = json.loads(line)
        count += 1
        for e in validator.iter_errors(obj):
            failures += 1
            print(f"live socket line {n}: {e.message}: {line[:120]}", file=sys.stderr)
        seen.add(obj["event"])
# A bad line must fail (the check itself is checked).
bad = {"t": 1.0, "event": "touchesBegan", "responder": "A", "touches": [{"id": 1}]}
assert list(validator.iter_errors(bad)), "the schema accepts an incomplete touch"
kinds = {"touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "gesture", "action", "deviceAdded", "deviceRemoved",
         "dropped", "sceneReloaded", "commandStarted", "commandExited", "commandSkipped", "hello", "error", "idle", "wake",
         "ghost", "lock", "unlock", "ok", "noise"}
if kinds - seen:
    print(f"line kinds never seen in the golden logs: {sorted(kinds - seen)}", file=sys.stderr)
    failures += 1

sys.path.insert(0, os.path.join(ROOT, "examples"))
import consume
out = io.StringIO()
consume.main(open(os.path.join(ROOT, "Tests", "TouchBridgeTests", "Golden", "kiosk.jsonl")), out)
result = out.getvalue().splitlines()
expected_tail = "orders: coffee, tea, water; fingers still down: 0"
if result[-1] != expected_tail or "page 2" not in out.getvalue():
    print("examples/consume.py on the kiosk log gave:\n" + out.getvalue(), file=sys.stderr)
    failures += 1

print(f"handler log schema: {count} lines of {len(glob.glob(os.path.join(ROOT, 'Tests/TouchBridgeTests/Golden/*.jsonl')))} golden logs valid, "
      f"{len(seen)} line kinds; examples/consume.py: {result[-1]}")
sys.exit(1 if failures else 0)
