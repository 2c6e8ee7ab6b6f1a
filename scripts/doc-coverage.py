#!/usr/bin/env python3
"""Public symbols of the documented modules without a summary, from DocC's coverage files
(make docs, with inherited docs). Left out: what the compiler or the standard library makes
(operators, protocol implementation groups, and the members OptionSet, SetAlgebra, Hashable,
RawRepresentable and the literal protocols give every conforming type), and extensions of
the standard library's own types.
usage: doc-coverage.py DOCS_DIR [--list] [--require-all]  (--require-all: exit 1 when any lacks one)"""
import collections, glob, json, sys

STANDARD = {"hash(into:)", "hashValue", "init(rawValue:)", "rawValue", "init()", "init(_:)", "init(arrayLiteral:)",
            "init(stringLiteral:)", "init(unicodeScalarLiteral:)", "init(extendedGraphemeClusterLiteral:)",
            "contains(_:)", "formUnion(_:)", "formIntersection(_:)", "formSymmetricDifference(_:)", "insert(_:)",
            "remove(_:)", "update(with:)", "union(_:)", "intersection(_:)", "symmetricDifference(_:)", "subtract(_:)",
            "subtracting(_:)", "isSubset(of:)", "isSuperset(of:)", "isStrictSubset(of:)", "isStrictSuperset(of:)",
            "isDisjoint(with:)", "isEmpty", "description"}

total = undocumented = 0
missing = collections.defaultdict(list)
for path in glob.glob(sys.argv[1] + "/**/documentation-coverage.json", recursive=True):
    for e in json.load(open(path)):
        kind = e["kind"]
        path = e["referencePath"].split("/documentation/")[1].split("/")
        if not kind.get("isSymbol") or kind["name"] in ("Operator",) or "Implementations" in e["title"]:
            continue
        if e["title"] in STANDARD or (len(path) > 1 and path[1] == "Swift"):
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
if "--require-all" in sys.argv and undocumented:
    print("doc-coverage: every public symbol needs a one- or two-sentence summary (--list shows them)")
    sys.exit(1)
