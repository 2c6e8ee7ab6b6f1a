#!/usr/bin/env python3
"""ARCHITECTURE.md's code map against the code: every target of Sources/ has its section
(`### \`Name\``); each section's `Imports:` line names exactly the modules the target's files
import (the toolchain's and the C library's aside); and every module it names that has a
section comes earlier, so the map reads in dependency order; and every file the map names
exists. Prints what it finds; exit 1 on
any breach.
usage: scripts/check-architecture.py"""
import json, os, re, subprocess, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SYSTEM = {"Swift", "Glibc", "Foundation", "FoundationEssentials", "Dispatch", "_Concurrency", "Synchronization",
          "SwiftGlibc", "Musl"}
importing = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|var|let|protocol)\s+)?(\w+)",
                       re.M)
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
targets = {}
for t in manifest["targets"]:
    if t["type"] not in ("regular", "executable") or t.get("path"):
        continue  # system modules, plugins, tests and fuzzers (which name their own paths)
    path = os.path.join(root, "Sources", t["name"])
    used = set()
    for d, _, files in os.walk(path):
        for f in files:
            if f.endswith(".swift"):
                text = re.sub(r'#?"""[\s\S]*?"""#?', '', open(os.path.join(d, f), encoding="utf-8").read())
                used |= set(importing.findall(text))
    targets[t["name"]] = used - SYSTEM - {t["name"]}

text = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
sections = [(m.group(1), m.start()) for m in re.finditer(r"^### `([^`]+)`", text, re.M)]
position = {name: i for i, (name, _) in enumerate(sections)}
problems = []
for name in sorted(targets):
    if name not in position:
        problems.append(f"{name}: no section `### \\`{name}\\`` in ARCHITECTURE.md")
for i, (name, start) in enumerate(sections):
    if name not in targets:
        continue
    end = sections[i + 1][1] if i + 1 < len(sections) else len(text)
    line = re.search(r"^Imports: (.*)$", text[start:end], re.M)
    if not line:
        problems.append(f"{name}: its section has no `Imports:` line")
        continue
    stated = set() if line.group(1).strip() == "nothing." else set(re.findall(r"`([^`]+)`", line.group(1)))
    if stated != targets[name]:
        missing, extra = sorted(targets[name] - stated), sorted(stated - targets[name])
        problems.append(f"{name}: Imports: says {sorted(stated)}; the code imports {sorted(targets[name])}"
                        + (f" (not said: {missing})" if missing else "") + (f" (not imported: {extra})" if extra else ""))
    for module in stated:
        if module in position and position[module] > i:
            problems.append(f"{name}: imports {module}, whose section comes after it")
# Every file the map names exists: paths from the checkout's root, Sources/ or Tests/, and bare
# file names anywhere in the tree; a template's `Name` (`NameCommand.swift`) is not a file.
tree = set()
for d, dirs, files in os.walk(root):
    dirs[:] = [x for x in dirs if not x.startswith(".")]
    for f in files + dirs:
        tree.add(os.path.relpath(os.path.join(d, f), root))
names = {os.path.basename(f) for f in tree}
for m in re.finditer(r"`([A-Za-z0-9_./+-]+\.(?:swift|py|md|json|sh|rules|service|evemu|docc))`", text):
    named = m.group(1)
    if re.search(r"(?:^|[/+])Names?(?:[A-Z+.])", named):
        continue
    candidates = [named, "Sources/" + named, "Tests/" + named]
    if "/" in named:
        found = any(c in tree for c in candidates)
    else:
        found = named in names
    if not found:
        line = text[: m.start()].count("\n") + 1
        problems.append(f"ARCHITECTURE.md:{line}: names {named}, which is not in the tree")

for p in problems:
    print("check-architecture: " + p)
print(f"check-architecture: {len(targets)} targets, {len(problems)} problems")
sys.exit(1 if problems else 0)
