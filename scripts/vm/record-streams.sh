#!/bin/sh
# Inside the test VM: replay each evemu stream of SRC into a uinput device with
# `touchbridge replay` and record the device with `touchbridge record` into OUT, so the files
# there are real recordings of kernel devices. usage: record-streams.sh SRC OUT [NAME…]
# (with names, only SRC/NAME.evemu).
set -e
bin=.build/debug/touchbridge
src_dir=$1 out_dir=$2
shift 2
sources=$src_dir/*.evemu
[ $# -gt 0 ] && sources=$(for n in "$@"; do echo "$src_dir/$n.evemu"; done)
mkdir -p "$out_dir"
for src in $sources; do
  out=$out_dir/$(basename "$src")
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
