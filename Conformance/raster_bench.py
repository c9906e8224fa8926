"""Benchmark (BENCHMARKS.md "Raster files"): our GIF and WebP against python-lottie's export of
our own Lottie, side by side in one run: bytes, worst-frame error against the `--at` truth
(Chromium at the file's own pixel size), wall and CPU time; and our frames per second. Ours
are made at every `--scale` given (default 2 and 1: our default, and python-lottie's size).

    python3 -m Conformance raster-bench --binary .build/release/trans-export

python-lottie (PyPI `lottie`, with cairosvg) runs from $LOTTIE_VENV (default
~/.cache/trans-export-bench-venv; Scripts/install-test-deps.sh --bench makes it), at its
defaults: `lottie_convert.py NAME.json NAME.gif|.webp`. `--ours-only` leaves python-lottie out
(its rows take minutes each on a loaded machine; its files do not change with ours).
"""
import json
import os
import resource
import subprocess
import tempfile
import time

from . import chromium
from .exporter import Exporter
from .raster_check import Truth, decode_pillow, images

TEMPLATES = ["douyin-present", "stories-cube", "flip-push"]


def timed(cmd):
    """(wall s, CPU s of the children, None or the last line a failed command printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    failure = None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout or "").strip().splitlines()
        failure = "exit %d: %s" % (done.returncode, lines[-1] if lines else "no message")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), failure


def worst_error(path, truths, canvas):
    """Worst frame mean vs the --at truth at each stored frame's start, and the frame count."""
    frames, _ = decode_pillow(path)
    h, w = frames[0][2].shape[:2]
    scale = w / canvas[0]
    if abs(scale - round(scale)) > 1e-6 or round(scale) < 1:
        raise SystemExit("%s: %d px wide is not a whole scale of %d pt" % (path, w, canvas[0]))
    truth = truths(int(round(scale)))
    truth.static.request([s / 1000 for s, _, _ in frames])
    worst = 0.0
    for start, _, rgb in frames:
        worst = max(worst, images.diff(truth.frame(start / 1000), rgb)[0])
    return worst, len(frames), sum(d for _, d, _ in frames)


def run(opts):
    exp = Exporter([os.path.abspath(opts.binary)], timeout=3600)
    venv = os.environ.get("LOTTIE_VENV") or os.path.expanduser("~/.cache/trans-export-bench-venv")
    convert = [os.path.join(venv, "bin", "python"), os.path.join(venv, "bin", "lottie_convert.py")]
    work = tempfile.mkdtemp(prefix="raster-bench-")
    rows = []
    load = os.getloadavg()
    print("load average at start: %.1f %.1f %.1f; cores: %d" % (load + (os.cpu_count(),)))
    print("| template | format | tool | bytes | worst frame mean /255 | frames stored | loop ms | wall s | CPU s | our frames/s (wall) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|", flush=True)

    def add(row):
        """Prints each row as soon as it is measured (a whole run takes long on a shared machine)."""
        rows.append(row)
        t, fmt, tool, size, err, stored, ms, wall, cpu, fps = row
        print("| %s | %s | %s | %d | %s | %d | %d | %.1f | %.1f | %s |" % (t, fmt, tool, size, "–" if err is None else "%.3f" % err,
                                                                          stored, ms, wall, cpu, "%.1f" % fps if fps else ""), flush=True)
    with chromium.Browser(opts.chromium) as browser:
        for template in opts.templates:
            d = os.path.join(work, template)
            exp.export("lottie,tracks", [template], d)
            with open(os.path.join(d, template + ".tracks.json"), encoding="utf-8") as f:
                doc = json.load(f)
            canvas = (doc["canvas"]["width"], doc["canvas"]["height"])
            cache = {}

            def truths(scale, cache=cache, template=template, canvas=canvas):
                if scale not in cache:
                    cache[scale] = Truth(browser, exp, template, os.path.join(work, "at-%d" % scale), canvas, scale)
                return cache[scale]

            for fmt in ("gif", "webp"):
                for scale in opts.scale:
                    # Ours at each scale asked for: @2x is our default, @1x python-lottie's size.
                    out = os.path.join(d, "at%dx" % scale)
                    ours = os.path.join(out, "%s.%s" % (template, fmt))
                    wall, cpu, failure = timed(exp.command + ["--format", fmt, "--template", template, "--output", out,
                                                              "--scale", str(scale)])
                    if failure:
                        raise SystemExit("trans-export %s %s: %s" % (template, fmt, failure))
                    err, stored, ms = worst_error(ours, truths, canvas)
                    grid = int(doc["duration"] * (min(60, 50) if fmt == "gif" else 60) + 1e-9)
                    add((template, fmt, "trans-export @%dx" % scale, os.path.getsize(ours), err, stored, ms, wall, cpu, grid / wall))
                if opts.ours_only:
                    continue
                theirs = os.path.join(d, "%s.lottie.%s" % (template, fmt))
                wall, cpu, failure = timed(convert + [os.path.join(d, template + ".json"), theirs])
                if failure or not os.path.exists(theirs):
                    # Recorded, not fatal: the table says how python-lottie failed.
                    add((template, fmt, "python-lottie: FAILED (%s)" % (failure or "no file"), 0, None, 0, 0, wall, cpu, None))
                    continue
                err, stored, ms = worst_error(theirs, truths, canvas)
                add((template, fmt, "python-lottie", os.path.getsize(theirs), err, stored, ms, wall, cpu, None))
            for t in cache.values():
                t.close()
    return 0
