#!/bin/sh
# Rewrites the golden logs of the examples (Tests/TouchBridgeTests/Golden/) from the current
# build. Only after reading the differences (git diff) against UIKit's rules.
set -e
cd "$(dirname "$0")/../.."
bin=.build/debug/touchbridge
for scene in examples/*.json; do
  name=$(basename "$scene" .json)
  $bin run --scene "$scene" "examples/$name.evemu" > "Tests/TouchBridgeTests/Golden/$name.log"
  $bin run --json --scene "$scene" "examples/$name.evemu" > "Tests/TouchBridgeTests/Golden/$name.jsonl"
done
