"""Playback cost of exported Lottie files in rlottie and ThorVG: the CPU time each player takes to
draw each frame (thread CPU time, so other processes on the machine do not inflate it).

    python3 -m Conformance.lottie_cost output/stories-cube.json other/stories-cube.json [--step 3]

Per file and player: the load time, then the median and the worst frame over frames 0, step,
2 step, ... of the file (the players of the conformance suite, Conformance/lottie_check.py,
the same calls). A file whose worst frame takes seconds does not play in a player built on that
engine (dotLottie uses ThorVG): docs/artwork.md "Picture tiles in Lottie".
"""
import argparse
import json
import statistics
import time

from .lottie_check import Rlottie, Thorvg


def cost(path, make, step):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    t0 = time.thread_time()
    player = make(path, doc)
    load = time.thread_time() - t0
    frames = []
    try:
        for n in range(0, int(doc["op"]), step):
            t0 = time.thread_time()
            player.frame(n)
            frames.append(time.thread_time() - t0)
    finally:
        player.close()
    return load, statistics.median(frames), max(frames), frames.index(max(frames)) * step


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--step", type=int, default=1, help="draw every N-th frame (default 1)")
    opts = ap.parse_args()
    print("| file | player | load (s) | median frame (s) | worst frame (s) | at frame |")
    print("|---|---|---:|---:|---:|---:|")
    for path in opts.files:
        for name, make in (("rlottie", Rlottie), ("ThorVG", Thorvg)):
            load, median, worst, at = cost(path, make, max(1, opts.step))
            print("| %s | %s | %.3f | %.4f | %.3f | %d |" % (path, name, load, median, worst, at))


if __name__ == "__main__":
    main()
