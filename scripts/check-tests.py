#!/usr/bin/env python3
"""The tests' honesty, checked on the tree (make test). Every library module has its test target.

A test that needs something the machine lacks is skipped by the framework with its reason
(`.enabled(if:)`) or fails (`#require`, `Issue.record`); it never returns quietly from a guard
on a tool, a user or the environment. An expectation says one thing: at most LIMIT
`#expect(a && b)` in the whole suite, so a failure names the half that failed.
"""
import pathlib
import re
import sys

LIMIT = 20
CONDITION = re.compile(r"tool\(|[Ii]nstalled|environment|uid\(\)|access\(|available")
QUIET = re.compile(r"else\s*\{\s*return\s*\}")


def guards(lines):
    """Each `guard` statement with its else block, as one string, and its line number."""
    for i, line in enumerate(lines):
        if line.strip().startswith("guard "):
            yield i + 1, " ".join(l.strip() for l in lines[i : i + 6])


def conjunctions(text):
    """The `#expect(` calls that join two conditions with `&&` (in a closure too)."""
    count = 0
    for m in re.finditer(r"#expect\(", text):
        depth, j, found, quoted = 1, m.end(), False, False
        while j < len(text) and depth:
            c = text[j]
            if quoted:
                if c == "\\":
                    j += 1
                quoted = c != '"'
            elif c == '"':
                quoted = True
            elif c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif c == "," and depth == 1:
                break
            elif text.startswith("&&", j):
                found = True
            j += 1
        count += found
    return count


def untested_modules():
    """Library modules (Sources/NAME with Swift files, not a program) without Tests/NAMETests."""
    programs = set()
    for line in pathlib.Path("Package.swift").read_text().split("\n"):
        m = re.search(r'\.executableTarget\(\s*name: "([^"]+)"', line)
        if m:
            programs.add(m.group(1))
    text = pathlib.Path("Package.swift").read_text()
    programs |= set(re.findall(r'\.executableTarget\(\s*name: "([^"]+)"', text))
    for source in sorted(pathlib.Path("Sources").iterdir()):
        if source.name in programs or not any(source.rglob("*.swift")):
            continue
        if not (pathlib.Path("Tests") / (source.name + "Tests")).is_dir():
            yield source.name


def main():
    failures, total = [], 0
    for module in untested_modules():
        failures.append(f"Sources/{module}: a library module without its test target (Tests/{module}Tests)")
    for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
        text = path.read_text()
        for number, statement in guards(text.split("\n")):
            head = statement.split("else")[0]
            if CONDITION.search(head) and QUIET.search(statement):
                failures.append(f"{path}:{number}: returns quietly when the machine lacks something; "
                                "use .enabled(if:, reason) or #require")
        total += conjunctions(text)
    if total > LIMIT:
        failures.append(f"{total} #expect(a && b) in Tests (at most {LIMIT}): one expectation per condition")
    for f in failures:
        print(f, file=sys.stderr)
    print(f"check-tests: {total} #expect(a && b), {len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
