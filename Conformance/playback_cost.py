"""Playback cost of exported SVGs in headless Chromium: the median time to seek to a frame and
draw it (setCurrentTime, then a screenshot, which waits for the frame), side by side in one run.

    python3 -m Conformance.playback_cost output/douyin-present.svg output/flip-push.svg [--rounds 3]

Files take turns frame by frame, so a busy machine slows them alike; the first file is the
baseline of the ratio column. Times are wall clock and depend on load: compare within a run.
"""
import argparse
import re
import statistics
import sys
import time

from .chromium import Browser, SvgPlayer


def duration(path):
    m = re.search(r'dur="([0-9.]+)s"', open(path, encoding="utf-8").read())
    return float(m.group(1)) if m else 1.0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m Conformance.playback_cost")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--fps", type=float, default=30)
    ap.add_argument("--chromium")
    args = ap.parse_args(argv)
    times = {f: [] for f in args.files}
    with Browser(args.chromium) as browser:
        players = {}
        for f in args.files:
            tab = browser.new_tab(390, 844)
            players[f] = SvgPlayer(tab, f)
            players[f].tab.screenshot_png()  # first paint outside the measurement
        frames = {f: int(duration(f) * args.fps) for f in args.files}
        for _ in range(args.rounds):
            for k in range(max(frames.values())):
                for f in args.files:
                    if k >= frames[f]:
                        continue
                    start = time.perf_counter()
                    players[f].seek(k / args.fps + 1e-6)
                    players[f].tab.screenshot_png()
                    times[f].append(time.perf_counter() - start)
    base = statistics.median(times[args.files[0]])
    print("| file | frames drawn | median ms / frame | p90 ms | × first |\n|---|---:|---:|---:|---:|")
    for f in args.files:
        t = sorted(times[f])
        med = statistics.median(t)
        print(f"| {f} | {len(t)} | {med * 1000:.2f} | {t[int(0.9 * (len(t) - 1))] * 1000:.2f} | {med / base:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
