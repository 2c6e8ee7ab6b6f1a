#!/bin/sh
# Inside the test VM (scripts/vm/run 'sh scripts/samples/record.sh'): the generated sample
# streams replayed into uinput devices and recorded into Resources/recordings/.
exec sh scripts/vm/record-streams.sh scripts/samples/src Resources/recordings "$@"
