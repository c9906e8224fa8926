#!/usr/bin/env python3
"""Puts the library's internals at `package` access: every `public` in Sources/ becomes
`package`, except in the front door (Sources/TransExport) and in the few declarations the front
door's API shows (KEEP below). Mechanical and re-runnable: a second run changes nothing, and a
run after merging branches converts what they added. Scripts/check_public_api.py (in .ci/run)
fails while any `public` is left outside what this keeps.

Usage: python3 Scripts/package-access.py          (rewrites the files, prints how many changed)
       python3 Scripts/package-access.py --check  (changes nothing; exit 1 listing what it would change)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The module whose declarations are the library's API.
FRONT_DOOR = "TransExport"

# Declarations outside the front door that stay public because the front door's API shows
# them: module -> type name -> members of that type that still become `package`.
KEEP = {
    # The one error type every front-door function throws, and its location's type.
    "Diagnostics": {"TransExportError": {"artwork"}, "SourceLocation": set()},
}

TYPE_DECL = re.compile(r"\bpublic\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|extension)\s+(\w+)")
MEMBER_NAME = re.compile(r"\b(?:func|var|let|init|subscript|case|typealias|struct|enum|class)\b\s*(\w*)")
PUBLIC = re.compile(r"\bpublic\b")


def code_part(line, in_multiline):
    """The line with comments and string literals blanked (same length), and whether a
    multi-line string is still open after it."""
    out = []
    i = 0
    n = len(line)
    in_string = False
    while i < n:
        if in_multiline:
            if line.startswith('"""', i):
                in_multiline = False
                out.append("   ")
                i += 3
            else:
                out.append(" ")
                i += 1
            continue
        c = line[i]
        if in_string:
            if c == "\\":
                out.append("  ")
                i += 2
                continue
            if c == '"':
                in_string = False
            out.append(" ")
            i += 1
            continue
        if line.startswith("//", i):
            out.append(" " * (n - i))
            break
        if line.startswith('"""', i):
            in_multiline = True
            out.append("   ")
            i += 3
            continue
        if c == '"':
            in_string = True
            out.append(" ")
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)[:n], in_multiline


def convert(text, keep):
    """`text` with its `public` turned into `package` outside `keep` (type -> excepted members)."""
    lines = text.split("\n")
    depth = 0
    kept = []  # (type name, depth inside its braces)
    in_multiline = False
    for k, line in enumerate(lines):
        code, in_multiline = code_part(line, in_multiline)
        m = TYPE_DECL.search(code)
        opening = None
        if m and m.group(1) in keep and not kept:
            opening = m.group(1)
        inside = kept[-1][0] if kept else None
        if PUBLIC.search(code):
            keep_this = opening is not None
            if inside is not None and opening is None:
                member = MEMBER_NAME.search(code)
                keep_this = not (member and member.group(1) in keep[inside])
            if not keep_this:
                # Replace only where the code (not a comment or a string) says public.
                spans = [mm.span() for mm in PUBLIC.finditer(code)]
                for a, b in reversed(spans):
                    line = line[:a] + "package" + line[b:]
                lines[k] = line
        for c in code:
            if c == "{":
                depth += 1
                if opening is not None and not kept:
                    kept.append((opening, depth))
                    opening = None
            elif c == "}":
                if kept and kept[-1][1] == depth:
                    kept.pop()
                depth -= 1
    return "\n".join(lines)


def modules(root=ROOT):
    sources = os.path.join(root, "Sources")
    for name in sorted(os.listdir(sources)):
        if name != FRONT_DOOR and os.path.isdir(os.path.join(sources, name)):
            yield name


def swift_files(folder):
    for dirpath, _, files in os.walk(folder):
        for fn in sorted(files):
            if fn.endswith(".swift"):
                yield os.path.join(dirpath, fn)


def run(root=ROOT, write=True):
    changed = []
    for module in modules(root):
        for path in swift_files(os.path.join(root, "Sources", module)):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            new = convert(text, KEEP.get(module, {}))
            if new != text:
                changed.append(os.path.relpath(path, root))
                if write:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(new)
    return changed


if __name__ == "__main__":
    check = "--check" in sys.argv[1:]
    files = run(write=not check)
    if check:
        for f in files:
            print("%s: has public outside the front door (run python3 Scripts/package-access.py)" % f)
        sys.exit(1 if files else 0)
    print("package-access: %d files changed" % len(files))
