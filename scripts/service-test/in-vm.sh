#!/bin/sh
# The service as docs/service.md's install from a checkout says, under systemd as PID 1: run by `make
# service-test` inside the test VM (scripts/vm/run --systemd), as root, from the checkout, with
# the release binary and the manual already built on the host (so `make install` builds nothing).
#
# 1. The previous installation: the group made by `groupadd --system touchbridge`, a person in
#    it, and the unit as it was (DynamicUser=yes), which systemd refuses to start (217/USER).
# 2. Upgrade: the install block, read from docs/service.md (and any page with a marked copy) and
#    run as written; then a panel
#    plugged in starts the service through the udev rule, which reads it as its user, serves
#    touches on its event socket to an app in the group (`touchbridge listen` as the user kiosk,
#    following restarts) and keeps them out of the journal, reloads scenes (keeping the old one when the new one is broken), is
#    restarted by the watchdog when frozen, survives an unplug mid-touch and the re-plug, and
#    stops cleanly with a finger down.
# 3. make uninstall, then a fresh install on another panel.
# 4. The virtual-touchscreen drop-in installed as its header says: /dev/uinput for its own group,
#    the panel's virtual touchscreen read by libinput while the real one is grabbed, the rating.
# 5. The reset-on-wake drop-in installed as its header says: a uhid panel that stalls while its
#    display is off is re-bound when the display comes back on, its app's connection kept.
# 6. The unit as installed, commanded: a user outside touchbridge-control is refused, a member
#    locks and unlocks touch with `listen --send`; the panel's display turned off through DPMS
#    (as swayidle does) has its waking tap swallowed.
# No unit may be left failed. Prints "N passed, N failed" and exits 1 on any failure.
set -u
checkout=$(pwd)
work=/tmp/service-test
mkdir -p "$work"
suite="service test"
. "$checkout/scripts/vm/checks.sh"
on_failure() { echo "--- the unit's journal:"; journalctl -q -u touchbridge.service --no-pager | tail -n 60; }

# The handler log as a kiosk app gets it: `touchbridge listen` on the event socket, as the user
# kiosk (in the group touchbridge-events), started before the daemon and following its restarts.
start_listen() {
  : > "$work/events.log"; : > "$work/listen.err"
  runuser -u kiosk -- /usr/local/bin/touchbridge listen > "$work/events.log" 2> "$work/listen.err" &
  listener=$!
}
stop_listen() { pkill -u kiosk -f "touchbridge listen"; kill "$listener" 2> /dev/null; wait "$listener" 2> /dev/null; }
# listening: listen's last word is that it is connected.
listening() { tail -n 1 "$work/listen.err" | grep -q 'connected'; }
# count PATTERN: how many lines the socket's client got with PATTERN (fixed string).
count() { grep -cF -- "$1" "$work/events.log"; }
# grew PATTERN N: the client got more than N lines with PATTERN.
grew() { [ "$(count "$1")" -gt "$2" ]; }
# jgrew PATTERN N: the unit's journal has more than N lines with PATTERN.
jgrew() { [ "$(journal | grep -cF -- "$1")" -gt "$2" ]; }

tap() { within 15 listening || return 1; n=$(count "touchesEnded $1 "); down 7 "$2" "$3"; up; within 10 grew "touchesEnded $1 " "$n"; }

