# Sourced by the tests that run in the VM under systemd as PID 1 (scripts/service-test/in-vm.sh,
# scripts/deb/in-vm.sh): assertions that count, bounded waits, the unit's state, and a uinput
# panel made by evemu-device with a finger put on it. Needs $work (a scratch directory) and
# $suite (the name the closing count is printed with); on_failure, if defined, runs before it.
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# check DESCRIPTION COMMAND...: one assertion.
check() { d=$1; shift; if "$@"; then ok "$d"; else fail "$d"; return 1; fi; }
# within SECONDS COMMAND...: true as soon as COMMAND succeeds, false after SECONDS.
within() {
  limit=$(( $(date +%s) + $1 )); shift
  until "$@" > /dev/null 2>&1; do
    [ "$(date +%s)" -ge "$limit" ] && return 1
    sleep 0.2
  done
}
# finish: the closing count ("N passed, N failed"); exits 1 on any failure.
finish() {
  if [ "$failed" -ne 0 ] && command -v on_failure > /dev/null 2>&1; then on_failure; fi
  echo "$suite: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
# need DESCRIPTION COMMAND...: an assertion the rest depends on; the test ends when it fails.
need() { check "$@" || finish; }

journal() { journalctl -q -u touchbridge.service -o cat --no-pager; }
active() { systemctl is-active --quiet touchbridge.service; }
main_pid() { systemctl show -p MainPID --value touchbridge.service; }
prop() { systemctl show -p "$1" --value touchbridge.service; }
no_failed_units() {
  failed_units=$(systemctl list-units --failed --plain --no-legend)
  [ -z "$failed_units" ] || { echo "failed units: $failed_units"; return 1; }
}

# plug FILE.evemu: creates the panel FILE describes (evemu-device) and sets $node and $plugged.
plug() {
  evemu-device "$1" > "$work/evemu-device.txt" 2>&1 &
  plugged=$!
  node=
  for _ in $(seq 1 100); do
    node=$(sed -n 's/.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' "$work/evemu-device.txt")
    [ -n "$node" ] && break
    sleep 0.1
  done
  [ -n "$node" ] || { echo "evemu-device made no panel: $(cat "$work/evemu-device.txt")"; failed=$((failed + 1)); finish; }
  udevadm settle --timeout=10
}
unplug() { kill "$plugged"; wait "$plugged" 2> /dev/null; udevadm settle --timeout=10; }
ev() { evemu-event "$node" --type "$1" --code "$2" --value "$3" ${4:+--sync}; }
# down ID X Y / up: a finger in slot 0 (protocol B), each a whole frame.
down() { ev EV_ABS ABS_MT_SLOT 0; ev EV_ABS ABS_MT_TRACKING_ID "$1"; ev EV_ABS ABS_MT_POSITION_X "$2"
         ev EV_ABS ABS_MT_POSITION_Y "$3"; ev EV_KEY BTN_TOUCH 1 sync; }
up() { ev EV_ABS ABS_MT_SLOT 0; ev EV_ABS ABS_MT_TRACKING_ID -1; ev EV_KEY BTN_TOUCH 0 sync; }
