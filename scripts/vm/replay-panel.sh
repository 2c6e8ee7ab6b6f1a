# Sourced by the VM scripts: `stream=FILE.evemu; . scripts/vm/replay-panel.sh`. Replays it on a
# uinput panel in the background (3 s start delay, held 1 s after) and sets $replay to its pid
# and $node to the panel's /dev/input/eventN, or exits 1 saying why.
.build/debug/touchbridge replay --start-delay 3 --hold 1 "$stream" 2> /tmp/replay.txt &
replay=$!
node=
for i in $(seq 1 300); do
  node=$(sed -n 's/.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' /tmp/replay.txt)
  [ -n "$node" ] && break
  sleep 0.2
done
[ -n "$node" ] || { echo "replay made no device from $stream:"; cat /tmp/replay.txt; exit 1; }
