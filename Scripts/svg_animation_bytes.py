#!/usr/bin/env python3
"""Where an SVG's bytes go: its <animate> elements, and for the animated `d`s their values,
keyTimes and keySplines, key counts and characters per key (BENCHMARKS.md, issue 13).

    python3 Scripts/svg_animation_bytes.py output/flip-push.svg
    python3 Scripts/svg_animation_bytes.py --kinds output/flip-edge-pan.svg

--kinds: one table of where every byte goes instead (per animated attribute: values,
keyTimes, keySplines and the rest of the element; the markup that does not animate).
"""
from collections import Counter
import re
import sys

ANIMATE = re.compile(r"<animate [^>]*>")
PATH_D = re.compile(r"<path ([^>]*)>\s*<animate attributeName=\"d\" ([^>]*)/>")


def attr(name, text):
    m = re.search(r'\b%s="([^"]*)"' % name, text)
    return m.group(1) if m else ""


def kinds(s):
    """Bytes per kind of markup; the rows add up to the file's length."""
    rows = Counter()
    for a in re.findall(r"<animate[^>]*>", s):
        name = "%s %s" % (a.split()[0][1:], attr("attributeName", a))
        rest = len(a)
        for part in ("values", "keyTimes", "keySplines"):
            n = len(attr(part, a))
            if n:
                rows["%s: %s" % (name, part)] += n + len(part) + 4
                rest -= n + len(part) + 4
        rows["%s: rest" % name] += rest
    still = re.sub(r"<animate[^>]*>", "", s)
    rows["<path> d (first key)"] = sum(len(m) for m in re.findall(r' d="[^"]*"', still))
    rows["other markup"] = len(still) - rows["<path> d (first key)"]
    print("| kind | bytes | share |\n|---|---:|---:|")
    for k, v in rows.most_common():
        print("| %s | %s | %.1f %% |" % (k, f"{v:,}", 100 * v / len(s)))
    print("| all | %s | |" % f"{len(s):,}")
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--kinds":
        return kinds(open(argv[2], encoding="utf-8").read())
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
