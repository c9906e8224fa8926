#!/usr/bin/env python3
"""Mutates the project's sample SVG art (Examples/art, Templates/art/screens) and exports each
case as an svg layer, flat or turning under perspective, with the real binary: every case must
export (exit 0) or be refused in one located line (`DEF:LINE:COL: ...`, or the art's
`DEF: art.svg:LINE: ...`), within the time limit. Mutations: extreme and malformed numbers, odd
attributes (degenerate transforms, tiny dashes, huge strokes, bad viewBoxes), inserted and
copied elements (hundreds or thousands of shapes), deep nesting, deleted lines, truncation.
A case is fixed by its seed and number; findings are copied to --save. The JSON fuzzer
(trans-export-fuzz) mutates definitions, this one the art they hold (README "Limits").

    python3 Scripts/art-fuzz.py --binary .build/release/trans-export --seed 3 --cases 300 --save found/
"""
import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMS = ["1e308", "-1e308", "1e-320", "0", "-0", "NaN", "inf", "1e20", "99999999", "-99999999", ".5e", "1e", "-", "1e300", "0.0000001", "-1"]
ATTRS = ['transform="matrix(0 0 0 0 0 0)"', 'transform="scale(0)"', 'transform="rotate(1e300)"', 'transform="scale(1e300)"',
         'transform="skewX(90)"', 'transform="skewY(89.9999)"', 'stroke-width="1e300"', 'stroke-width="1e-300"', 'stroke="#000" stroke-width="40"',
         'stroke-dasharray="0 0"', 'stroke-dasharray="1e-9"', 'stroke-dasharray="1e-9 1e-9"', 'stroke-dasharray="0.001"', 'stroke-miterlimit="1e9"',
         'stroke-miterlimit="1"', 'opacity="nan"', 'opacity="-1"', 'opacity="1e300"', 'viewBox="0 0 0 0"', 'viewBox="0 0 -1 5"', 'viewBox="0 0 1e-300 1e-300"',
         'viewBox="0 0 1e300 1e300"', 'preserveAspectRatio="xMidYMid slice"', 'preserveAspectRatio="none"', 'r="0"', 'r="1e300"', 'rx="-1"', 'rx="1e300"',
         'gradientTransform="matrix(0,0,0,0,0,0)"', 'gradientTransform="scale(1e-300)"', 'fx="1e300"', 'fr="1e300"', 'd="M0 0 A 1e300 1e300 0 1 1 1 1"',
         'd="M 0 0 L"', 'd="M0 0 A 0 0 0 0 0 10 10"', 'd="M0 0 C 0 0 0 0 0 0 Z"', 'd="M0 0 Q1e300 1e300 1 1"', 'points="1"', 'points="0 0 0 0 0 0"',
         'stroke-linejoin="miter-clip"', 'stroke-linejoin="arcs"', 'fill-rule="evenodd"', 'offset="2"', 'offset="-1"', 'stop-opacity="-1"',
         'stroke-dashoffset="1e300"', 'stroke-linecap="square"', 'clip-path="url(#nope)"', 'clip-path="url(#a)"', 'fill="url(#nope)"', 'fill="url(#a)"',
         'href="#a"', 'xlink:href="#a"', 'width="0"', 'height="-5"', 'x1="nan"', 'spreadMethod="reflect"', 'gradientUnits="userSpaceOnUse"', 'style="fill:red;stroke-width:1e300"',
         'style="opacity:0.5;;;"', 'style="fill:url(#a)"', 'font-size="1e300"', 'id="a"', 'id=""', 'cx="1e308" cy="1e308"']
ELEMS = ['<circle cx="10" cy="10" r="5"/>', '<rect width="1e300" height="1e300"/>', '<path d="M0 0 L 10 10 L 0 10 Z" stroke="#f00" stroke-width="3" stroke-dasharray="1 2"/>',
         '<g opacity="0.5"><circle r="3"/><circle r="4"/></g>', '<clipPath id="a"><rect width="5" height="5"/></clipPath>', '<use href="#a"/>',
         '<linearGradient id="a"><stop offset="0" stop-color="red"/></linearGradient>', '<radialGradient id="a" fx="0.99" fy="0.5"><stop offset="0"/><stop offset="1" stop-color="blue"/></radialGradient>',
         '<polyline points="0 0 1e300 1e300"/>', '<ellipse rx="0" ry="5"/>', '<line x1="0" y1="0" x2="0" y2="0" stroke="black" stroke-linecap="round"/>',
         '<text>hi</text>', '<image href="x.png"/>', '<pattern id="p"/>', '<mask id="m"/>', '<symbol id="s"/>', '<style>rect{fill:red}</style>', '<defs/>',
         '<g transform="matrix(1 0 0 1 0 0)"><g><g><rect width="1" height="1"/></g></g></g>']
