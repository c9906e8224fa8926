#!/usr/bin/env python3
"""Where an SVG's bytes go: its <animate> elements, and for the animated `d`s their values,
keyTimes and keySplines, key counts and characters per key (BENCHMARKS.md, issue 13).

    python3 Scripts/svg_animation_bytes.py output/flip-push.svg
"""
import re
import sys

ANIMATE = re.compile(r"<animate [^>]*>")
PATH_D = re.compile(r"<path ([^>]*)>\s*<animate attributeName=\"d\" ([^>]*)/>")


def attr(name, text):
    m = re.search(r'\b%s="([^"]*)"' % name, text)
    return m.group(1) if m else ""


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    s = open(argv[1], encoding="utf-8").read()
    animates = ANIMATE.findall(s)
    d = [a for a in animates if 'attributeName="d"' in a]
    print("file: %s B" % f"{len(s):,}")
    print("<animate>: %d elements, %s B" % (len(animates), f"{sum(map(len, animates)):,}"))
    print("animated d: %d elements, %s B" % (len(d), f"{sum(map(len, d)):,}"))
    for name in ("values", "keyTimes", "keySplines"):
        print("  %s: %s B" % (name, f"{sum(len(attr(name, a)) for a in d):,}"))
    print("  distinct keyTimes: %d" % len({attr("keyTimes", a) for a in d}))
    print("\n| path | fill | keys | chars / key | bytes |\n|---|---|---:|---:|---:|")
    for m in PATH_D.finditer(s):
        values = attr("values", m.group(2)).split(";")
        name = attr("id", m.group(1)) or "-"
        print("| %s | %s | %d | %d | %s |" % (name, attr("fill", m.group(1)), len(values),
                                              sum(map(len, values)) // len(values), f"{len(m.group(0)):,}"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
