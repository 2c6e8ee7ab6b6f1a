#!/bin/sh
# Inside the test VM (scripts/vm/run 'sh scripts/examples/record.sh [NAME…]'): the example
# stories (examples/src/*.evemu) replayed into uinput devices and recorded into examples/.
exec sh scripts/vm/record-streams.sh examples/src examples "$@"
