#!/usr/bin/env python3
"""A kiosk app in another language acting on touchbridge's stream: reads `touchbridge run
--json` lines on stdin and turns the kiosk scene's actions into orders and page changes.

    touchbridge run --json --scene examples/kiosk.json | python3 examples/consume.py
    touchbridge run --json --scene examples/kiosk.json examples/kiosk.evemu | python3 examples/consume.py

Only the documented fields are used (schema/handler-log.schema.json), so it keeps working as
touchbridge adds fields.
"""
import json
import sys

DRINKS = {"orderCoffee": "coffee", "orderTea": "tea", "orderWater": "water"}


def main(lines, out=sys.stdout):
    page, orders, fingers = 1, [], set()
    for line in lines:
        event = json.loads(line)
        kind = event["event"]
        if kind == "action" and event["target"] is not None:
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


if __name__ == "__main__":
    main(sys.stdin)
