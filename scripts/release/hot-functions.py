"""The functions a run executed, from callgrind output files (recorded with --demangle=no), that
BINARY defines: one symbol a line, for the linker's --symbol-ordering-file. Functions come in
order of first execution, except those whose name is defined in an input section larger than
the kernel's 64 KiB fault-around window (the standard library's archives keep each module's code
in one `.text`, which the linker can only move whole): listed last, so that one such section
does not split the packed functions into two runs of windows. MAP is the linker's map of BINARY.
usage: hot-functions.py BINARY MAP CALLGRIND.OUT... > LIST"""
import bisect
import re
import subprocess
import sys

WINDOW = 64 * 1024
binary, link_map, outs = sys.argv[1], sys.argv[2], sys.argv[3:]
defined = set()
starts, names = [], []     # function symbols by address, for code callgrind names by address only
for line in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    p = line.split()
    if len(p) == 3 and p[1] in "tTwW":
        defined.add(p[2])
        starts.append(int(p[0], 16))
        names.append(p[2])


def symbol(name):
    """The symbol callgrind means: its own name, or, for code it names by address (an entry
    inside a thunk, the C runtime's start files), the function that address lies in."""
    if re.fullmatch(r"0x[0-9a-f]+", name):
        i = bisect.bisect_right(starts, int(name, 16)) - 1
        return names[i] if i >= 0 else name
    return name


# lld's map: an input section's line names its file and section ("archive(member.o):(.text)"),
# its symbols follow on lines of five fields. Which names sit in a section larger than a window,
# and whether that section is the standard library's (Swift.o).
in_stdlib, in_other_big = set(), set()
section_size, section_name = 0, ""
for line in open(link_map, errors="replace"):
    p = line.split()
    if len(p) >= 5 and ":(" in p[4]:
        section_size, section_name = int(p[2], 16), p[4]
    elif len(p) == 5 and section_size > WINDOW:
        (in_stdlib if "(Swift.o):" in section_name else in_other_big).add(p[4])

seen, order = set(), []
for out in outs:
    for line in open(out, errors="replace"):
        m = re.match(r"^c?fn=\(\d+\) (\S+)", line)
        name = symbol(m.group(1)) if m else None
        if name in defined and name not in seen:
            seen.add(name)
            order.append(name)
packed = [n for n in order if n not in in_stdlib and n not in in_other_big]
stdlib = [n for n in order if n in in_stdlib and n not in in_other_big]
rest = [n for n in order if n in in_other_big]
print("\n".join(packed + stdlib + rest))
