#!/usr/bin/env python3
"""The house's rules, checked from the source: no Swift file over 400 lines and no function
over 80 (in Sources, Tests and Fuzz, as formatted), no folder of a module that uses a type of another folder which uses one of its own (a
folder-level cycle), and the kernel's C modules imported by the modules that hold what they
serve (CEvdev by Evdev, CUdev by Discovery, CLinux's structures by Evdev, Discovery, Sysfs and HIDRaw),
the event loop's (CLoop: epoll, timerfd, signalfd) by
Runtime alone, the terminal's CNcurses by the command line's watch alone, the drawing
libraries (CCairo, CDrm, CWaylandClient) by Drawing alone, libmosquitto (CMosquitto) by the MQTT bridge's program alone. Modules are cut by
stage, not by size: there is no cap on a module's lines. The pure modules (`PURE`) reach no
edge (`EDGES`: devices, udev, the loop, sysfs, hidraw, the live source, a C module) through
any dependency in Package.swift, and one module at most re-exports another (`@_exported`: the
app authors' umbrella). Prints what it finds; exit 1 on any breach.
TouchKit is left out of the cycle rule: it mirrors UIKit, whose objects refer to each other by
design (a view's recognizers and a recognizer's view, a touch's window and a window's
touches, the responder chain both ways), so its folders group concepts, not stages.
usage: scripts/check-layers.py [SOURCES_DIR]"""
import collections, json, os, re, subprocess, sys

FUNCTION_LINES = 80


def strip(text):
    # blank out comments and string literals, keeping newlines
    out=[]; i=0; n=len(text)
    while i<n:
        if text.startswith('//',i):
            j=text.find('\n',i); j=n if j<0 else j; out.append(' '*(j-i)); i=j
        elif text.startswith('/*',i):
            j=text.find('*/',i+2); j=n if j<0 else j+2; out.append(re.sub(r'[^\n]',' ',text[i:j])); i=j
        elif text.startswith('#"""',i) or text.startswith('"""',i):
            q='"""#' if text[i]=='#' else '"""'; st=i; j=text.find(q,i+len(q)); j=n if j<0 else j+len(q)
            out.append(re.sub(r'[^\n]',' ',text[i:j])); i=j
        elif text.startswith('#"',i):
            j=text.find('"#',i+2); j=n if j<0 else j+2; out.append(re.sub(r'[^\n]',' ',text[i:j])); i=j
        elif text[i]=='"':
            j=i+1; depth=0
            while j<n:
                if text[j]=='\\' and j+1<n and text[j+1]=='(':
                    depth+=1; j+=2; continue
                if depth and text[j]==')': depth-=1
                elif depth and text[j]=='(': depth+=1
                elif text[j]=='\\': j+=2; continue
                elif text[j]=='"' and not depth: break
                elif text[j]=='\n': break
                j+=1
            out.append(' '*(j+1-i)); i=j+1
        else:
            out.append(text[i]); i+=1
    return ''.join(out)
function_decl=re.compile(r'(?<![.\w])(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\s*[(<{]')
def long_functions(path, limit=FUNCTION_LINES):
    code=strip(open(path,encoding='utf-8').read())
    res=[]
    for m in function_decl.finditer(code):
        # find the body's opening brace: first '{' at depth 0 of parens after the decl
        i=m.end()-1; depth=0
        while i<len(code):
            c=code[i]
            if c in '([': depth+=1
            elif c in ')]': depth-=1
            elif c=='{' and depth==0: break
            i+=1
        if i>=len(code): continue
        j=i+1; d=1
        while j<len(code) and d:
            if code[j]=='{': d+=1
            elif code[j]=='}': d-=1
            j+=1
        start=code.count('\n',0,m.start())+1; end=code.count('\n',0,j)+1
        if end-start+1>limit: res.append((start,end-start+1,m.group(1)))
    return res

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
        for imp in re.findall(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(C[A-Z]\w*)", text, re.M):
            drawing = ("Drawing",)
            owners = {"CLoop": ("Runtime",), "CNcurses": ("TouchBridgeCLI",), "CCairo": drawing, "CDrm": drawing,
                      "CWaylandClient": drawing, "CMosquitto": ("TouchBridgeMQTT",), "CUdev": ("Discovery",),
                      "CLinux": ("Evdev", "Discovery", "Sysfs", "HIDRaw")}.get(imp, ("Evdev",))
            if module not in owners:
                problems.append(f"{os.path.relpath(f, root)}: imports {imp} ({' and '.join(owners)} alone import it)")
        rel = os.path.relpath(f, mdir)
        folder = rel.split(os.sep)[0] if os.sep in rel else "."
        code = string.sub('""', comment.sub("", text))
        texts[f] = (folder, code)
        for name in decl.findall(code):
            folder_of.setdefault(name, folder)
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

# The caps on every Swift file of the project's own, tests and fuzzers too.
project = os.path.join(root, "..")
for tree in ("Sources", "Tests", "Fuzz"):
    for d, _, fs in os.walk(os.path.join(project, tree)):
        for f in fs:
            if not f.endswith(".swift"):
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, project)
            n = open(path, encoding="utf-8").read().count("\n")
            if n > 400 and tree != "Sources":
                problems.append(f"{rel}: {n} lines (at most 400)")
            for line, length, name in long_functions(path):
                problems.append(f"{rel}:{line}: {name} is {length} lines (at most {FUNCTION_LINES})")

