#!/bin/sh
# Inside the test VM (scripts/vm/run 'sh scripts/examples/record.sh'): replay each generated
# story (examples/src/*.evemu) into a uinput device and record it with touchbridge into
# examples/, so the bundled recordings are real recordings of a kernel device. With names as
# arguments (`record.sh photo`), only those stories.
set -e
bin=.build/debug/touchbridge
sources=examples/src/*.evemu
[ $# -gt 0 ] && sources=$(for n in "$@"; do echo "examples/src/$n.evemu"; done)
for src in $sources; do
  out=examples/$(basename "$src")
  $bin replay --start-delay 1.5 --hold 0.3 "$src" 2> /tmp/replay.txt &
  rp=$!
  sleep 0.8
  node=$(sed -n 's/.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' /tmp/replay.txt)
  $bin record "$node" -o "$out" &
  cp=$!
  wait $rp || true
  kill -INT $cp; wait $cp || true
  echo "$out: $(grep -c '^E:' "$out") events from $node (source: $(grep -c '^E:' "$src"))"
done
