"""The functions a run executed, from callgrind output files (recorded with --demangle=no), that
BINARY defines: one symbol a line, in order of first execution, for the linker's
--symbol-ordering-file. usage: hot-functions.py BINARY CALLGRIND.OUT... > LIST"""
import re
import subprocess
import sys

binary, outs = sys.argv[1], sys.argv[2:]
defined = set()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    p = line.split()
    if len(p) == 3 and p[1] in "tTwW":
        defined.add(p[2])
seen = set()
for out in outs:
    for line in open(out, errors="replace"):
        m = re.match(r"^c?fn=\(\d+\) (\S+)", line)
        if m and m.group(1) in defined and m.group(1) not in seen:
            seen.add(m.group(1))
            print(m.group(1))
