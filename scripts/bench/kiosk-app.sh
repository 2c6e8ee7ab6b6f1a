#!/usr/bin/env bash
# What a Swift app on `Kiosk` pays beside `touchbridge run` (issue 23): callgrind's
# instructions an event for examples/swift-kiosk on a flood recording, and for `run` on a
# scene of the same shape (scripts/bench/signature-scene.json: the pad, the strip with its
# pan, two buttons; laid out for the flood panel's default screen, 967.6x544.3 points), with
# the touch lines written (`--json`) and without (`--log-events device`, as the app writes
# only device lines). Release builds, as users get them. usage: scripts/bench/kiosk-app.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product touchbridge >/dev/null
swift build -c release --package-path examples/swift-kiosk --product swift-kiosk >/dev/null
tb=.build/release/touchbridge
app=examples/swift-kiosk/.build/release/swift-kiosk
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/bench/flood.py 6250 > "$dir/flood.evemu"        # 100 000 events
events=$(grep -c '^E:' "$dir/flood.evemu")
measure() {  # LABEL COMMAND…
  local label=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$dir/cg" "$@" > /dev/null 2> "$dir/cg.err"
  local total
  total=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$dir/cg.err" | tr -d ,)
  printf '| %s | %.1f |\n' "$label" "$(awk "BEGIN{print $total/$events}")"
}
echo "| what ($events events) | instructions an event |"
echo "|---|---|"
measure "examples/swift-kiosk (Kiosk, the app in Swift)" $app "$dir/flood.evemu"
measure "run --scene signature-scene.json --log-events device" $tb run --scene scripts/bench/signature-scene.json --log-events device "$dir/flood.evemu"
measure "run --scene signature-scene.json --json" $tb run --scene scripts/bench/signature-scene.json --json "$dir/flood.evemu"
