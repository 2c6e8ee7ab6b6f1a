#!/usr/bin/env python3
"""Public symbols of the documented modules without a summary, from DocC's coverage files
(make docs). Compiler-made members (operators, protocol implementations) are left out.
usage: doc-coverage.py DOCS_DIR [--list]"""
import collections, glob, json, sys

total = undocumented = 0
missing = collections.defaultdict(list)
for path in glob.glob(sys.argv[1] + "/**/documentation-coverage.json", recursive=True):
    for e in json.load(open(path)):
        kind = e["kind"]
        if not kind.get("isSymbol") or kind["name"] in ("Operator",) or "Implementations" in e["title"]:
            continue
        module = e["referencePath"].split("/")[4]
        total += 1
        if not e["hasAbstract"]:
            undocumented += 1
            missing[module].append(e["referencePath"].split("/documentation/")[1])
print(f"doc-coverage: {total - undocumented} of {total} public symbols have a summary; without one: "
      + (", ".join(f"{m} {len(v)}" for m, v in sorted(missing.items())) or "none"))
if "--list" in sys.argv:
    for m in sorted(missing):
        for s in sorted(missing[m]):
            print("  " + s)
