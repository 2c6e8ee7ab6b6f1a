#!/bin/sh
# One boot of the end-to-end benchmark, inside the VM (scripts/bench/e2e/run starts it):
# every tool on the same uinput panel, the same injected frames, one after the other in an
# order that rotates with the boot number. usage: sh in-vm.sh DIR BOOT
# DIR holds the binaries (bin/) and scenes (scenes/); results go to DIR/boot-BOOT.txt.
set -u
dir=$1 boot=$2
bin=$dir/bin
out=$dir/boot-$boot.txt
frames=${E2E_FRAMES:-5000}
latency_frames=${E2E_LATENCY_FRAMES:-300}
tmp=/tmp/e2e
mkdir -p $tmp
: > "$out"
h=$bin/harness
tb=$bin/touchbridge

# The tools, by name: the command (with {} for the node), the latency marker.
cmd() {
  case $1 in
    floor) echo "$bin/floor-reader {}" ;;
    floor-libevdev) echo "$bin/floor-libevdev {}" ;;
    tb-evtest) echo "$tb evtest {}" ;;
    tb-run) echo "$tb run --json {}" ;;
    evtest) echo "evtest {}" ;;
    libinput) echo "libinput debug-events --device {}" ;;
  esac
}
marker() {
  case $1 in
    floor|floor-libevdev) echo binary ;;
    tb-evtest|evtest) echo SYN_REPORT ;;
    tb-run) echo touchesMoved ;;
    libinput) echo TOUCH_FRAME ;;
  esac
}
# Frames and SYN_DROPPED in a flood's output (FILE and FILE.err).
counts() {
  f=$2
  case $1 in
    floor|floor-libevdev) python3 - "$f" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
rep = drop = 0
for i in range(0, len(d) - 23, 24):
    if d[i + 16:i + 18] == b'\0\0':
        code = d[i + 18]
        rep += code == 0
        drop += code == 3
print("frames_seen=%d syn_dropped=%d" % (rep, drop))
PY
    ;;
    tb-evtest|evtest)
      echo "frames_seen=$(grep -c -- '-------------- SYN_REPORT ------------' "$f") syn_dropped=$(grep -c 'SYN_DROPPED' "$f")" ;;
    libinput)
      echo "frames_seen=$(grep -c 'TOUCH_FRAME' "$f") syn_dropped=$(cat "$f" "$f.err" | grep -c 'SYN_DROPPED')" ;;
    tb-run)
      # Its own count, from the SIGUSR1 state report: "… N frames, M SYN_DROPPED".
      sed -n 's/.* \([0-9]*\) frames, \([0-9]*\) SYN_DROPPED.*/frames_seen=\1 syn_dropped=\2/p' "$f.err" | tail -n 1 ;;
  esac
}
record() { echo "boot=$boot $*" >> "$out"; echo "boot=$boot $*"; }

tools="floor floor-libevdev tb-evtest tb-run evtest libinput"

# 6. (E2E_SOCKET=1; E2E_ONLY=socket skips 1-5) The event socket: run --json --socket's CPU per
#    event with no client and with 3 clients reading everything; stdout's latency with 2
#    clients reading, and with 2 reading and a third stopped (SIGSTOP once connected); idle
#    wakeups with 3 clients connected. The clients are processes of their own (not counted in
#    the daemon's CPU). Three rounds, the order alternating.
sock=$tmp/events.sock
socket_section() {
  clients() {  # N [stop]: start N clients; with "stop", one more that is stopped once connected
    cpids=""
    for _ in $(seq "$1"); do python3 $dir/bin/socket-client.py $sock & cpids="$cpids $!"; done
    stopped=""
    if [ "${2:-}" = stop ]; then
      python3 $dir/bin/socket-client.py $sock & stopped=$!
      ( sleep 2.5; kill -STOP $stopped ) &
    fi
  }
  end_clients() {
    [ -n "$stopped" ] && { kill -CONT $stopped; kill $stopped; } 2>/dev/null
    [ -n "$cpids" ] && kill $cpids 2>/dev/null
    wait 2>/dev/null; rm -f $sock
  }
  for round in 1 2 3; do
    for n in $([ $((round % 2)) = 1 ] && echo "0 3" || echo "3 0"); do
      clients $n
      r=$($h flood 5 5 $frames 1000 $tmp/sock.out -- $tb run --json --socket $sock {})
      record kind=socket-flood tool=tb-run clients=$n round=$round $r $(counts tb-run $tmp/sock.out)
      end_clients; rm -f $tmp/sock.out $tmp/sock.out.err
    done
    for stop in $([ $((round % 2)) = 1 ] && echo "no yes" || echo "yes no"); do
      clients 2 $([ $stop = yes ] && echo stop)
      r=$($h latency 5 5 $latency_frames 50 touchesMoved -- $tb run --json --socket $sock {})
      record kind=socket-latency tool=tb-run clients=2 stopped=$([ $stop = yes ] && echo 1 || echo 0) round=$round $r
      end_clients
    done
  done
  clients 3
  r=$($h idle 10 -- $tb run --json --socket $sock {})
  record kind=socket-idle tool=tb-run clients=3 $r
  end_clients
}