# The checkout's install block (`make install`), as written; `sudo` is the identity here (the VM
# runs as root). The block is marked in docs/service.md (and any other page that has a copy:
# every marked copy must be the same).
install_as_readme() {
  for page in "$checkout/README.md" "$checkout"/docs/*.md; do
    awk '/<!-- service-test:/ { armed = 1; next }
         armed && /^```/ { if (inside) exit; inside = 1; next }
         inside { print }' "$page" > "$work/block.$(basename "$page")"
    [ -s "$work/block.$(basename "$page")" ] || rm -f "$work/block.$(basename "$page")"
  done
  blocks=$(ls "$work"/block.* 2> /dev/null | wc -l)
  [ "$blocks" -ge 1 ] || { echo "no marked install block in README.md or docs/"; return 1; }
  ref=$(ls "$work"/block.* | head -n 1)
  for b in "$work"/block.*; do
    cmp -s "$b" "$ref" || { echo "the install blocks differ: $b"; diff "$ref" "$b"; return 1; }
  done
  { echo 'sudo() { "$@"; }'; echo 'set -ex'; cat "$ref"; } > "$work/install-steps.sh"
  grep -q 'make install' "$work/install-steps.sh" || { echo "the install block does not run make install"; return 1; }
  sh "$work/install-steps.sh" > "$work/install.log" 2>&1 || { cat "$work/install.log"; return 1; }
}

cd "$checkout"
echo "service test: systemd $(systemctl --version | sed -n '1s/systemd \([0-9]*\).*/\1/p') as PID 1 ($(ps -p 1 -o comm=))"
[ "$(ps -p 1 -o comm=)" = systemd ] || { fail "systemd is not PID 1"; finish; }

# --- 1. The previous installation -------------------------------------------------------------
groupadd --system touchbridge
useradd --create-home kiosk
usermod -aG touchbridge kiosk
old_gid=$(getent group touchbridge | cut -d: -f3)
install -D -m 755 .build/release/touchbridge /usr/local/bin/touchbridge
install -D -m 644 systemd/scene.json /etc/touchbridge/scene.json
install -D -m 644 udev/70-touchbridge.rules /etc/udev/rules.d/70-touchbridge.rules
# The unit of the earlier steps: DynamicUser=, in the supplementary group of the udev rule.
sed -e '/^User=touchbridge$/c\DynamicUser=yes' -e '/^Group=touchbridge$/c\SupplementaryGroups=touchbridge' -e '/^RemoveIPC=/d' \
  systemd/touchbridge.service > /etc/systemd/system/touchbridge.service
systemctl daemon-reload
systemctl start touchbridge.service > /dev/null 2>&1
check "the earlier steps' unit fails at the USER step (217), as reported" [ "$(prop ExecMainStatus)" = 217 ]
systemctl stop touchbridge.service; systemctl reset-failed touchbridge.service 2> /dev/null

# --- 2. Upgrade by the documented steps --------------------------------------------------------------
need "the documented install steps run as written over the earlier installation" install_as_readme
check "the system user touchbridge exists, in the group of the earlier install (gid $old_gid)" \
  [ "$(id -g touchbridge 2> /dev/null)" = "$old_gid" ]
check "the earlier group keeps its members" sh -c 'id -nG kiosk | grep -qw touchbridge'
check "...who join the socket's readers' group, new in this install" sh -c 'id -nG kiosk | grep -qw touchbridge-events'
check "the unit is enabled" [ "$(systemctl is-enabled touchbridge.service)" = enabled ]
check "enable --now started the service with no panel, waiting for one" within 30 active
check "the event socket's directory is its readers' group's, 0750" [ "$(stat -c %U:%G:%a /run/touchbridge)" = touchbridge:touchbridge-events:750 ]
check "...and the socket, 0660" [ "$(stat -c %F:%U:%G:%a /run/touchbridge/events.sock)" = socket:touchbridge:touchbridge-events:660 ]
check "the daemon reads panels through its supplementary group" sh -c "grep -q '^Groups:.*\b$(getent group touchbridge | cut -d: -f3)\b' /proc/$(main_pid)/status"
runuser -u nobody -- /usr/local/bin/touchbridge listen --no-wait > /dev/null 2> "$work/outsider.err"
check "a user outside the group is refused: listen exits 77 and names the group" \
  sh -c "[ $? = 77 ] && grep -q \"group 'touchbridge-events'\" '$work/outsider.err'"
check "the journal's rate budget is the unit's" [ "$(prop LogRateLimitBurst):$(prop LogRateLimitIntervalUSec)" = 3000:30s ]
start_listen
check "an app in the group connects (listen as kiosk)" within 10 listening
systemctl stop touchbridge.service

plug examples/kiosk.evemu
need "a panel plugged in starts the service through the udev rule (READY=1: active)" within 30 active
check "the panel's node grants the group touchbridge read access (an ACL)" sh -c "getfacl -cp '$node' | grep -qx 'group:touchbridge:r--'"
check "...and keeps udev's owner, group and mode (root:input, 0660)" [ "$(stat -c %U:%G:%a "$node")" = root:input:660 ]
pid=$(main_pid)
need "the service has a main process" [ "$pid" -gt 0 ]
check "the daemon runs as touchbridge" [ "$(ps -o user= -p "$pid")" = touchbridge ]
check "the daemon has no capabilities" grep -q '^CapEff:[[:space:]]*0000000000000000$' "/proc/$pid/status"
check "the daemon reads the panel" within 10 sh -c "journalctl -q -u touchbridge.service -o cat | grep -q '$node: reading'"
check "a tap reaches the app on the socket through the installed scene" tap screen 4000 2400
check "the journal has the panel but no touches" sh -c "journalctl -q -u touchbridge.service -o cat | grep -q deviceAdded && ! journalctl -q -u touchbridge.service -o cat | grep -q touches"
/usr/local/bin/touchbridge doctor --json "$node" > "$work/doctor.json"
check "doctor says the service runs, reads the panel and its socket answers" \
  grep -q '"link":"service","ok":true,"found":"touchbridge.service active ([0-9]*), reads it, socket answers' "$work/doctor.json"
check "...and that touchbridge's user reads the node through the rule" \
  grep -q '"link":"access","ok":true,"found":"[^"]*touchbridge reads it' "$work/doctor.json"
# doctor reads the daemon's command line with the daemon's own reader: --socket=PATH too.
unit=$(prop FragmentPath)
cp "$unit" "$work/unit.orig"
sed -i 's|--socket /run/touchbridge/events.sock|--socket=/run/touchbridge/events.sock|' "$unit"
systemctl daemon-reload
systemctl restart touchbridge.service
check "the daemon started with --socket=PATH runs" within 30 active
check "...and serves its socket" within 10 test -S /run/touchbridge/events.sock
/usr/local/bin/touchbridge doctor --json "$node" > "$work/doctor-equals.json"
check "doctor finds the socket of a daemon started with --socket=PATH" \
  grep -q '"link":"service","ok":true,"found":"touchbridge.service active ([0-9]*), reads it, socket answers' "$work/doctor-equals.json"
cp "$work/unit.orig" "$unit"
systemctl daemon-reload
systemctl restart touchbridge.service
need "the service runs again from its unit as installed" within 30 active
pid=$(main_pid)  # the daemon the checks below follow

# A display mounted turned: the VM's second (Virtual-2 on card1, 1600x900), which the kernel is
# told stands left side up. Its card reaches the sandboxed daemon through the udev rule, and a
# panel of its size (406x228 mm: the example panel's axes at 20 units a mm) is read turned.
check "the DRM cards grant the group touchbridge read access (an ACL)" sh -c "getfacl -cp /dev/dri/card1 | grep -qx 'group:touchbridge:r--'"
first_node=$node first_plugged=$plugged
sed -e 's/^N: .*/N: touchbridge turned panel/' -e 's/^A: \(00\|35\) 0 7999 0 0 40$/A: \1 0 8119 0 0 20/' \
  -e 's/^A: \(01\|36\) 0 4799 0 0 40$/A: \1 0 4559 0 0 20/' examples/kiosk.evemu > "$work/turned.evemu"
plug "$work/turned.evemu"
check "a panel on the display mounted turned is read turned with it" \
  within 15 sh -c "journalctl -q -u touchbridge.service -o cat | grep -q '$node: reading touchbridge turned panel .*rotated 90'"
unplug
node=$first_node plugged=$first_plugged

# Reload: a new scene goes into service; a broken one leaves it there.
cp /etc/touchbridge/scene.json "$work/scene.json"
sed 's/"name": "screen"/"name": "lobby"/' "$work/scene.json" > /etc/touchbridge/scene.json
systemctl reload touchbridge.service
check "systemctl reload puts a new scene in service" tap lobby 4000 2400
check "...and the app, still connected, was told (sceneReloaded)" grew "sceneReloaded /etc/touchbridge/scene.json" 0
echo '{ "windows": [ { "name": "W", "root": { "name": "broken", ' > /etc/touchbridge/scene.json
systemctl reload touchbridge.service
check "a broken scene is refused with where and why" within 10 jgrew "the scene in service stays" 0
check "...and the old scene stays in service" tap lobby 2000 1200
check "the daemon is the same process after both reloads" [ "$(main_pid)" = "$pid" ]
# Commands on actions, under the unit's hardening: a button whose action runs a program, as
# the daemon's user, its output in the journal.
cat > /etc/touchbridge/scene.json <<'SCENE'
{ "windows": [ { "name": "Window", "root": { "name": "screen", "subviews": [
    { "name": "Bell", "frame": [0, 0, 4000, 4000], "control": { "actions": { "touchUpInside": "ring" } } } ] } } ],
  "commands": { "ring": { "run": ["/bin/sh", "-c", "echo rung by $(id -un) at $TOUCHBRIDGE_X,$TOUCHBRIDGE_Y"], "timeout": 5 } } }
SCENE
systemctl reload touchbridge.service
within 10 jgrew "scene reloaded" 1
n=$(journal | grep -cF "commandExited ring")
down 7 1000 1000; up
check "a command runs on its action, as touchbridge, its output in the journal" \
  within 10 sh -c "journalctl -q -u touchbridge.service -o cat | grep -q 'touchbridge: ring: rung by touchbridge at '"
check "...and exits 0 (commandExited in the journal)" within 10 jgrew "commandExited ring pid" "$n"
check "...with status 0" sh -c "journalctl -q -u touchbridge.service -o cat | grep 'commandExited ring' | tail -n 1 | grep -q 'status 0'"
cp "$work/scene.json" /etc/touchbridge/scene.json
systemctl reload touchbridge.service

# The watchdog: a frozen daemon is killed after WatchdogSec and restarted.
need "the daemon before the watchdog test is a live process" sh -c "[ '$pid' -gt 0 ] && kill -0 '$pid'"
kill -STOP "$pid"
check "a daemon frozen with SIGSTOP is restarted by the watchdog" \
  within 40 sh -c "[ \"\$(systemctl show -p NRestarts --value touchbridge.service)\" -ge 1 ] && systemctl is-active --quiet touchbridge.service"
check "systemd says why: the watchdog" within 5 sh -c "journalctl -q -u touchbridge.service --no-pager | grep -q 'Watchdog timeout'"
pid=$(main_pid)
check "the restarted daemon reads the panel again, and the app reconnected" tap screen 4000 2400

# Unplug mid-touch: the touch ends as cancelled, the daemon waits, the re-plugged panel works.
n=$(count "touchesCancelled screen")
began=$(count "touchesBegan screen")
down 8 1000 1000
within 10 grew "touchesBegan screen" "$began"
unplug
check "an unplug mid-touch cancels the touch" within 10 grew "touchesCancelled screen" "$n"
check "...and the daemon keeps running" active
added=$(count deviceAdded)
plug examples/kiosk.evemu
check "the re-plugged panel is read again" within 15 grew deviceAdded "$added"
check "...and its touches reach the scene" tap screen 4000 2400
check "...by the same daemon" [ "$(main_pid)" = "$pid" ]

# systemctl stop with a finger down: cancelled, exit 0.
n=$(count "touchesCancelled screen")
began=$(count "touchesBegan screen")
down 9 3000 3000
within 10 grew "touchesBegan screen" "$began"
systemctl stop touchbridge.service
check "systemctl stop cancels the touch that is down (the app gets it before the end)" within 5 grew "touchesCancelled screen" "$n"
check "...and the daemon exits 0" [ "$(prop ExecMainStatus):$(prop Result)" = 0:success ]
unplug
check "no unit failed" no_failed_units

stop_listen

# --- 3. Uninstall, then a fresh install on another panel ----------------------------------------
make --no-print-directory uninstall > "$work/uninstall.log" 2>&1 || cat "$work/uninstall.log"
check "make uninstall removes the user" sh -c '! id touchbridge > /dev/null 2>&1'
check "...and the group" sh -c '! getent group touchbridge > /dev/null'
check "...and the unit" [ ! -e /etc/systemd/system/touchbridge.service ]
check "...and the binary" [ ! -e /usr/local/bin/touchbridge ]
check "...leaving the scene (configuration)" [ -e /etc/touchbridge/scene.json ]

plug Tests/EvdevTests/Recordings/evemu-record-mt.evemu
need "the documented install steps run as written on a machine without the group" install_as_readme
check "the system user touchbridge is created with its own group" [ "$(id -gn touchbridge 2> /dev/null)" = touchbridge ]
check "the freshly installed service reads the panel already plugged in" \
  within 30 sh -c "journalctl -q -u touchbridge.service -o cat | grep -q '$node: reading'"
check "...as touchbridge" [ "$(ps -o user= -p "$(main_pid)")" = touchbridge ]
usermod -aG touchbridge-events kiosk   # as docs/consuming-events.md says
start_listen
check "...and serves its touches to an app in the new group" tap screen 2000 1000
stop_listen
systemctl stop touchbridge.service
check "...and stops with exit 0" [ "$(prop ExecMainStatus)" = 0 ]

# --- 4. The virtual touchscreen drop-in, installed as its header says -------------------------
# The header's commands (lines "#   sudo …", with their continuations), run as written.
dropin=systemd/touchbridge.service.d/virtual-touchscreen.conf
{ echo 'sudo() { "$@"; }'; echo 'set -ex'
  sed -n '/^# Install/,/^\[Service\]/p' "$dropin" | sed -n 's/^#   //p'; } > "$work/dropin-steps.sh"
need "the drop-in's install steps run as written" sh -c "sh '$work/dropin-steps.sh' > '$work/dropin.log' 2>&1 || { cat '$work/dropin.log'; exit 1; }"
check "/dev/uinput is the group touchbridge-uinput's alone (0660)" [ "$(stat -c %G:%a /dev/uinput)" = touchbridge-uinput:660 ]
check "the service runs with the drop-in, as touchbridge" within 20 sh -c "systemctl is-active --quiet touchbridge.service && [ \"\$(ps -o user= -p \$(systemctl show -p MainPID --value touchbridge.service))\" = touchbridge ]"
vnode=
for _ in $(seq 1 100); do
  for f in /sys/class/input/event*/device/name; do
    [ "$(cat "$f" 2> /dev/null)" = "touchbridge: TB Test Touchscreen" ] && vnode=/dev/input/$(basename "$(dirname "$(dirname "$f")")")
  done
  [ -n "$vnode" ] && break
  sleep 0.1
done
check "the service made the panel's virtual touchscreen" [ -n "$vnode" ]
libinput debug-events --device "$vnode" > "$work/virtual.txt" 2>&1 &
lv=$!
libinput debug-events --device "$node" > "$work/real.txt" 2>&1 &
lr=$!
within 10 grep -q DEVICE_ADDED "$work/virtual.txt"
within 10 grep -q DEVICE_ADDED "$work/real.txt"
down 11 2000 1000
up
check "a tap on the panel reaches libinput on the virtual touchscreen" within 10 sh -c "grep -q TOUCH_DOWN '$work/virtual.txt' && grep -q TOUCH_UP '$work/virtual.txt'"
sleep 0.5
check "...and not on the real panel, which the service grabs" sh -c "! grep -q TOUCH_DOWN '$work/real.txt'"
kill "$lv" "$lr" 2> /dev/null; wait "$lv" "$lr" 2> /dev/null
rating=$(systemd-analyze security touchbridge.service 2>&1 | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
echo "the unit with the virtual-touchscreen drop-in: security exposure $rating"
check "...whose exposure stays at most 1.0 with the drop-in ($rating)" awk "BEGIN { exit !(\"$rating\" != \"\" && $rating <= 1.0) }"
systemctl stop touchbridge.service
check "...and stops with exit 0" [ "$(prop ExecMainStatus)" = 0 ]
check "...its virtual touchscreen gone" sh -c "! grep -qs 'touchbridge: TB Test Touchscreen' /sys/class/input/input*/name"
rm -rf /etc/systemd/system/touchbridge.service.d /etc/udev/rules.d/71-touchbridge-uinput.rules
systemctl daemon-reload
unplug

# --- 5. The reset-on-wake drop-in, installed as its header says ----------------------------
# A real controller's HID descriptor through uhid, pinned to the display Virtual-1; the display
# turned off through its DPMS (scripts/vm/dpms.py, as a compositor does) with the card's change
# news (which the kernel gives a monitor's hotplug, not a DPMS switch), the controller stalled
# meanwhile, the display back on: the service re-binds the silent panel and its taps come again.
dropin=systemd/touchbridge.service.d/reset-on-wake.conf
{ echo 'sudo() { "$@"; }'; echo 'set -ex'
  sed -n '/^# Install/,/^\[Service\]/p' "$dropin" | sed -n 's/^#   //p'; } > "$work/reset-steps.sh"
echo 'SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="touchbridge uhid *", ENV{TOUCHBRIDGE_OUTPUT}="Virtual-1"' \
  > /etc/udev/rules.d/69-tb-test-output.rules
udevadm control --reload
need "the reset-on-wake drop-in's install steps run as written" sh -c "sh '$work/reset-steps.sh' > '$work/reset.log' 2>&1 || { cat '$work/reset.log'; exit 1; }"
mkfifo "$work/uhid.in"
PYTHONPATH="$checkout/.build/pydeps" python3 scripts/uhid/panel.py "eGalax capacitive 0eef:7224" < "$work/uhid.in" > "$work/uhid.out" 2>&1 &
uhid=$!
exec 5> "$work/uhid.in"
need "a uhid panel is plugged" within 60 grep -q '^node /dev/input/event' "$work/uhid.out"
unode=$(sed -n 's/^node \([^ ]*\).*/\1/p' "$work/uhid.out")
# jhas TEXT: the unit's journal has a line with TEXT.
jhas() { journal | grep -qF -- "$1"; }
check "the service with the drop-in reads it" within 30 jhas "$unode: reading touchbridge uhid"
# play GESTURE: panel.py plays it and says it is done.
done_count() { grep -c "^done $1" "$work/uhid.out"; }
play() { d=$(done_count "$1"); echo "play $1" >&5; within 20 sh -c "[ \$(grep -c '^done $1' '$work/uhid.out') -gt $d ]"; }
start_listen
within 15 listening
n=$(count "touchesEnded screen ")
play tap
check "...and an app gets its tap" within 10 grew "touchesEnded screen " "$n"
news() { udevadm trigger --action=change --subsystem-match=drm --sysname-match=card0; }
mkfifo "$work/dpms.in"
python3 scripts/vm/dpms.py card0 Virtual-1 < "$work/dpms.in" > "$work/dpms.out" 2>&1 &
dpms=$!
exec 6> "$work/dpms.in"
within 20 grep -q '^off' "$work/dpms.out"
news
check "the service hears the display go off" within 20 jhas "display Virtual-1 went off"
echo stall >&5
within 10 grep -q '^done stall' "$work/uhid.out"
exec 6>&-; wait "$dpms" 2> /dev/null
news
check "...and when it comes back on, re-binds the silent panel's driver" \
  within 20 jhas "silent since its display went off: re-bound"
check "...takes its new node" within 20 sh -c "[ \$(journalctl -q -u touchbridge.service -o cat | grep -c ': reading touchbridge uhid') -ge 2 ]"
within 15 listening
n=$(count "touchesEnded screen ")
play tap
check "...and the app gets its taps again, on the same connection" within 10 grew "touchesEnded screen " "$n"
check "the service still runs as touchbridge" [ "$(ps -o user= -p "$(main_pid)")" = touchbridge ]
rating=$(systemd-analyze security touchbridge.service 2>&1 | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
echo "the unit with the reset-on-wake drop-in: security exposure $rating"
stop_listen
echo quit >&5; exec 5>&-; wait "$uhid" 2> /dev/null
systemctl stop touchbridge.service
rm -rf /etc/systemd/system/touchbridge.service.d /etc/udev/rules.d/69-tb-test-output.rules
systemctl daemon-reload

# --- 6. Commands over the socket, and the display's own sleep -----------------------------------
# The example panel, pinned to the display Virtual-1, with the unit as installed (no drop-in).
echo 'SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="touchbridge example panel", ENV{TOUCHBRIDGE_OUTPUT}="Virtual-1"' \
  > /etc/udev/rules.d/69-tb-test-output.rules
udevadm control --reload
useradd -M -G touchbridge-events,touchbridge-control kioskctl
start_listen
r=$(journal | grep -cF "reading touchbridge example panel")
plug examples/kiosk.evemu
check "the service as installed reads the panel" within 30 jgrew "reading touchbridge example panel" "$r"
within 15 listening
runuser -u kiosk -- /usr/local/bin/touchbridge listen --send blank > "$work/send.out" 2>&1
check "a reader of the socket outside touchbridge-control may not command (exit 77)" [ $? = 77 ]
check "...and is told the group that may" grep -qF "join the group 'touchbridge-control'" "$work/send.out"
check "...and nothing changed" sh -c "! journalctl -q -u touchbridge.service -o cat | grep -q 'idle by command'"
check "a member of touchbridge-control locks touch" runuser -u kioskctl -- /usr/local/bin/touchbridge listen --send lock=300
check "...which the journal says, with who" within 10 jhas "lock for 300.0 s by command uid $(id -u kioskctl)"
n=$(count "touchesEnded screen ")
down 21 2000 1000; up
sleep 1
check "...a tap while locked reaches nothing" [ "$(count "touchesEnded screen ")" = "$n" ]
check "...unlock is done" runuser -u kioskctl -- /usr/local/bin/touchbridge listen --send unlock
check "...and says one contact was swallowed" within 10 jhas "unlock swallowed 1 by command uid $(id -u kioskctl)"
down 22 2000 1000; up
check "...the next tap reaches the app" within 10 grew "touchesEnded screen " "$n"
mkfifo "$work/dpms6.in"
python3 scripts/vm/dpms.py card0 Virtual-1 < "$work/dpms6.in" > "$work/dpms.out" 2>&1 &
dpms=$!
exec 6> "$work/dpms6.in"
within 20 grep -q '^off' "$work/dpms.out"
n=$(count "touchesEnded screen ")
down 23 2000 1000; up
check "a tap on the panel's display turned off (DPMS: no uevent) only wakes it" within 10 jhas "display off Virtual-1"
sleep 1
check "...and reaches nothing" [ "$(count "touchesEnded screen ")" = "$n" ]
exec 6>&-; wait "$dpms" 2> /dev/null
down 24 2000 1000; up
check "...the display on again, the next tap reaches the app" within 10 grew "touchesEnded screen " "$n"
stop_listen
unplug
systemctl stop touchbridge.service
rm -f /etc/udev/rules.d/69-tb-test-output.rules
check "no unit failed" no_failed_units
finish
