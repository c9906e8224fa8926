#!/usr/bin/env python3
"""Runs release exports under valgrind's memcheck and fails when one loses memory for good.

A leak that only a release build has cannot be caught by `swift test` (a debug build): stop 39
met one, a `~Copyable` table's deinit that the optimized build never ran (every fit memo's
buffers lost, 0.7 MB per 2D export, the default run's peak 58 -> 62 MB; BENCHMARKS.md "The
merged tree of stop 39"). What the Swift runtime and the C libraries keep for the process's
life is a few KB (2,488 bytes definitely lost on douyin-present, 2026-12-06), far under LIMIT.

    python3 Scripts/leak-check.py --binary .build/release/trans-export
"""
import argparse
import re
import subprocess
import sys
import tempfile

# Bytes definitely plus indirectly lost per export: the runtime's own few KB pass, a leak per
# memo or per layer (hundreds of KB on these templates) does not.
LIMIT = 64 * 1024
TEMPLATES = ["douyin-present", "douyin-drag-dismiss", "stories-cube", "flip-pop"]  # ~20 s in all


def lost_bytes(report, kind):
    m = re.search(kind + r" lost: ([\d,]+) bytes", report)
    return int(m.group(1).replace(",", "")) if m else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--templates", nargs="*", default=TEMPLATES)
    args = ap.parse_args()
    failed = False
    for name in args.templates:
        with tempfile.TemporaryDirectory() as out:
            cmd = ["valgrind", "--leak-check=full", args.binary, "--template", name, "--output", out]
            r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"leak-check: {name}: exit {r.returncode}\n{r.stderr[-2000:]}")
            failed = True
            continue
        definite = lost_bytes(r.stderr, "definitely")
        indirect = lost_bytes(r.stderr, "indirectly")
        ok = definite + indirect <= LIMIT
        failed |= not ok
        print(f"leak-check: {name}: {definite:,} bytes definitely and {indirect:,} indirectly lost "
              f"({'ok' if ok else 'over'} the limit of {LIMIT:,})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
