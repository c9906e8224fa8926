#!/usr/bin/env python3
"""Keeps Package.swift's header (the module graph) true.

Checks: each module line of the header lists the target's dependencies exactly; every
dependency is a module listed above it (dependencies point one way); no source file imports
a project module outside its target's dependencies (direct or through them); and no module the
binary links imports Foundation (FoundationEssentials only: docs/platform.md).
Usage: python3 Scripts/check_module_graph.py   (exit 1 with one line per problem)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Tools beside the binary; everything else is linked into trans-export.
FOUNDATION_ALLOWED = {"trans-export-bench", "trans-export-fuzz", "trans-export-fuzz-worker"}


def parse(package):
    header = {}
    order = []
    for line in package.splitlines():
        if not line.startswith("//"):
            if line.startswith("import"):
                break
            continue
        m = re.match(r"//   (\S+(?:, \S+)*)\s{2,}(.*)$", line)
        if not m:
            continue
        names = m.group(1).split(", ")
        deps = [] if m.group(2).startswith("no dependencies") else re.findall(r"[A-Za-z][\w-]*", m.group(2).split(" (")[0])
        for n in names:
            header[n] = deps
            order.append(n)
    targets = {}
    for m in re.finditer(r'\.(?:target|executableTarget|systemLibrary)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?', package):
        targets[m.group(1)] = re.findall(r'"([^"]+)"', m.group(2) or "")
    return header, order, targets


def closure(name, targets, seen=None):
    seen = set() if seen is None else seen
    for d in targets.get(name, []):
        if d not in seen:
            seen.add(d)
            closure(d, targets, seen)
    return seen


def problems(root=ROOT):
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as f:
        header, order, targets = parse(f.read())
    out = []
    for i, name in enumerate(order):
        if name not in targets:
            out.append("Package.swift header: %s is not a target" % name)
            continue
        if sorted(header[name]) != sorted(targets[name]):
            out.append("Package.swift header: %s lists %s, the target depends on %s" % (name, header[name], targets[name]))
        for d in header[name]:
            if d in header and order.index(d) >= i:
                out.append("Package.swift header: %s depends on %s, listed below it" % (name, d))
    modules = set(targets)
    for name in order:
        folder = os.path.join(root, "Sources", name)
        allowed = closure(name, targets)
        for dirpath, _, files in os.walk(folder):
            for fn in sorted(files):
                if not fn.endswith(".swift"):
                    continue
                path = os.path.join(dirpath, fn)
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = re.match(r"\s*(?:@_exported\s+|@testable\s+)?import\s+(\w+)", line)
                        if m and m.group(1) == "Foundation" and name not in FOUNDATION_ALLOWED:
                            out.append("%s:%d: imports Foundation; the binary links FoundationEssentials only (docs/platform.md)" % (os.path.relpath(path, root), n))
                        if m and m.group(1) in modules and m.group(1) not in allowed:
                            out.append("%s:%d: imports %s, not a dependency of %s" % (os.path.relpath(path, root), n, m.group(1), name))
    return out


if __name__ == "__main__":
    found = problems()
    for p in found:
        print(p)
    if not found:
        print("check_module_graph: Package.swift's header matches the targets; every import follows it")
    sys.exit(1 if found else 0)
