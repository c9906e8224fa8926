#!/usr/bin/env python3
"""Keeps the library's public API small and documented.

Checks: `public` appears only in the front door (Sources/TransExport) and in the declarations
Scripts/package-access.py keeps public (its KEEP list); every public declaration has a `///`
comment above it (attributes may sit between); no `public extension` (its members would be
public without saying so). Prints the count of public declarations.
Usage: python3 Scripts/check_public_api.py   (exit 1 with one line per problem)
"""
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_spec = importlib.util.spec_from_file_location("package_access", os.path.join(ROOT, "Scripts", "package-access.py"))
package_access = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(package_access)


def public_lines(text):
    """(line number, code) of each line whose code (not comment or string) says public."""
    in_multiline = False
    for n, line in enumerate(text.split("\n"), 1):
        code, in_multiline = package_access.code_part(line, in_multiline)
        if package_access.PUBLIC.search(code):
            yield n, code


def documented(lines, n):
    """Whether line n (1-based) has a `///` comment above it, past attributes."""
    k = n - 2
    while k >= 0 and lines[k].strip().startswith("@"):
        k -= 1
    return k >= 0 and lines[k].strip().startswith("///")


def problems(root=ROOT):
    out = []
    count = 0
    sources = os.path.join(root, "Sources")
    for module in sorted(os.listdir(sources)):
        folder = os.path.join(sources, module)
        if not os.path.isdir(folder):
            continue
        keep = package_access.KEEP.get(module, {})
        for path in package_access.swift_files(folder):
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            lines = text.split("\n")
            converted = lines if module == package_access.FRONT_DOOR else package_access.convert(text, keep).split("\n")
            for n, (a, b) in enumerate(zip(lines, converted), 1):
                if a != b:
                    out.append("%s:%d: public outside the front door; expected package (python3 Scripts/package-access.py)" % (rel, n))
            for n, code in public_lines(text):
                if converted[n - 1] != lines[n - 1]:
                    continue  # reported above
                count += 1
                if "public extension" in " ".join(code.split()):
                    out.append("%s:%d: public extension; mark each member public instead" % (rel, n))
                if not documented(lines, n):
                    out.append("%s:%d: public declaration without a /// comment" % (rel, n))
    return out, count


if __name__ == "__main__":
    found, count = problems()
    for p in found:
        print(p)
    if found:
        sys.exit(1)
    print("check_public_api: %d public declarations, each documented; none outside the front door and its KEEP list" % count)
