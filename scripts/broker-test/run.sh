#!/bin/bash
# The fleet recipe of docs/consuming-events.md with a real broker: a mosquitto on loopback,
# `touchbridge listen --json --events action,device | mosquitto_pub -l`, and mosquitto_sub
# reading back what arrived. The kiosk example's actions must arrive in order, byte for byte
# the lines `run --json` writes. Run by `make test` (after the build).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${TOUCHBRIDGE:-$ROOT/.build/debug/touchbridge}
for t in mosquitto mosquitto_pub mosquitto_sub; do
    command -v $t >/dev/null || PATH=$PATH:/usr/sbin
    command -v $t >/dev/null || { echo "broker-test: $t is missing (make test-deps installs mosquitto mosquitto-clients)" >&2; exit 1; }
done
TMP=$(mktemp -d /tmp/tb-broker-XXXXXX)
pids=()
cleanup() {
    pkill -f -- "listen --json --events action,device --socket $TMP/" 2>/dev/null || true
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT

# A free loopback port, and a broker on it (anonymous, loopback only).
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n' "$PORT" > "$TMP/mosquitto.conf"
chmod 755 "$TMP"; chmod 644 "$TMP/mosquitto.conf"
mosquitto -c "$TMP/mosquitto.conf" > "$TMP/broker.log" 2>&1 & pids+=($!)
for _ in $(seq 100); do mosquitto_pub -p "$PORT" -t probe -m x 2>/dev/null && break; sleep 0.1; done

# The kiosk recording with its touches 2.5 s later, so listen connects before the first one.
python3 - "$ROOT/examples/kiosk.evemu" "$TMP/kiosk.evemu" <<'PY'
import sys
out, first = [], True
for line in open(sys.argv[1]):
    if line.startswith("E: "):
        if first:
            out.append("E: 0.000000 0000 0000 0000\n"); first = False
        _, t, rest = line.split(" ", 2)
        line = f"E: {float(t) + 2.5:.6f} {rest}"
    out.append(line)
open(sys.argv[2], "w").writelines(out)
PY
EXPECTED=$("$BIN" run --json --log-events action,device --scene "$ROOT/examples/kiosk.json" "$TMP/kiosk.evemu" | tail -n +2)
COUNT=$(printf '%s\n' "$EXPECTED" | wc -l)

# The recipe publishes the hello line first, then the lines.
mosquitto_sub -p "$PORT" -t 'kiosk/+/events' -C $((COUNT + 1)) -W 30 > "$TMP/received" & SUB=$!
sleep 0.5
"$BIN" run --realtime --socket "$TMP/events.sock" --scene "$ROOT/examples/kiosk.json" "$TMP/kiosk.evemu" \
    > /dev/null 2> "$TMP/daemon.err" & pids+=($!)
( "$BIN" listen --json --events action,device --socket "$TMP/events.sock" 2> "$TMP/listen.err" \
    | mosquitto_pub -p "$PORT" -l -t kiosk/test/events ) & pids+=($!)
if ! wait $SUB; then
    echo "broker-test: mosquitto_sub did not get $COUNT messages; it got:" >&2; cat "$TMP/received" >&2
    echo "listen said:" >&2; cat "$TMP/listen.err" >&2; exit 1
fi
if ! head -1 "$TMP/received" | grep -q '"event":"hello"'; then
    echo "broker-test: the first message is not the hello line: $(head -1 "$TMP/received")" >&2; exit 1
fi
if [ "$(tail -n +2 "$TMP/received")" != "$EXPECTED" ]; then
    echo "broker-test: the broker's messages differ from run --json's lines" >&2
    diff <(printf '%s\n' "$EXPECTED") <(tail -n +2 "$TMP/received") >&2 || true
    exit 1
fi
echo "broker-test: $COUNT lines (actions and devices) through listen | mosquitto_pub -> mosquitto -> mosquitto_sub, in order, byte for byte"
