#!/usr/bin/env bash
# The daemon's throughput and memory on flood recordings (5 fingers moving every frame at
# 1 kHz, the default scene, JSON Lines to /dev/null), plus instruction counts per event from
# callgrind, which are repeatable on a noisy machine: the whole run divided by its events,
# and beyond start-up. usage: scripts/bench/daemon.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# The static build, as users get it (make install) and as BENCHMARKS.md's figures are.
make --no-print-directory .build/release/touchbridge >/dev/null
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
  # The same command on a one-frame recording counts start-up (argument parsing, the scene,
  # the window); a flood event's own cost is what the flood adds to it.
  python3 scripts/bench/flood.py 1 > "$dir/flood-1.evemu"
  count() {
    valgrind --tool=callgrind --callgrind-out-file="$dir/cg" "$@" > /dev/null 2> "$dir/cg.err"
    sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$dir/cg.err" | tr -d ,
  }
  events=$(grep -c '^E:' "$dir/flood-100k.evemu")
  one=$(grep -c '^E:' "$dir/flood-1.evemu")
  printf '%-52s %12s %10s %14s\n' "callgrind, the static build" "instructions" "an event" "beyond start-up"
  for mode in "run --json" "run --json --scene examples/kiosk.json" "run" "touches --json"; do
    # `touchbridge` runs `touches` by exec'ing the whole interface, which callgrind does not
    # follow: counted on touchbridge-cli itself.
    b=$bin; [ "${mode%% *}" = touches ] && b=.build/release/touchbridge-cli
    total=$(count $b $mode "$dir/flood-100k.evemu")
    start=$(count $b $mode "$dir/flood-1.evemu")
    printf '%-52s %12s %10.0f %14.0f\n' "$mode ($events events)" "$total" \
      "$(awk "BEGIN{print $total/$events}")" "$(awk "BEGIN{print ($total-$start)/($events-$one)}")"
  done
  # The noise rules on real fingers (landing apart, pressing): what judging costs when it passes.
  python3 scripts/bench/flood.py 6250 5 1000 fingers > "$dir/fingers-100k.evemu"
  python3 scripts/bench/flood.py 1 5 1000 fingers > "$dir/fingers-1.evemu"
  events=$(grep -c '^E:' "$dir/fingers-100k.evemu")
  one=$(grep -c '^E:' "$dir/fingers-1.evemu")
  for mode in "run --json" "run --json --noise-filter all"; do
    total=$(count $bin $mode "$dir/fingers-100k.evemu")
    start=$(count $bin $mode "$dir/fingers-1.evemu")
    printf '%-52s %12s %10.0f %14.0f\n' "$mode (fingers, $events events)" "$total" \
      "$(awk "BEGIN{print $total/$events}")" "$(awk "BEGIN{print ($total-$start)/($events-$one)}")"
  done
fi
