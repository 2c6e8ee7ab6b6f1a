#!/bin/sh
# For the harness's latency mode: `run --virtual-touchscreen` on the panel NODE, and a second
# reader, `touchbridge evtest`, on the virtual touchscreen it makes; the reader's output is
# this script's. usage: virtual-reader.sh TOUCHBRIDGE NODE
tb=$1 node=$2
"$tb" run --virtual-touchscreen --log-events device "$node" >/dev/null 2>&1 &
daemon=$!
reader=
trap 'kill -INT $daemon $reader 2>/dev/null; wait; exit 0' INT TERM
virtual=
for _ in $(seq 500); do
  for e in /sys/class/input/event*; do
    case "$(cat "$e/device/name" 2>/dev/null)" in "touchbridge: "*) virtual=/dev/input/${e##*/} ;; esac
  done
  [ -n "$virtual" ] && [ -r "$virtual" ] && break
  sleep 0.02
done
[ -n "$virtual" ] || { echo "virtual-reader: no virtual touchscreen appeared" >&2; kill $daemon; exit 69; }
"$tb" evtest "$virtual" &
reader=$!
wait $reader
