#!/usr/bin/env python3
"""Regenerate Sources/WaylandProtocols from the protocols' XML with wayland-scanner:
xdg-shell and presentation-time from Debian's wayland-protocols, wlroots' layer shell from protocols/.
Descriptions are dropped first, so the generated files carry the wire interface and the
copyright only. `make protocols` runs it; the output is committed, as SwiftPM cannot run
the scanner for a C target.

usage: wayland-protocols.py [--check]   (--check: exit 1 when the committed files differ)
"""
import os, subprocess, sys, tempfile, xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "WaylandProtocols")
PROTOCOLS = {
    "xdg-shell": "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml",
    "presentation-time": "/usr/share/wayland-protocols/stable/presentation-time/presentation-time.xml",
    "wlr-layer-shell-unstable-v1": os.path.join(ROOT, "protocols", "wlr-layer-shell-unstable-v1.xml"),
}


def stripped(path):
    tree = ET.parse(path)
    for parent in tree.iter():
        for child in list(parent):
            if child.tag == "description":
                parent.remove(child)
            elif "summary" in child.attrib:
                del child.attrib["summary"]
    return ET.tostring(tree.getroot(), encoding="unicode")


def generate(name, xml, workdir):
    source = os.path.join(workdir, name + ".xml")
    with open(source, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n' + stripped(xml))
    files = {}
    for kind, rel in (("client-header", "include/%s-client-protocol.h" % name),
                      ("private-code", "%s-protocol.c" % name)):
        out = os.path.join(workdir, os.path.basename(rel))
        subprocess.run(["wayland-scanner", kind, source, out], check=True)
        files[rel] = open(out).read()
    return files


def main():
    check = "--check" in sys.argv[1:]
    differ = []
    with tempfile.TemporaryDirectory() as work:
        for name, xml in PROTOCOLS.items():
            if not os.path.exists(xml):
                sys.exit("wayland-protocols: %s not found (apt-get install wayland-protocols)" % xml)
            for rel, text in generate(name, xml, work).items():
                path = os.path.join(OUT, rel)
                old = open(path).read() if os.path.exists(path) else None
                if old != text:
                    differ.append(rel)
                    if not check:
                        os.makedirs(os.path.dirname(path), exist_ok=True)
                        with open(path, "w") as f:
                            f.write(text)
    if check and differ:
        sys.exit("wayland-protocols: out of date: %s (make protocols)" % ", ".join(differ))
    print("wayland-protocols: %s" % ("%d file(s) written" % len(differ) if differ else "up to date"))


if __name__ == "__main__":
    main()
