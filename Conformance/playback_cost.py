"""Playback cost of exported SVGs in headless Chromium: the time to seek to a frame and draw it
(setCurrentTime, then a screenshot, which waits for the frame), side by side in one run.

    python3 -m Conformance.playback_cost output/douyin-present.svg output/flip-push.svg [--rounds 5]

Each file has its own browser (Chromium puts every file:// tab of one browser in one renderer
process), so each has its own renderer and GPU process. Files take turns frame by
frame, and the turn order rotates every step, so every file is measured as often in every
position (the file measured right after another paid up to 0.25x more in stop 19's runs).
Per frame the harness reads the wall time and the CPU time that frame cost: the tab's renderer
process (all its threads: main, compositor, raster) and the GPU process (the display compositor
that answers the screenshot), from /proc/PID/task/*/schedstat in nanoseconds. CPU time is not
inflated by other processes taking the cores the way wall time is, so it is the figure to
compare on a shared machine; the first file is the baseline of the ratio columns, and the
spread of the ratio over rounds is printed with it.
"""
import argparse
import contextlib
import glob
import json
import re
import statistics
import sys
import time

from .chromium import Browser, SvgPlayer


def duration(path):
    """The loop's length: the longest `dur` (an animation active in part of the loop is shorter)."""
    durs = [float(d) for d in re.findall(r'dur="([0-9.]+)s"', open(path, encoding="utf-8").read())]
    return max(durs, default=1.0)


def cpu_ns(pid):
    """CPU time of every live thread of a process, in ns (None off Linux or when it is gone)."""
    if pid is None:
        return None
    total = 0
    for path in glob.glob("/proc/%d/task/*/schedstat" % pid):
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended between the listing and the read
    return total or None


def processes(browser, kind):
    info = browser.send("SystemInfo.getProcessInfo").get("processInfo", [])
    return [p["id"] for p in info if p["type"] == kind]


def settle(browsers, quiet_ns=40e6, window=0.5, limit=30.0):
    """Waits until every process of every browser is near idle. A new Chromium spends its first
    2-4 s preparing its own UI pages (about 1.3 s of CPU in a top-chrome renderer): measured
    then, the first frames of a run paid for it."""
    pids = [p for b in browsers for p in processes(b, "renderer") + processes(b, "GPU") + [b.proc.pid]]
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = sum(cpu_ns(p) or 0 for p in pids)
        time.sleep(window)
        if sum(cpu_ns(p) or 0 for p in pids) - before < quiet_ns:
            return


def renderer_of(browser, tab):
    """The renderer process drawing `tab`: the one whose CPU time grows while the tab spins."""
    pids = processes(browser, "renderer")
    before = {p: cpu_ns(p) or 0 for p in pids}
    tab.eval("(() => { const end = performance.now() + 150; while (performance.now() < end) {} })()")
    grown = {p: (cpu_ns(p) or 0) - before[p] for p in pids}
    best = max(grown, key=grown.get, default=None)
    return best if best is not None and grown[best] > 20e6 else None


def main_thread_metrics(tab):
    m = {x["name"]: x["value"] for x in tab.send("Performance.getMetrics")["metrics"]}
    return {k: m.get(k, 0.0) for k in ("ThreadTime", "RecalcStyleDuration", "LayoutDuration")}


def measure(browsers, files, rounds, fps):
    """Per file: lists of per-frame wall s, renderer CPU ns, GPU CPU ns, and the round index."""
    players, renderer, gpu = {}, {}, {}
    for f, browser in zip(files, browsers):
        tab = browser.new_tab(390, 844)
        tab.send("Performance.enable", {"timeDomain": "threadTicks"})
        players[f] = SvgPlayer(tab, f)
        tab.screenshot_png()  # first paint outside the measurement
    settle(browsers)
    for f, browser in zip(files, browsers):
        renderer[f] = renderer_of(browser, players[f].tab)
        gpu[f] = (processes(browser, "GPU") or [None])[0]
    frames = {f: int(duration(f) * fps) for f in files}
    rows = {f: {"wall": [], "renderer": [], "gpu": [], "round": []} for f in files}
    metrics0 = {f: main_thread_metrics(players[f].tab) for f in files}
    for r in range(rounds):
        for k in range(max(frames.values())):
            shift = (r + k) % len(files)
            for f in files[shift:] + files[:shift]:
                if k >= frames[f]:
                    continue
                c0, g0 = cpu_ns(renderer[f]), cpu_ns(gpu[f])
                start = time.perf_counter()
                players[f].seek(k / fps + 1e-6)
                players[f].tab.screenshot_png()
                wall = time.perf_counter() - start
                c1, g1 = cpu_ns(renderer[f]), cpu_ns(gpu[f])
                row = rows[f]
                row["wall"].append(wall)
                row["renderer"].append(c1 - c0 if c0 and c1 else None)
                row["gpu"].append(g1 - g0 if g0 and g1 else None)
                row["round"].append(r)
    for f in files:
        m1 = main_thread_metrics(players[f].tab)
        rows[f]["main_thread"] = {k: m1[k] - metrics0[f][k] for k in m1}
    return rows


def median_ms(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) * 1e3 if values else float("nan")


def per_round(row, key, rounds):
    return [median_ms([v for v, r in zip(row[key], row["round"]) if r == i]) for i in range(rounds)]


def report(files, rows, rounds):
    base = rows[files[0]]
    has_cpu = all(v is not None for f in files for v in rows[f]["renderer"])
    print("| file | frames | wall ms median (p90) | × first, rounds | renderer CPU ms | × first, rounds"
          " | GPU process CPU ms | main thread ms: all / style / layout |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for f in files:
        row = rows[f]
        wall = sorted(row["wall"])
        cells = [f, str(len(wall)),
                 "%.2f (%.2f)" % (median_ms(wall), wall[int(0.9 * (len(wall) - 1))] * 1e3)]
        for key, scale in (("wall", 1.0), ("renderer", 1e-9)):
            if key == "renderer" and not has_cpu:
                cells += ["-", "-"]
                continue
            if key == "renderer":
                cells.append("%.2f" % (median_ms(row[key]) * scale))
            ratios = [a / b for a, b in zip(per_round(row, key, rounds), per_round(base, key, rounds))]
            total = median_ms(row[key]) / median_ms(base[key])
            cells.append("%.2f, %.2f–%.2f" % (total, min(ratios), max(ratios)))
        cells.append("%.2f" % (median_ms(row["gpu"]) * 1e-9) if has_cpu else "-")
        mt = row["main_thread"]
        cells.append(" / ".join("%.2f" % (mt[k] * 1e3 / len(wall))
                                for k in ("ThreadTime", "RecalcStyleDuration", "LayoutDuration")))
        print("| " + " | ".join(cells) + " |")
    if not has_cpu:
        print("(no per-process CPU time: not Linux, or no renderer process found)")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m Conformance.playback_cost")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--fps", type=float, default=30)
    ap.add_argument("--chromium")
    ap.add_argument("--json", help="write the per-frame times (s, ns) to this file")
    args = ap.parse_args(argv)
    if len(set(args.files)) != len(args.files):
        ap.error("list each file once (copy it to compare a file with itself)")
    with contextlib.ExitStack() as stack:
        browsers = [stack.enter_context(Browser(args.chromium)) for _ in args.files]
        rows = measure(browsers, args.files, args.rounds, args.fps)
    report(args.files, rows, args.rounds)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