# The pure modules reach no edge through their dependencies, however far; one re-export at most.
PURE = ["TextBuffers", "Sysexits", "InputEvents", "TouchInput", "TouchKit", "Displays", "StrictJSON",
        "ControlProtocol", "Output", "TouchScene", "Pipeline", "PanelHealth", "Marks", "Latency", "ReportArchive",
        "MQTTBridge", "PipelineChecks"]
EDGES = {"Evdev", "Discovery", "Runtime", "Sysfs", "HIDRaw", "LivePanels", "VirtualDevices", "Host"}
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=project, check=True,
                                     capture_output=True, text=True).stdout)
depends = {t["name"]: [list(d.values())[0][0] for d in t["dependencies"]] for t in manifest["targets"]}
for name in PURE:
    seen, todo = set(), list(depends.get(name, []))
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo += depends.get(d, [])
    edges = sorted(d for d in seen if d in EDGES or (d.startswith("C") and d[1:2].isupper()))
    if edges:
        problems.append(f"{name}: a pure module, reaches {', '.join(edges)} through its dependencies")
exported = [os.path.relpath(os.path.join(d, f), project) for d, _, fs in os.walk(os.path.join(project, "Sources"))
            for f in fs if f.endswith(".swift") and "@_exported" in strip(open(os.path.join(d, f), encoding="utf-8").read())]
if len(exported) > 1:
    problems.append(f"{len(exported)} files re-export a module (at most one, the umbrella): {', '.join(exported)}")

# The pipeline reads as its stages: at most 12 stored properties, and every stage built complete
# from the configuration (no closure stored in a `var`, to be set after construction).
pipeline_dir = os.path.join(root, "Pipeline")
stored = re.compile(r"^    (?:(?:public|package|private|fileprivate|internal)(?:\(set\))?\s+)*(?:let|var)\s+\w+")
closure_var = re.compile(r"^\s*(?:(?:public|package|private|fileprivate|internal)(?:\(set\))?\s+)*var\s+(\w+)\s*:\s*\(+[^{]*->[^{]*$")
body = strip(open(os.path.join(pipeline_dir, "TouchPipeline.swift"), encoding="utf-8").read())
cls = body[body.index("public final class TouchPipeline"):]
members, depth = [], 0
for line in cls.split("\n")[1:]:
    if depth == 0 and stored.match(line) and "{" not in line:
        members.append(line.strip())
    depth += line.count("{") - line.count("}")
    if depth < 0:
        break
if len(members) > 12:
    problems.append(f"Pipeline/TouchPipeline.swift: {len(members)} stored properties (at most 12)")
for d, _, fs in os.walk(pipeline_dir):
    for f in fs:
        if (f.startswith("TouchPipeline") and "Configuration" not in f) or os.path.basename(d) == "Stages":
            for n, line in enumerate(strip(open(os.path.join(d, f), encoding="utf-8").read()).split("\n"), 1):
                m = closure_var.match(line)
                if m:
                    rel = os.path.relpath(os.path.join(d, f), root)
                    problems.append(f"{rel}:{n}: '{m.group(1)}' is a closure set after construction (a `let` from the configuration)")

for p in problems:
    print("check-layers: " + p)
sys.exit(1 if problems else 0)
