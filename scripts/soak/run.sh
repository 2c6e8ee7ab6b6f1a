#!/bin/sh
# make soak: the pipeline's invariants over ten million random events per scene; an hour of
# five-finger activity (at 200 Hz) streamed through `run --json` at full speed with memory and
# descriptors sampled; then ten minutes live on a uinput panel in the VM, sampled likewise.
# The samples go to .build/soak/ and a summary to standard output.
set -e
cd "$(dirname "$0")/../.."
swift build -c release --product touchbridge >/dev/null
swift build -c release --product touchbridge-soak >/dev/null
swift build --build-tests >/dev/null
mkdir -p .build/soak
.build/release/touchbridge-soak 10000000 1000
fifo=.build/soak/hour.fifo
rm -f "$fifo"; mkfifo "$fifo"
python3 scripts/bench/flood.py 720000 5 5000 > "$fifo" &                      # 3600 s at 200 Hz
gen=$!
.build/release/touchbridge run --json --scene examples/kiosk.json "$fifo" > /dev/null &
run=$!
sh scripts/soak/sample.sh $run 0.5 .build/soak/hour.txt
wait $gen; wait $run
echo "soak recording: an hour of activity (11 520 000 events) in $(tail -1 .build/soak/hour.txt | cut -d' ' -f1) s;" \
     "RSS kB first/last/max $(head -1 .build/soak/hour.txt | cut -d' ' -f2)/$(tail -1 .build/soak/hour.txt | cut -d' ' -f2)/$(sort -n -k2 .build/soak/hour.txt | tail -1 | cut -d' ' -f2)," \
     "fds $(cut -d' ' -f3 .build/soak/hour.txt | sort -u | tr '\n' ' ')"
if [ -w /dev/uinput ]; then sh scripts/soak/live.sh; else scripts/vm/run --timeout 1500 'sh scripts/soak/live.sh'; fi
echo "soak live: RSS kB first/last/max $(head -1 .build/soak/live.txt | cut -d' ' -f2)/$(tail -1 .build/soak/live.txt | cut -d' ' -f2)/$(sort -n -k2 .build/soak/live.txt | tail -1 | cut -d' ' -f2)," \
     "fds $(cut -d' ' -f3 .build/soak/live.txt | sort -u | tr '\n' ' ')"
