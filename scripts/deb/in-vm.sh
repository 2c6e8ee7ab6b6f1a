#!/bin/sh
# The Debian package as a kiosk gets it: run by `make deb-test` (and, for the arm64 package, by
# `make arm64-test` in the arm64 VM on a Debian 12 arm64 root) inside the test VM under systemd
# as PID 1 (scripts/vm/run --systemd), as root, from the checkout, with the .deb built on the
# host by `make deb`. Swift is hidden (a tmpfs over its prefix), so nothing can lean on it.
#
# 1. A panel is plugged in before the install. README's kiosk install block, read from README.md
#    and run as written, installs the package with apt: the system user, the panel given to its
#    group (the udev rule applied to panels already there), the service enabled and running as
#    touchbridge, reading that panel; the scene a conffile; --version the package's.
# 2. The service stopped and the panel unplugged, a panel plugged in starts it by itself, and an
#    app in the group gets its touches with `touchbridge listen --json`.
# 3. The scene edited, a higher version (this package repacked with its version raised and its
#    default scene changed, so dpkg must choose) installed with --force-confold: the edit is
#    kept, the new default saved beside it, the service restarted and serving the edited scene.
# 4. apt remove: the service stopped, nothing left to start it (a panel plugged in then gets
#    udev's default group and starts nothing), the scene kept. dpkg --purge: no unit, no binary, no /etc/touchbridge, no process,
#    no failed unit; the system user stays (docs/service.md says why).
# Prints "N passed, N failed" and exits 1 on any failure.
set -u
deb=$1
checkout=$(pwd)
work=/tmp/deb-test
mkdir -p "$work"
suite="package test"
. "$checkout/scripts/vm/checks.sh"
on_failure() { echo "--- the unit's journal:"; journalctl -q -u touchbridge.service --no-pager | tail -n 60; }
version=$(dpkg-deb -f "$deb" Version)

start_listen() {
  : > "$work/events.jsonl"; : > "$work/listen.err"
  runuser -u kiosk -- touchbridge listen --json > "$work/events.jsonl" 2> "$work/listen.err" &
  listener=$!
}
stop_listen() { pkill -u kiosk -f "touchbridge listen"; kill "$listener" 2> /dev/null; wait "$listener" 2> /dev/null; }
listening() { tail -n 1 "$work/listen.err" | grep -q 'connected'; }
# ended VIEW: how many touchesEnded lines the app got for VIEW.
ended() { grep -cF "\"event\":\"touchesEnded\",\"responder\":\"$1\"" "$work/events.jsonl"; }
ended_more() { [ "$(ended "$1")" -gt "$2" ]; }
# tap VIEW X Y: a tap, and the app is told of its end in VIEW.
tap() { within 15 listening || return 1; n=$(ended "$1"); down 7 "$2" "$3"; up; within 10 ended_more "$1" "$n"; }
unit_files() { systemctl list-unit-files --no-legend 'touchbridge*' 2> /dev/null; find /etc/systemd /lib/systemd /usr/lib/systemd -name 'touchbridge*' 2> /dev/null; }