def mutate(text, r):
    """One or two mutations of the SVG text, drawn from `r`."""
    for _ in range(1 + (r.random() < 0.3)):
        k = r.randrange(7)
        if k == 0:  # a number made extreme or malformed
            nums = list(re.finditer(r"-?\d+(\.\d+)?(e-?\d+)?", text))
            if nums:
                m = r.choice(nums)
                text = text[:m.start()] + r.choice(NUMS) + text[m.end():]
        elif k == 1:  # an odd attribute
            tags = list(re.finditer(r"<(path|rect|circle|ellipse|g|line|polyline|polygon|linearGradient|radialGradient|stop|svg|clipPath|use)\b", text))
            if tags:
                m = r.choice(tags)
                text = text[:m.end()] + " " + r.choice(ATTRS) + text[m.end():]
        elif k == 2:  # elements inserted, once or hundreds of times
            tags = list(re.finditer(r"<(g|svg|defs|clipPath)\b[^>]*[^/]>", text))
            if tags:
                m = r.choice(tags)
                text = text[:m.end()] + r.choice(ELEMS) * r.choice([1, 1, 3, 200]) + text[m.end():]
        elif k == 3:  # a line deleted
            lines = text.split("\n")
            if len(lines) > 3:
                del lines[r.randrange(1, len(lines) - 1)]
                text = "\n".join(lines)
        elif k == 4:  # a line copied, up to thousands of times
            lines = text.split("\n")
            if len(lines) > 3:
                i = r.randrange(1, len(lines) - 1)
                lines[i:i] = [lines[i]] * r.choice([2, 50, 3000])
                text = "\n".join(lines)
        elif k == 5:  # a shape nested in groups
            tags = list(re.finditer(r"<(path|rect|circle|g)\b[^>]*/>", text))
            if tags:
                m = r.choice(tags)
                d = r.choice([3, 40, 70])
                text = text[:m.start()] + "<g>" * d + m.group(0) + "</g>" * d + text[m.end():]
        elif r.random() < 0.3:  # truncated
            text = text[:r.randrange(len(text))]
    return text


LOCATED = re.compile(r"^(d\.json:\d+:\d+: |d\.json: (export failed: )?art\.svg:\d+: )")


def definition(three_d):
    change = {"rotationY": -50, "perspective": 500} if three_d else {"translate": [40, -30], "scale": [0.7, 1.3]}
    return {"version": 1, "name": "fz", "description": "art fuzz case", "canvas": {"size": [390, 844]},
            "layers": [{"id": "card", "type": "svg", "file": "art.svg", "frame": [0, 0, 390, 844], "anchorPoint": [0, 0.5]}],
            "phases": {"p": [{"duration": 0.3, "timing": "easeInOut",
                              "changes": [{"layer": "card", "property": "transform", "value": change}]}]}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=os.path.join(REPO, ".build", "release", "trans-export"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--timeout", type=float, default=30, help="seconds per case (default 30)")
    ap.add_argument("--save", help="folder for the findings (the art and its definition)")
    opts = ap.parse_args()
    sources = sorted(glob.glob(os.path.join(REPO, "Examples", "art", "*.svg")) + glob.glob(os.path.join(REPO, "Templates", "art", "screens", "*.svg")))
    texts = {p: open(p, encoding="utf-8").read() for p in sources}
    counts, work = {}, tempfile.mkdtemp(prefix="art-fuzz-")
    try:
        for case in range(opts.start, opts.start + opts.cases):
            r = random.Random(opts.seed * 1000003 + case)
            text = mutate(texts[r.choice(sources)], r)
            three_d = r.random() < 0.4
            with open(os.path.join(work, "art.svg"), "w", encoding="utf-8") as f:
                f.write(text)
            with open(os.path.join(work, "d.json"), "w", encoding="utf-8") as f:
                json.dump(definition(three_d), f)
            shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
            fmt = r.choice(["svg", "lottie", "svg,lottie"])
            t0 = time.monotonic()
            try:
                p = subprocess.run([opts.binary, "--input", "d.json", "--format", fmt, "--output", "out"], cwd=work,
                                   capture_output=True, text=True, timeout=opts.timeout)
                lines = [line for line in p.stderr.split("\n") if line and "warning:" not in line]
                if p.returncode == 0:
                    kind = "exported"
                elif p.returncode < 0:
                    kind = "crash"
                elif len(lines) == 1 and LOCATED.match(lines[0]):
                    kind = "refused (located)"
                else:
                    kind = "unlocated"
            except subprocess.TimeoutExpired:
                kind, p = "hang", None
            counts[kind] = counts.get(kind, 0) + 1
            if kind in ("crash", "unlocated", "hang"):
                print("case %d (%s, --format %s): %s after %.1f s: %s" % (case, "3D" if three_d else "flat", fmt, kind,
                      time.monotonic() - t0, (p.stderr[:300] if p else "").strip()), flush=True)
                if opts.save:
                    os.makedirs(opts.save, exist_ok=True)
                    name = "seed%d-case%d" % (opts.seed, case)
                    shutil.copy(os.path.join(work, "art.svg"), os.path.join(opts.save, name + ".svg"))
                    with open(os.path.join(opts.save, name + ".json"), "w", encoding="utf-8") as f:
                        json.dump(dict(definition(three_d), file=name + ".svg"), f)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("seed %d, cases %d..<%d: %s" % (opts.seed, opts.start, opts.start + opts.cases,
                                          ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    return 1 if any(k in counts for k in ("crash", "unlocated", "hang")) else 0


if __name__ == "__main__":
    sys.exit(main())
