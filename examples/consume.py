#!/usr/bin/env python3
"""A kiosk app in another language acting on touchbridge's stream: reads the daemon's event
socket (or `touchbridge run --json` lines on stdin) and turns the kiosk scene's actions into
orders and page changes.

    python3 examples/consume.py --socket /run/touchbridge/events.sock
    touchbridge run --json --scene examples/kiosk.json examples/kiosk.evemu | python3 examples/consume.py

On the socket it asks only for what it uses (actions, touches, devices), reconnects when the
daemon restarts, and takes the panels and fingers down from the hello line.

Only the documented fields are used (schema/handler-log.schema.json), so it keeps working as
touchbridge adds fields.
"""
import json
import sys

DRINKS = {"orderCoffee": "coffee", "orderTea": "tea", "orderWater": "water"}


def main(lines, out=sys.stdout, state=None):
    page, orders, fingers = state or (1, [], set())
    for line in lines:
        event = json.loads(line)
        kind = event["event"]
        if kind == "hello":
            fingers = {t["id"] for t in event["touches"]}
            for d in event["devices"]:
                print(f"{event['t']:.3f} panel: {d['name']}", file=out)
        elif kind == "dropped":
            print(f"{event['t']:.3f} missed {event['lines']} lines", file=out)
        elif kind == "action" and event["target"] is not None:
            name = event["action"]
            if name in DRINKS:
                orders.append(DRINKS[name])
                print(f"{event['t']:.3f} order: {DRINKS[name]} (pressed {event['sender']})", file=out)
            elif name == "nextPage":
                page += 1
                print(f"{event['t']:.3f} page {page}", file=out)
            elif name == "previousPage":
                page = max(1, page - 1)
                print(f"{event['t']:.3f} page {page}", file=out)
        elif kind.startswith("touches"):
            for touch in event["touches"]:
                if touch["phase"] in ("ended", "cancelled"):
                    fingers.discard(touch["id"])
                else:
                    fingers.add(touch["id"])
        elif kind in ("deviceAdded", "deviceRemoved"):
            print(f"{event['t']:.3f} {'panel' if kind == 'deviceAdded' else 'panel gone'}: {event['name']}", file=out)
        out.flush()
    print(f"orders: {', '.join(orders) if orders else 'none'}; fingers still down: {len(fingers)}", file=out)
    return page, orders, fingers


def follow(path, out=sys.stdout):
    """The event socket, for good: reconnects (once a second) when the daemon is not there."""
    import socket
    import time
    state, waiting = None, False
    while True:
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
        except OSError as e:
            if not waiting:
                print(f"waiting for touchbridge on {path} ({e.strerror})", file=sys.stderr)
                waiting = True
            time.sleep(1)
            continue
        waiting = False
        s.sendall(b'{"subscribe":["action","touches","device"]}\n')
        with s, s.makefile("r", encoding="utf-8") as lines:
            state = main(lines, out, state)
        print("touchbridge went away; reconnecting", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--socket":
        follow(sys.argv[2])
    else:
        main(sys.stdin)
