#!/usr/bin/env python3
"""The house's rules, checked from the source: no module over 4,000 lines, no Swift file over
400, no folder of a module that uses a type of another folder which uses one of its own (a
folder-level cycle), and the kernel's C modules imported by Evdev alone (the terminal's
CNcurses by the command line's watch alone). Prints what it finds; exit 1 on any breach.
TouchKit is left out of the cycle rule: it mirrors UIKit, whose objects refer to each other by
design (a view's recognizers and a recognizer's view, a touch's window and a window's
touches, the responder chain both ways), so its folders group concepts, not stages.
usage: scripts/check-layers.py [SOURCES_DIR]"""
import collections, os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Sources")
problems = []
decl = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|indirect|nonisolated\(unsafe\))\s+)*"
                  r"(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)
word = re.compile(r"\b[A-Z]\w*\b")
comment = re.compile(r"//.*?$|/\*.*?\*/", re.M | re.S)
string = re.compile(r'"(?:\\.|[^"\\])*"')

for module in sorted(os.listdir(root)):
    mdir = os.path.join(root, module)
    if not os.path.isdir(mdir):
        continue
    files = [os.path.join(d, f) for d, _, fs in os.walk(mdir) for f in fs if f.endswith(".swift")]
    total = 0
    folder_of, uses = {}, collections.defaultdict(set)
    texts = {}
    for f in files:
        text = open(f, encoding="utf-8").read()
        n = text.count("\n")
        total += n
        if n > 400:
            problems.append(f"{os.path.relpath(f, root)}: {n} lines (at most 400)")
        for imp in re.findall(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(C\w+)", text, re.M):
            allowed = module == "Evdev" or (imp == "CNcurses" and module == "TouchBridgeCLI")
            if not allowed:
                problems.append(f"{os.path.relpath(f, root)}: imports {imp} (only Evdev talks to the kernel's C types)")
        rel = os.path.relpath(f, mdir)
        folder = rel.split(os.sep)[0] if os.sep in rel else "."
        code = string.sub('""', comment.sub("", text))
        texts[f] = (folder, code)
        for name in decl.findall(code):
            folder_of.setdefault(name, folder)
    if total > 4000 and module not in ("TouchBridgeCLI",):
        problems.append(f"{module}: {total} lines (at most 4,000 a module)")
    for f, (folder, code) in texts.items():
        for w in set(word.findall(code)):
            other = folder_of.get(w)
            if other and other != folder and other != "." and folder != ".":
                uses[folder].add((other, w, os.path.relpath(f, root)))
    edges = collections.defaultdict(list)
    for a, items in uses.items():
        for b, name, where in items:
            edges[(a, b)].append(f"{where} uses {name}")
    for (a, b), why in sorted(edges.items()):
        if module != "TouchKit" and a < b and (b, a) in edges:
            problems.append(f"{module}: {a}/ and {b}/ use each other: {why[0]}; {edges[(b, a)][0]}")
    print(f"check-layers: {module}: {total} lines in {len(files)} files")

for p in problems:
    print("check-layers: " + p)
sys.exit(1 if problems else 0)
