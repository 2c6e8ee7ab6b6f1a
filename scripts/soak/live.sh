#!/bin/sh
# Inside the test VM (make soak): the release daemon runs 10 minutes on a uinput panel that
# five fingers keep touching (a 100 Hz stream replayed at its pace), with the kiosk scene;
# its memory and descriptors are sampled every 10 s into .build/soak/live.txt.
set -e
mkdir -p .build/soak
python3 scripts/bench/flood.py 60500 5 10000 > /tmp/soak-stream.evemu          # 605 s at 100 Hz
stream=/tmp/soak-stream.evemu; . scripts/vm/replay-panel.sh
.build/release/touchbridge run --json --scene examples/kiosk.json "$node" > /tmp/soak-run.log 2> /tmp/soak-run.err &
daemon=$!
sh scripts/soak/sample.sh $daemon 10 .build/soak/live.txt &
wait $replay || true
sleep 2
kill -TERM $daemon
wait $daemon
echo "soak live: $(wc -l < /tmp/soak-run.log) handler calls in $(tail -1 .build/soak/live.txt | cut -d' ' -f1) s"
