#!/bin/sh
# Inside the test VM (make sanitize runs it through scripts/vm/run): the daemon built with
# AddressSanitizer runs 60 s on a uinput panel that five fingers keep touching (touches down,
# moving, lifting every five seconds), with the kiosk scene's recognizers and buttons; then
# SIGTERM. LeakSanitizer checks the heap at exit: any leak fails.
set -e
bin=.build-asan/debug/touchbridge
python3 scripts/bench/flood.py 6500 5 10000 > /tmp/leak-stream.evemu      # 65 s at 100 Hz
stream=/tmp/leak-stream.evemu; . scripts/vm/replay-panel.sh
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/scripts/sanitize/lsan.supp \
  $bin run --json --scene examples/kiosk.json "$node" > /tmp/leak-run.log 2> /tmp/leak-run.err &
daemon=$!
for i in $(seq 1 12); do
  sleep 5
  echo "t=$((i * 5)) s: $(awk '/VmRSS/ {print $2 " kB"}' /proc/$daemon/status), $(ls /proc/$daemon/fd | wc -l) fds, $(wc -l < /tmp/leak-run.log) log lines"
done
kill -TERM $daemon 2>/dev/null || { echo "daemon-leaks: the daemon died:"; cat /tmp/leak-run.err; exit 1; }
wait $daemon; rc=$?
wait $replay || true
if grep -q "LeakSanitizer" /tmp/leak-run.err; then
  echo "daemon-leaks: LeakSanitizer found leaks:"; cat /tmp/leak-run.err; exit 1
fi
[ $rc -eq 0 ] || { echo "daemon-leaks: the daemon exited $rc"; cat /tmp/leak-run.err; exit 1; }
echo "daemon-leaks: 60 s under AddressSanitizer, $(wc -l < /tmp/leak-run.log) handler calls, no leak at exit"
