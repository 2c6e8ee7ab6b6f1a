#!/usr/bin/env python3
"""Runs the transcripts of README.md and docs/*.md: every fenced block that starts with a
`$ ` command line. Each command runs in a scratch folder that holds the repository's examples,
recordings and schema, with the built `touchbridge` (.build/debug) first on the PATH, and the
lines shown after it must appear in its output (stdout and stderr), in that order; `...` (or `…`)
stands for lines left out, and a `  <- note` after a line is not part of it. Transcripts that
need a live panel or root (`/dev/input`, `sudo`, `list`, `record`, `replay`, `libinput-parity`) are not run here:
the device tests cover those commands. `touchbridge watch` draws on a terminal: its transcripts
run in an 80x24 tmux terminal of their own, and the lines shown must be on its screen once the
recording is held.

Swift examples (```swift blocks) cannot run as transcripts: each must appear, line for line
(indentation and imports aside), in a Tests/*/DocExampleTests.swift, whose tests run it and
check what the page says it does.

Every relative link of README.md, docs/*.md, ARCHITECTURE.md, BENCHMARKS.md and CHANGELOG.md
must lead to a file, and its #anchor to one of that page's headings.

usage: scripts/check-docs.py   (exit 1 on the first page whose transcript disagrees)
"""
import glob, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NEEDS_DEVICE = re.compile(r"/dev/input|\bsudo\b|^touchbridge (list|record|replay)\b|libinput-parity")


