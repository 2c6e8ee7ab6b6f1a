#!/usr/bin/env bash
# The daemon's own memory over an hour's worth of 10-finger frames at 1 kHz (3.6 M frames,
# 112 M events, streamed through a named pipe as fast as it reads them): its private memory
# (RssAnon, and the private dirty pages of its files) sampled every second, and VmHWM.
# usage: scripts/bench/private-memory.sh [FRAMES]   (default 3600000)
set -euo pipefail
cd "$(dirname "$0")/../.."
frames=${1:-3600000}
make --no-print-directory .build/release/touchbridge >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/flood.evemu"
python3 scripts/bench/flood.py "$frames" 10 > "$dir/flood.evemu" &
.build/release/touchbridge run --json "$dir/flood.evemu" > /dev/null &
pid=$!
echo "seconds RssAnon_kB private_dirty_kB VmRSS_kB VmHWM_kB"
s=0
while kill -0 $pid 2>/dev/null; do
  anon=$(awk '/^RssAnon/{print $2}' /proc/$pid/status 2>/dev/null) || break
  rss=$(awk '/^VmRSS/{print $2}' /proc/$pid/status 2>/dev/null) || break
  hwm=$(awk '/^VmHWM/{print $2}' /proc/$pid/status 2>/dev/null) || break
  dirty=$(awk '/^Private_Dirty/{s+=$2} END{print s}' /proc/$pid/smaps 2>/dev/null) || break
  [ -n "$anon" ] && echo "$s $anon $dirty $rss $hwm"
  sleep 1
  s=$((s + 1))
done
wait $pid
