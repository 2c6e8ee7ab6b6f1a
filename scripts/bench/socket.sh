#!/usr/bin/env bash
# What the event socket costs, in instructions (callgrind: repeatable on a noisy machine):
# `run --realtime --json --socket` on the 100 000-event flood (5 fingers at 1 kHz, the default
# scene) with no client, 1 and 3 clients reading every line as JSON, and 3 reading text (the
# log then writes both formats). The clients are processes of their own, not counted.
# usage: scripts/bench/socket.sh [BINARY]   (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-.build/release/touchbridge}
[ -x "$bin" ] || { echo "socket.sh: build first (make .build/release/touchbridge)" >&2; exit 66; }
command -v valgrind >/dev/null || { echo "socket.sh: valgrind is missing" >&2; exit 69; }
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$dir"' EXIT
# The flood, 10 s later than recorded behind an empty frame: the clients connect meanwhile
# (valgrind is slow to start); the rest plays as fast as callgrind allows.
python3 scripts/bench/flood.py 6250 | awk '
  /^E: / { if (!done) { print "E: 0.000000 0000 0000 0000"; done = 1 }
           split($2, t, "."); printf "E: %d.%s %s %s %s\n", t[1] + 10, t[2], $3, $4, $5; next }
  { print }' > "$dir/flood.evemu"
events=$(grep -c '^E:' "$dir/flood.evemu")
client() {  # FORMAT: a client that subscribes to everything in FORMAT and discards it
  python3 - "$dir/events.sock" "$1" <<'PY' &
import socket, sys, time
while True:
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); break
    except OSError:
        time.sleep(0.01)
s.sendall(('{"format":"%s"}\n' % sys.argv[2]).encode())
while s.recv(1 << 16):
    pass
PY
}
measure() {  # LABEL CLIENTS FORMAT
  rm -f "$dir/events.sock"
  for _ in $(seq "$2"); do client "$3"; done
  valgrind --tool=callgrind --callgrind-out-file="$dir/cg" "$bin" run --realtime --json --socket "$dir/events.sock" \
    "$dir/flood.evemu" > /dev/null 2> "$dir/cg.err"
  wait
  total=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$dir/cg.err" | tr -d ,)
  got=$(grep -c 'connected (' "$dir/cg.err" || true)
  printf '%-44s %3d clients connected %14s instructions %8.1f per event\n' "$1" "$got" "$total" "$(awk "BEGIN{print $total/$events}")"
}
measure "no client" 0 json
measure "1 client, JSON" 1 json
measure "3 clients, JSON" 3 json
measure "3 clients, text (both formats written)" 3 text

# Memory: peak RSS of a realtime run of the flood (5 s of 1 kHz frames after a 2 s lead-in)
# with no client, and with 64 clients that connect and never read (the most there may be):
# their queues are bounded (64 × 256 KiB).
python3 scripts/bench/flood.py 5000 | awk '
  /^E: / { if (!done) { print "E: 0.000000 0000 0000 0000"; done = 1 }
           split($2, t, "."); printf "E: %d.%s %s %s %s\n", t[1] + 2, t[2], $3, $4, $5; next }
  { print }' > "$dir/flood5s.evemu"
rss() {  # CLIENTS
  rm -f "$dir/events.sock"
  [ "$1" -gt 0 ] && python3 - "$dir/events.sock" "$1" <<'PY' &
import socket, sys, time
conns = []
while len(conns) < int(sys.argv[2]):
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); conns.append(s)
    except OSError:
        time.sleep(0.01)
time.sleep(30)
PY
  /usr/bin/time -f "%M" -o "$dir/rss" "$bin" run --realtime --json --socket "$dir/events.sock" "$dir/flood5s.evemu" > /dev/null 2> "$dir/run.err"
  kill %% 2>/dev/null || true; wait 2>/dev/null || true
  printf 'peak RSS, %2d clients that never read: %6.1f MiB (%d connected)\n' "$1" "$(awk "{print \$1/1024}" "$dir/rss")" \
    "$(grep -c 'connected (' "$dir/run.err" || true)"
}
rss 0
rss 64