# 7. (E2E_VIRTUAL=1; E2E_ONLY=virtual skips 1-6) The virtual touchscreen (issue 22): CPU per
#    event of `run --virtual-touchscreen` (default scene, only device lines logged: forwarding's
#    own cost) beside `run --json` and libinput on the same flood; latency from the panel's
#    frame to the virtual device's frame read by a second reader (touchbridge evtest on the
#    virtual node) beside touchbridge evtest on the panel itself. Three rounds, order rotating.
virtual_section() {
  vtools="tb-virtual tb-run libinput"
  for round in 1 2 3; do
    for t in $vtools; do
      case $t in
        tb-virtual) c="$tb run --virtual-touchscreen --log-events device {}" ;;
        *) c=$(cmd $t) ;;
      esac
      r=$($h flood 5 5 $frames 1000 $tmp/virt.out -- $c)
      record kind=virtual-flood tool=$t round=$round $r $(counts $([ $t = tb-virtual ] && echo tb-run || echo $t) $tmp/virt.out)
      rm -f $tmp/virt.out $tmp/virt.out.err
    done
    vtools="${vtools#* } ${vtools%% *}"
    for t in $([ $((round % 2)) = 1 ] && echo "tb-evtest tb-virtual" || echo "tb-virtual tb-evtest"); do
      if [ $t = tb-virtual ]; then
        r=$(E2E_STARTUP_S=6 $h latency 5 5 $latency_frames 50 SYN_REPORT -- sh $bin/virtual-reader.sh $tb {})
      else
        r=$($h latency 5 5 $latency_frames 50 SYN_REPORT -- $(cmd $t))
      fi
      record kind=virtual-latency tool=$t round=$round $r
    done
  done
}
if [ "${E2E_ONLY:-}" = socket ]; then socket_section; exit 0; fi
if [ "${E2E_ONLY:-}" = virtual ]; then virtual_section; exit 0; fi
# Rotate the order with the boot number, so no tool always goes first.
i=0
while [ $i -lt $(( (boot - 1) % $(echo $tools | wc -w) )) ]; do
  first=${tools%% *}; tools="${tools#* } $first"; i=$((i + 1))
done

# 1. The flood: 5 fingers on a 5-slot panel, $frames frames at 1 kHz, stdout to a file.
for t in $tools; do
  r=$($h flood 5 5 $frames 1000 $tmp/$t.out -- $(cmd $t))
  record kind=flood tool=$t fingers=5 slots=5 views=default $r $(counts $t $tmp/$t.out)
  rm -f $tmp/$t.out $tmp/$t.out.err
done

# 2. Latency: $latency_frames frames at 50 Hz, uinput write → the tool's line on a pty.
for t in $tools; do
  r=$($h latency 5 5 $latency_frames 50 "$(marker $t)" -- $(cmd $t))
  record kind=latency tool=$t $r
done

# 3. Idle: wakeups over 10 s with nobody touching.
for t in $tools; do
  r=$($h idle 10 -- $(cmd $t))
  record kind=idle tool=$t $r
done

# 4. (first boot only, E2E_SCALING=1) How the cost grows: 1, 2, 5, 10 fingers on a 10-slot panel (run --json and libinput),
#    then scenes of 10, 1 000 and 10 000 views (run --json, 5 fingers).
[ "${E2E_SCALING:-1}" = 1 ] && for n in 1 2 5 10; do
  for t in tb-run libinput; do
    r=$($h flood 10 $n $frames 1000 $tmp/$t.out -- $(cmd $t))
    record kind=flood tool=$t fingers=$n slots=10 views=default $r $(counts $t $tmp/$t.out)
    rm -f $tmp/$t.out $tmp/$t.out.err
  done
done
[ "${E2E_SCALING:-1}" = 1 ] && for v in 10 1000 10000; do
  r=$($h flood 5 5 $frames 1000 $tmp/scene.out -- $tb run --json --scene $dir/scenes/views-$v.json {})
  record kind=flood tool=tb-run fingers=5 slots=5 views=$v $r $(counts tb-run $tmp/scene.out)
  rm -f $tmp/scene.out $tmp/scene.out.err
done

# 5. Memory floors (static Swift programs doing nothing: linking libevdev and libudev; and
#    also swift-argument-parser, parsing its arguments, as touchbridge's command line does),
#    and start-up to READY=1.
record kind=rss tool=floor-swift $($h rss -- $bin/floor-swift)
record kind=rss tool=floor-swift-cxx $($h rss -- $bin/floor-swift-cxx)
record kind=rss tool=floor-parser $($h rss -- $bin/parser-floor {} --json)
record kind=rss tool=floor-c $($h rss -- $bin/floor-reader {})
record kind=ready tool=tb-run $($h ready -- $tb run {})
[ "${E2E_SOCKET:-1}" = 1 ] && socket_section
[ "${E2E_VIRTUAL:-1}" = 1 ] && virtual_section
