#!/usr/bin/env python3
"""Every exported file's bytes, raw and gzip (level 9), as a markdown table (BENCHMARKS.md).

    python3 Scripts/output_bytes.py output/              # one folder
    python3 Scripts/output_bytes.py before/ output/      # two folders: before, after and the ratio

gzip is deterministic here (mtime 0), so the same files give the same table.
"""
import gzip
import os
import sys


def sizes(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not os.path.isfile(path) or name.endswith(".md"):
            continue
        data = open(path, "rb").read()
        out[name] = (len(data), len(gzip.compress(data, compresslevel=9, mtime=0)))
    return out


def kb(n):
    return f"{n:,}"


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if len(argv) == 2:
        table = sizes(argv[1])
        print("| file | bytes | gzip |\n|---|---:|---:|")
        for name, (raw, gz) in table.items():
            print(f"| {name} | {kb(raw)} | {kb(gz)} |")
        print(f"| **all {len(table)} files** | {kb(sum(r for r, _ in table.values()))} | {kb(sum(g for _, g in table.values()))} |")
        return 0
    before, after = sizes(argv[1]), sizes(argv[2])
    print("| file | before | gzip | after | gzip | after / before |\n|---|---:|---:|---:|---:|---:|")
    names = sorted(set(before) | set(after))
    for name in names:
        b, a = before.get(name, (0, 0)), after.get(name, (0, 0))
        ratio = f"{a[0] / b[0]:.3f}" if b[0] and a[0] else "–"
        print(f"| {name} | {kb(b[0])} | {kb(b[1])} | {kb(a[0])} | {kb(a[1])} | {ratio} |")
    tb = [sum(v[k] for v in before.values()) for k in (0, 1)]
    ta = [sum(v[k] for v in after.values()) for k in (0, 1)]
    print(f"| **all** | {kb(tb[0])} | {kb(tb[1])} | {kb(ta[0])} | {kb(ta[1])} | {ta[0] / tb[0]:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