# README's kiosk install block as written, in the directory the package was copied to; `sudo` is
# the identity (the VM runs as root) and apt answers yes by itself, as in an image builder.
install_as_readme() {
  awk '/<!-- deb-test:/ { armed = 1; next }
       armed && /^```/ { if (inside) exit; inside = 1; next }
       inside { print }' "$checkout/README.md" | grep 'apt install' > "$work/steps.sh"
  [ -s "$work/steps.sh" ] || { echo "README.md has no marked kiosk install block with apt install"; return 1; }
  cp "$deb" "$work/"
  printf 'APT::Get::Assume-Yes "true";\n' > "$work/apt.conf"
  (cd "$work" && { echo 'sudo() { "$@"; }'; echo 'set -ex'; sed 's/#.*//' steps.sh; } > install.sh &&
   APT_CONFIG="$work/apt.conf" DEBIAN_FRONTEND=noninteractive sh install.sh > install.log 2>&1) \
    || { cat "$work/install.log"; return 1; }
}

cd "$checkout"
echo "$suite: $(basename "$deb") under systemd $(systemctl --version | sed -n '1s/systemd \([0-9]*\).*/\1/p') as PID 1"
need "systemd is PID 1" [ "$(ps -p 1 -o comm=)" = systemd ]
# A kiosk has no Swift: the toolchain's prefix is an empty directory from here on (the arm64 VM's
# root, a Debian 12 arm64 system, has none to hide).
mkdir -p /opt/swift
mount -t tmpfs -o mode=0755,size=1m tmpfs /opt/swift
need "no Swift toolchain is visible" sh -c '! command -v swift && ! command -v swiftc && [ -z "$(ls -A /opt/swift)" ]'
# man-db's trigger re-indexes every manual page on each dpkg run: minutes under emulation, and
# kiosk images rarely have man-db at all.
rm -f /var/lib/man-db/auto-update
# The VM's root is this build machine's, a container image whose policy-rc.d forbids starting
# services from packages (exit 101, as in a `docker build`); a kiosk has none.
rm -f /usr/sbin/policy-rc.d

# --- 1. Installed with apt, a panel already plugged in -------------------------------------------
# A keyboard made with uinput beside the panel: the install must send it no `change` event (Xorg
# drops and re-adds a device on one, and its runtime settings are lost).
keyboard_bits=$(printf 'B: 01 %s\n' "fe ff ff ff ff ff ff ff" "ff ff ff ff ff ff ff ff"; for _ in $(seq 1 10); do echo "B: 01 00 00 00 00 00 00 00 00"; done)
printf '# EVEMU 1.3\nN: touchbridge test keyboard\nI: 0003 1234 5001 0001\nP: 00 00 00 00 00 00 00 00\nB: 00 13 00 00 00 00 00 00 00\n%s\nB: 02 00 00 00 00 00 00 00 00\nB: 03 00 00 00 00 00 00 00 00\nB: 04 10 00 00 00 00 00 00 00\nB: 05 00 00 00 00 00 00 00 00\nB: 11 00 00 00 00 00 00 00 00\nB: 12 00 00 00 00 00 00 00 00\nB: 14 00 00 00 00 00 00 00 00\nB: 15 00 00 00 00 00 00 00 00\n' "$keyboard_bits" > "$work/keyboard.evemu"
evemu-device "$work/keyboard.evemu" > "$work/keyboard.txt" 2>&1 &
keyboard=$!
plug examples/kiosk.evemu
keyboard_node=$(sed -n 's/.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' "$work/keyboard.txt")
need "a uinput keyboard is plugged in too" sh -c "[ -n '$keyboard_node' ] && udevadm info -q property -n '$keyboard_node' | grep -q '^ID_INPUT_KEYBOARD=1'"
check "before the install the panel grants the group touchbridge nothing" sh -c "! getfacl -cp '$node' | grep -q '^group:touchbridge:'"
udevadm monitor --udev --subsystem-match=input > "$work/uevents.txt" 2>&1 &
monitor=$!
sleep 1
need "README's kiosk install block installs the package with apt" install_as_readme
udevadm settle --timeout=10
sleep 1
kill "$monitor"; wait "$monitor" 2> /dev/null
keyboard_path=$(udevadm info -q path -n "$keyboard_node")
panel_path=$(udevadm info -q path -n "$node")
check "the install re-triggered the panel (a change event)" grep -q " change *$panel_path " "$work/uevents.txt"
check "...and sent the keyboard no change event" sh -c "! grep ' change ' '$work/uevents.txt' | grep -qF '${keyboard_path%/event*}'" || cat "$work/uevents.txt"
check "...nor any other input device but the panel" sh -c "! grep ' change ' '$work/uevents.txt' | grep -vF '${panel_path%/event*}' | grep -q ."
kill "$keyboard"; wait "$keyboard" 2> /dev/null
check "the package is installed, version $version" [ "$(dpkg-query -W -f='${Status} ${Version}' touchbridge)" = "install ok installed $version" ]
check "touchbridge --version says $version" sh -c "[ \"\$(touchbridge --version)\" = '$version' ]"
check "the binaries link nothing of Swift" sh -c '! ldd /usr/bin/touchbridge /usr/libexec/touchbridge/touchbridge-cli | grep -q swift'
check "the system user touchbridge exists, a system account" sh -c '[ "$(id -u touchbridge)" -lt 1000 ] && [ "$(id -gn touchbridge)" = touchbridge ]'
check "the scene is a conffile" sh -c "dpkg-query -W -f='\${Conffiles}' touchbridge | grep -q '^ /etc/touchbridge/scene.json '"
check "the manual page is installed" [ -s /usr/share/man/man1/touchbridge.1.gz ]
check "bash, zsh and fish completions are installed" sh -c '[ -s /usr/share/bash-completion/completions/touchbridge ] && [ -s /usr/share/zsh/vendor-completions/_touchbridge ] && [ -s /usr/share/fish/vendor_completions.d/touchbridge.fish ]'
check "the panel plugged in before grants the group touchbridge read access (udev's rule applied)" sh -c "getfacl -cp '$node' | grep -qx 'group:touchbridge:r--'"
check "...and keeps its owner, group and mode (root:input, 0660 with the ACL's mask)" [ "$(stat -c %U:%G:%a "$node")" = root:input:660 ]
check "the unit is enabled" [ "$(systemctl is-enabled touchbridge.service)" = enabled ]
need "the service is running" within 30 active
check "...as touchbridge" [ "$(ps -o user= -p "$(main_pid)")" = touchbridge ]
check "...reading the panel that was there" within 15 sh -c "journalctl -q -u touchbridge.service -o cat | grep -q '$node: reading'"
systemctl stop touchbridge.service
unplug

# --- 2. A panel plugged in starts it; an app gets its touches ------------------------------------
useradd --create-home kiosk
usermod -aG touchbridge-events kiosk
start_listen
check "with no panel the stopped service stays stopped" sh -c '! systemctl is-active --quiet touchbridge.service'
plug examples/kiosk.evemu
need "a panel plugged in starts the service by itself" within 30 active
pid=$(main_pid)
check "...as touchbridge" [ "$(ps -o user= -p "$pid")" = touchbridge ]
check "touchbridge listen --json (as an app in the group) gets a tap's touches" tap screen 4000 2400
check "...as JSON lines" sh -c "grep -F '\"event\":\"touchesBegan\"' '$work/events.jsonl' | head -n 1 | python3 -c 'import json,sys; json.loads(sys.stdin.read())'"

# --- 3. Upgrade, keeping an edited scene --------------------------------------------------------
sed -i 's/"name": "screen"/"name": "lobby"/' /etc/touchbridge/scene.json
systemctl reload touchbridge.service
check "the edited scene is in service" tap lobby 4000 2400
next=$version+next1
rm -rf "$work/next"
dpkg-deb -R "$deb" "$work/next"
sed -i "s/^Version: .*/Version: $next/" "$work/next/DEBIAN/control"
sed -i 's/"name": "screen"/"name": "home"/' "$work/next/etc/touchbridge/scene.json"
dpkg-deb -b --root-owner-group "$work/next" "$work/touchbridge_next.deb" > /dev/null
(cd "$work" && DEBIAN_FRONTEND=noninteractive apt-get install -y -o Dpkg::Options::=--force-confold ./touchbridge_next.deb > upgrade.log 2>&1) \
  || { cat "$work/upgrade.log"; fail "apt upgrades to $next"; }
check "the package is upgraded to $next" [ "$(dpkg-query -W -f='${Version}' touchbridge)" = "$next" ]
check "the edited scene is kept" grep -q '"name": "lobby"' /etc/touchbridge/scene.json
check "...and the new version's default is beside it (scene.json.dpkg-dist)" grep -q '"name": "home"' /etc/touchbridge/scene.json.dpkg-dist
check "the service was restarted" within 30 sh -c "systemctl is-active --quiet touchbridge.service && [ \"\$(systemctl show -p MainPID --value touchbridge.service)\" != '$pid' ]"
check "...and serves the edited scene" tap lobby 4000 2400
check "...still as touchbridge" [ "$(ps -o user= -p "$(main_pid)")" = touchbridge ]
stop_listen

# --- 4. Remove, then purge ----------------------------------------------------------------------
(DEBIAN_FRONTEND=noninteractive apt-get remove -y touchbridge > "$work/remove.log" 2>&1) || { cat "$work/remove.log"; fail "apt removes the package"; }
check "apt remove stops the service" sh -c '! systemctl is-active --quiet touchbridge.service'
check "...leaves no process of touchbridge's" sh -c '! pgrep -u touchbridge > /dev/null'
check "...removes the binaries" sh -c '[ ! -e /usr/bin/touchbridge ] && [ ! -e /usr/libexec/touchbridge ]'
check "...leaves nothing that can start it (no unit file, no udev rule)" sh -c '[ ! -e /lib/systemd/system/touchbridge.service ] && [ ! -e /lib/udev/rules.d/70-touchbridge.rules ] && [ "$(systemctl is-enabled touchbridge.service 2> /dev/null)" != enabled ]'
unplug
plug examples/kiosk.evemu
check "...and a panel plugged in then is udev's default (root:input, no ACL) and starts nothing" \
  sh -c "sleep 2; [ \"\$(stat -c %U:%G '$node')\" = root:input ] && ! getfacl -cp '$node' | grep -q touchbridge && ! systemctl is-active --quiet touchbridge.service"
check "...and keeps the scene (configuration)" grep -q '"name": "lobby"' /etc/touchbridge/scene.json
(dpkg --purge touchbridge > "$work/purge.log" 2>&1) || { cat "$work/purge.log"; fail "dpkg --purge"; }
systemctl daemon-reload
check "dpkg --purge leaves no unit" test -z "$(unit_files)" || unit_files
check "...no binary" sh -c '! command -v touchbridge && [ ! -e /usr/bin/touchbridge ]'
check "...no /etc/touchbridge" [ ! -e /etc/touchbridge ]
check "...no process" sh -c '! pgrep -u touchbridge > /dev/null && ! pgrep -x touchbridge > /dev/null'
check "...no package left in dpkg's database" sh -c '! dpkg-query -W -f="\${Status}" touchbridge 2> /dev/null | grep -q .'
check "...and keeps the system user and group (Debian's practice)" sh -c 'id touchbridge > /dev/null'
unplug
check "no unit failed" no_failed_units
finish
