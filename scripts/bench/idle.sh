#!/bin/sh
# Inside the test VM (scripts/vm/run 'sh scripts/bench/idle.sh'): the daemon's wakeups while
# nobody touches the panel, counted as context switches over 10 s, with and without the
# systemd watchdog (WatchdogSec=10: a keep-alive every 5 s).
bin=.build/debug/touchbridge
$bin replay --start-delay 0 --hold 60 examples/tap-over-view.evemu 2> /tmp/replay.txt &
sleep 1
node=$(sed -n 's/.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' /tmp/replay.txt)
switches() { awk '/ctxt_switches/ { n += $2 } END { print n }' /proc/$1/status; }
measure() {
  sleep 2
  a=$(switches $1); sleep 10; b=$(switches $1)
  echo "$2: $((b - a)) wakeups in 10 s"
}
$bin run "$node" > /dev/null 2>&1 &
measure $! "run, one panel, no watchdog"
kill $!
NOTIFY_SOCKET=/tmp/nowhere WATCHDOG_USEC=10000000 $bin run "$node" > /dev/null 2>&1 &
measure $! "run, one panel, WATCHDOG_USEC=10 s"
kill $!
wait
