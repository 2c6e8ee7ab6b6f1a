#!/usr/bin/env python3
"""Package.swift's comments, checked against the package: every target of the product (not the
tests, fuzzers or benchmarks) says what it holds in a comment right above it, and what those
comments claim holds —
- "Pure" exactly for the modules check-layers.py holds pure (`PURE`);
- "Re-exports X" exactly where a file of the target has `@_exported import X`;
- a C module's users named as possessives ("Evdev's, Discovery's") are exactly the targets
  that depend on it;
- "only the command line links" a module the daemon's program (TouchBridgeDaemon) does not
  reach, and "not part of a library product" a module no library product reaches;
- the commands the daemon's program "runs itself" (`run`, `evtest`…) are those its main.swift
  runs itself.
Prints each breach with its line; exit 1 on any.
usage: scripts/check-package.py"""
import ast, json, os, re, subprocess, sys

project = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
text = open(os.path.join(project, "Package.swift"), encoding="utf-8").read()
lines = text.split("\n")
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=project, check=True,
                                     capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in manifest["targets"]}
depends = {name: [list(d.values())[0][0] for d in t["dependencies"]] for name, t in targets.items()}
problems = []


def closure(names):
    seen, todo = set(), list(names)
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo += depends.get(d, [])
    return seen


# PURE, as check-layers.py declares it.
layers = ast.parse(open(os.path.join(project, "scripts", "check-layers.py"), encoding="utf-8").read())
PURE = next(ast.literal_eval(n.value) for n in layers.body
            if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "PURE")

# Each target's comment: the `//` lines right above its declaration.
declared = re.compile(r"^\s*\.(target|systemLibrary|executableTarget|executable|library)\(")
comments = {}
for i, line in enumerate(lines):
    m = declared.match(line)
    if not m:
        continue
    name = re.search(r'name:\s*"([^"]+)"', "\n".join(lines[i:i + 3]))
    if not name:
        continue
    j, block = i - 1, []
    while j >= 0 and lines[j].strip().startswith("//"):
        block.insert(0, lines[j].strip()[2:].strip())
        j -= 1
    key = ("product " if m.group(1) in ("executable", "library") else "") + name.group(1)
    comments[key] = (i + 1, " ".join(block))

product_targets = {n for n, t in targets.items() if t["type"] in ("regular", "system", "executable")
                   and not (t.get("path") or "").startswith(("Fuzz", "Benchmarks", "Tests"))}
for name in sorted(product_targets):
    if not comments.get(name, (0, ""))[1]:
        problems.append(f"Package.swift: target {name} has no comment saying what it holds")
        continue
    line, said = comments[name]
    where = f"Package.swift:{line}: {name}"
    pure = re.search(r"\bPure\b", said) is not None
    if pure != (name in PURE):
        problems.append(f"{where}: its comment {'says' if pure else 'does not say'} Pure, "
                        f"check-layers.py {'holds' if name in PURE else 'does not hold'} it pure")
    exported = set()
    folder = os.path.join(project, targets[name].get("path") or os.path.join("Sources", name))
    for d, _, fs in os.walk(folder):
        for f in fs:
            if f.endswith(".swift"):
                exported |= set(re.findall(r"^@_exported import (\w+)", open(os.path.join(d, f), encoding="utf-8").read(), re.M))
    claimed = set(re.findall(r"Re-exports (\w+)", said))
    if claimed != exported:
        problems.append(f"{where}: its comment says it re-exports {sorted(claimed) or 'nothing'}, "
                        f"its files re-export {sorted(exported) or 'nothing'}")
    if targets[name]["type"] == "system":
        users = {t for t, ds in depends.items() if name in ds and t in product_targets}
        named = {w for w in re.findall(r"\b(\w+)'s?(?=[\s,.;:)]|$)", said) if w in targets}
        if named and named != users:
            problems.append(f"{where}: its comment names {sorted(named)} as its users, "
                            f"{sorted(users)} depend on it")
    daemon = closure(["TouchBridgeDaemon"])
    if re.search(r"[Oo]nly the command line links", said) and name in daemon:
        problems.append(f"{where}: its comment says only the command line links it, the daemon's program does")
    libraries = closure([t for p in manifest["products"] if "library" in p["type"] for t in p["targets"]])
    if "Not part of a library product" in said and name in libraries:
        problems.append(f"{where}: its comment says it is no library's, a library product reaches it")

# The commands the daemon's program runs itself.
line, said = comments.get("product touchbridge", (0, ""))
claimed = set(re.findall(r"`(\w+)`", said.split("itself")[0])) if "itself" in said else set()
main = open(os.path.join(project, "Sources", "TouchBridgeDaemon", "main.swift"), encoding="utf-8").read()
runs = set(re.findall(r'arguments\.first == "(\w+)",', main))
if claimed != runs:
    problems.append(f"Package.swift:{line}: the daemon's program is said to run {sorted(claimed)} itself, "
                    f"its main.swift runs {sorted(runs)}")

for p in problems:
    print("check-package: " + p)
sys.exit(1 if problems else 0)
