#!/usr/bin/env bash
# The daemon's throughput and memory on flood recordings (5 fingers moving every frame at
# 1 kHz, the default scene, JSON Lines to /dev/null), plus instruction counts per event from
# callgrind, which are repeatable on a noisy machine. usage: scripts/bench/daemon.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product touchbridge >/dev/null
bin=.build/release/touchbridge
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/bench/flood.py 62500 > "$dir/flood-1m.evemu"      # 1 000 000 events
python3 scripts/bench/flood.py 625000 > "$dir/flood-10m.evemu"    # 10 000 000 events
python3 scripts/bench/flood.py 6250 > "$dir/flood-100k.evemu"     # for callgrind
printf '%-36s %10s %12s %10s\n' "what" "seconds" "events/s" "peak RSS"
for mode in "run --json" "touches --json"; do
  for f in flood-1m flood-10m; do
    [ "$mode" = "touches --json" ] && [ "$f" = flood-10m ] && continue
    events=$(grep -c '^E:' "$dir/$f.evemu")
    best=""
    for i in 1 2 3; do
      /usr/bin/time -f "%e %M" -o "$dir/time" $bin $mode "$dir/$f.evemu" > /dev/null
      read -r s kb < "$dir/time"
      if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; rss=$kb; fi
    done
    printf '%-36s %10s %12.0f %7.1f MiB\n' "$mode ($f)" "$best" "$(awk "BEGIN{print $events/$best}")" "$(awk "BEGIN{print $rss/1024}")"
  done
done
if command -v valgrind >/dev/null; then
  for mode in "run --json" "run" "touches --json"; do
    valgrind --tool=callgrind --callgrind-out-file="$dir/cg" $bin $mode "$dir/flood-100k.evemu" > /dev/null 2> "$dir/cg.err"
    total=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$dir/cg.err" | tr -d ,)
    printf '%-36s %12s instructions, %6.0f per event\n' "$mode (100 000 events)" "$total" "$(awk "BEGIN{print $total/100000}")"
  done
fi
