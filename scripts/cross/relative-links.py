#!/usr/bin/env python3
"""Make a sysroot's absolute symbolic links relative, so that they point inside it.

Debian's -dev packages link libfoo.so to /lib/<triplet>/libfoo.so.N and the like: unpacked
with dpkg-deb -x elsewhere than /, such a link would name the build machine's own file.

usage: relative-links.py SYSROOT
"""
import os
import sys


def main():
    root = os.path.abspath(sys.argv[1])
    for top, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(top, name)
            if not os.path.islink(path):
                continue
            target = os.readlink(path)
            if not target.startswith("/"):
                continue
            inside = os.path.join(root, target.lstrip("/"))
            os.unlink(path)
            os.symlink(os.path.relpath(inside, top), path)


if __name__ == "__main__":
    main()
