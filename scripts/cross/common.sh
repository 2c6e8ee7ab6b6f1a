# Sourced by scripts/cross/*: where the arm64 build's toolchain lives and how to run in it.
# Everything is cached outside the checkout, under TOUCHBRIDGE_CROSS_CACHE
# (/var/cache/touchbridge-cross): the sid chroot holding the compiler, the bookworm arm64
# sysroot, the Swift SDK bundle, and every package they were made from (debs/), kept so that
# a later change in sid cannot break a machine that prepared once.
cross_cache=${TOUCHBRIDGE_CROSS_CACHE:-/var/cache/touchbridge-cross}
cross_chroot=$cross_cache/sid-swift
cross_sysroot=$cross_cache/bookworm-arm64
cross_sdks=$cross_cache/sdks
cross_sdk_name=touchbridge-aarch64
cross_bundle=$cross_sdks/$cross_sdk_name.artifactbundle
cross_triple=aarch64-unknown-linux-gnu
cross_mirror=${TOUCHBRIDGE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cross_security_mirror=${TOUCHBRIDGE_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

cross_fail() { echo "make deb ARCH=arm64: $1" >&2; exit "${2:-70}"; }

# Runs a command in the compiler's chroot, in a mount namespace of its own: /proc and /dev
# (the Swift runtime traps without them), the sysroot, the SDK bundle and the checkout at
# their own paths, the host's git redirections and package mirror (/opt/swift-packages).
# usage: in_chroot CHECKOUT COMMAND (a shell command line, run by sh -c in CHECKOUT; / for none)
in_chroot() {
  local checkout=$1; shift
  local r=$cross_chroot binds="$cross_sysroot $cross_sdks"
  [ "$checkout" = / ] || binds="$binds $checkout"
  [ -d /opt/swift-packages ] && binds="$binds /opt/swift-packages"
  [ -f /etc/gitconfig ] && cp /etc/gitconfig "$r/etc/gitconfig"
  unshare -m --propagation private sh -euc '
    r=$1; binds=$2; checkout=$3; shift 3
    mount -t proc proc "$r/proc"
    mount --rbind /dev "$r/dev"
    mount -t tmpfs tmpfs "$r/tmp"
    for b in $binds; do mkdir -p "$r$b"; mount --bind "$b" "$r$b"; done
    exec chroot "$r" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
      sh -euc "cd \"\$0\" && $1" "$checkout"
  ' sh "$r" "$binds" "$checkout" "$@"
}

# apt for another suite and architecture than the host's, with its own lists and cache, and no
# installed packages: what `install --download-only` fetches is then a whole closure.
# usage: foreign_apt NAME ARCH SOURCES-LINES APT-ARGS... (its lists and cache in apt/NAME)
foreign_apt() {
  local name=$1 arch=$2 sources=$3; shift 3
  local d=$cross_cache/apt/$name
  mkdir -p "$d/lists/partial" "$d/archives/partial" "$d/etc/apt.conf.d" "$d/etc/preferences.d"
  : > "$d/status"
  printf '%s\n' "$sources" > "$d/etc/sources.list"
  apt-get -q -o Dir::State="$d" -o Dir::State::Lists="$d/lists" -o Dir::State::status="$d/status" \
    -o Dir::Cache="$d" -o Dir::Cache::archives="$d/archives" -o Dir::Etc="$d/etc" \
    -o Dir::Etc::SourceList="$d/etc/sources.list" -o Dir::Etc::SourceParts=- -o Dir::Etc::Parts="$d/etc/apt.conf.d" \
    -o Dir::Etc::Preferences="$d/etc/preferences" -o Dir::Etc::PreferencesParts="$d/etc/preferences.d" \
    -o APT::Architecture="$arch" -o APT::Architectures::="$arch" -o Acquire::Check-Valid-Until=false \
    -o Acquire::Languages=none -o APT::Sandbox::User=root -o Debug::NoLocking=1 "$@"
}
keyring="signed-by=/usr/share/keyrings/debian-archive-keyring.gpg"
sid_sources="deb [$keyring] $cross_mirror sid main"
bookworm_sources="deb [$keyring] $cross_mirror bookworm main
deb [$keyring] $cross_mirror bookworm-updates main
deb [$keyring] $cross_security_mirror bookworm-security main"

# The names of the packages a .deb depends on (versions and alternatives dropped), one a line.
package_depends() {
  dpkg-deb -f "$1" Depends | tr ',' '\n' | sed -e 's/(.*)//' -e 's/|.*//' -e 's/ //g' | grep . | sort -u
}