def transcripts(text):
    """(line number, [(command, [expected lines])]) for each transcript block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            start = i
            i += 1
            body = []
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            if body and body[0].startswith("$ "):
                steps = []
                for line in body:
                    if line.startswith("$ "):
                        steps.append((line[2:], []))
                    else:
                        steps[-1][1].append(line)
                yield start + 1, steps
        i += 1


def expected(lines):
    out = []
    for line in lines:
        line = re.split(r"\s+(?:←|<-)\s", line)[0].rstrip()
        if line and not line.strip().startswith(("...", "…")):
            out.append(line)
    return out


def appears_in_order(want, got):
    """The first wanted line not found in order, or None."""
    at = 0
    for w in want:
        while at < len(got) and got[at].rstrip() != w:
            at += 1
        if at == len(got):
            return w
        at += 1
    return None


def in_terminal(command, cwd, env):
    """`command` in an 80x24 tmux terminal of its own: the screen once a recording is held
    (or after 10 s)."""
    socket = "tb-docs-%d" % os.getpid()
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    env = dict(env, LANG="C.UTF-8", NO_COLOR="")
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", "-c", cwd, "bash", "-c", command + "; sleep 600"],
                   env=env, check=True)
    try:
        subprocess.run(tmux + ["set", "-g", "status", "off"], check=True)
        deadline = time.time() + 10
        while True:
            screen = subprocess.run(tmux + ["capture-pane", "-p"], stdout=subprocess.PIPE, text=True).stdout
            if "held at" in screen or time.time() > deadline:
                return screen
            time.sleep(0.1)
    finally:
        subprocess.run(tmux + ["kill-server"])


def normalized(code):
    return [l.strip() for l in code.split("\n") if l.strip() and not l.strip().startswith("import ")]


def swift_blocks(text):
    for m in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        # A manifest that scripts/url-app-test builds an app with is tested there.
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        if before.startswith("<!-- url-app-test:"):
            continue
        yield text[:m.start()].count("\n") + 1, m.group(1)


def contains_run(haystack, needle):
    return any(haystack[i:i + len(needle)] == needle for i in range(len(haystack) - len(needle) + 1))


README_LINES = 150


def slug(heading):
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def broken_links(page):
    """The relative links of `page` whose file is missing or whose #anchor names no heading."""
    text = re.sub(r"```.*?```", "", open(page, encoding="utf-8").read(), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, fragment = target.partition("#")
        linked = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.exists(linked):
            yield target + " (no such file)"
        elif fragment and linked.endswith(".md"):
            body = re.sub(r"```.*?```", "", open(linked, encoding="utf-8").read(), flags=re.S)
            headings = {slug(h) for h in re.findall(r"^#+ (.*)$", body, flags=re.M)}
            if fragment not in headings:
                yield target + " (no such heading)"


def main():
    binary = os.path.join(ROOT, ".build", "debug", "touchbridge")
    if not os.access(binary, os.X_OK):
        sys.exit("check-docs: build first (swift build): no " + binary)
    pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    # README is the front door: what touchbridge is, the two commands, each user's path and
    # where to go next; the rest lives in docs/.
    front = open(pages[0], encoding="utf-8").read().count("\n")
    if front > README_LINES:
        sys.exit("check-docs: README.md is %d lines (at most %d): move the detail to docs/" % (front, README_LINES))
    # Every page of docs/ is reachable from README's index.
    readme = open(pages[0], encoding="utf-8").read()
    for page in pages[1:]:
        if "docs/" + os.path.basename(page) not in readme and os.path.basename(page) != "index.md":
            linked = any("(" + os.path.basename(page) in open(p, encoding="utf-8").read() for p in pages[1:])
            if not linked:
                sys.exit("check-docs: %s is linked from neither README.md nor another page" % os.path.relpath(page, ROOT))
    # Every relative link of the front door, the maps and the docs leads somewhere.
    for page in pages + [os.path.join(ROOT, n) for n in ("ARCHITECTURE.md", "BENCHMARKS.md", "CHANGELOG.md")]:
        for broken in broken_links(page):
            sys.exit("check-docs: %s links to %s" % (os.path.relpath(page, ROOT), broken))
    ran = skipped = 0
    for page in pages:
        name = os.path.relpath(page, ROOT)
        for line_number, steps in transcripts(open(page, encoding="utf-8").read()):
            if any(NEEDS_DEVICE.search(command) for command, _ in steps):
                skipped += 1
                continue
            scratch = tempfile.mkdtemp(prefix="tb-docs-")
            try:
                for entry in ("examples", "Resources", "schema"):
                    os.symlink(os.path.join(ROOT, entry), os.path.join(scratch, entry))
                env = dict(os.environ, PATH=os.path.dirname(binary) + os.pathsep + os.environ.get("PATH", ""))
                for command, shown in steps:
                    if command.startswith("touchbridge watch "):
                        got = in_terminal(command, scratch, env).split("\n")
                    else:
                        result = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120, text=True)
                        got = result.stdout.split("\n")
                    missing = appears_in_order(expected(shown), got)
                    if missing is not None:
                        print("check-docs: %s:%d: `%s` printed no line\n  %s\nin that order; it printed:\n%s"
                              % (name, line_number, command, missing, "\n".join("  " + g for g in got[:40])))
                        sys.exit(1)
                ran += 1
            finally:
                shutil.rmtree(scratch)
    # The doc examples' tests, and the example packages' own code and tests (quoted as they are).
    sources = glob.glob(os.path.join(ROOT, "Tests", "*", "DocExampleTests.swift")) + \
        glob.glob(os.path.join(ROOT, "examples", "*", "Sources", "**", "*.swift"), recursive=True) + \
        glob.glob(os.path.join(ROOT, "examples", "*", "Tests", "**", "*.swift"), recursive=True)
    tests = [normalized(open(f, encoding="utf-8").read()) for f in sources]
    swift = 0
    for page in pages:
        for line_number, code in swift_blocks(open(page, encoding="utf-8").read()):
            if not any(contains_run(t, normalized(code)) for t in tests):
                print("check-docs: %s:%d: this Swift example is not in any Tests/*/DocExampleTests.swift or examples/*/ package, word for word"
                      % (os.path.relpath(page, ROOT), line_number))
                sys.exit(1)
            swift += 1
    print("check-docs: %d transcripts run as shown; %d need a panel or root (the device tests run those commands); "
          "%d Swift examples are tests" % (ran, skipped, swift))


if __name__ == "__main__":
    main()
