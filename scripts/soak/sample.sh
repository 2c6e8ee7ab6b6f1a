#!/bin/sh
# Samples a process's resident memory and open descriptors every INTERVAL seconds until it
# ends: "seconds rss_kB fds" lines. usage: sample.sh PID INTERVAL OUT
pid=$1 interval=$2 out=$3
start=$(date +%s)
: > "$out"
while [ -d /proc/$pid ]; do
  rss=$(awk '/VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null)
  fds=$(ls /proc/$pid/fd 2>/dev/null | wc -l)
  [ -n "$rss" ] && echo "$(( $(date +%s) - start )) $rss $fds" >> "$out"
  sleep "$interval"
done
