#!/usr/bin/env python3
"""Every module a target imports is one Package.swift lists as that target's dependency (not
one it reaches through another), the toolchain's and the system's modules aside; and no
executable target re-exports a module (`@_exported import`). Reads the manifest through
`swift package dump-package`. Prints what it finds; exit 1 on any breach.
usage: scripts/check-imports.py"""
import json, os, re, subprocess, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# Modules every target may import: the toolchain's and the C library's.
SYSTEM = {"Swift", "Glibc", "Foundation", "FoundationEssentials", "Testing", "XCTest", "Dispatch", "_Concurrency",
          "PackagePlugin", "Synchronization", "SwiftGlibc", "Musl"}
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
problems = []
importing = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|var|let|protocol)\s+)?(\w+)",
                       re.M)
for t in manifest["targets"]:
    if t["type"] in ("system", "binary"):
        continue
    default = {"test": "Tests", "plugin": "Plugins"}.get(t["type"], "Sources")
    path = os.path.join(root, t.get("path") or os.path.join(default, t["name"]))
    listed = set()
    for d in t["dependencies"]:
        if "byName" in d:
            listed.add(d["byName"][0])
        elif "target" in d:
            listed.add(d["target"][0])
        elif "product" in d:
            listed.add(d["product"][0])
    for d, _, files in os.walk(path):
        for f in files:
            if not f.endswith(".swift"):
                continue
            file = os.path.join(d, f)
            # Multi-line string literals hold other languages' text (a Python helper's imports).
            text = re.sub(r'#?"""[\s\S]*?"""#?', '', open(file, encoding="utf-8").read())
            rel = os.path.relpath(file, root)
            for module in set(importing.findall(text)):
                if module not in SYSTEM and module not in listed and module != t["name"]:
                    problems.append(f"{rel}: imports {module}, which {t['name']} does not list in Package.swift")
            if t["type"] == "executable" and re.search(r"^\s*@_exported\s+import", text, re.M):
                problems.append(f"{rel}: @_exported import in an executable target")
for p in sorted(problems):
    print("check-imports: " + p)
print(f"check-imports: {len(manifest['targets'])} targets, {len(problems)} problems")
sys.exit(1 if problems else 0)
