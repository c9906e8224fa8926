#!/usr/bin/env python3
"""Kills a full catalog export with SIGKILL at random moments and checks what is left: every
output file must be either the old complete one or the new complete one, and no temporary
(`.NAME.tmp-PID`) may survive the next run. Also checks that SIGINT/SIGTERM remove temporaries.

    python3 Scripts/interrupt-check.py --binary .build/release/trans-export --trials 50 --seed 16
"""
import argparse
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def digest_dir(path):
    out = {}
    for name in sorted(os.listdir(path)):
        p = os.path.join(path, name)
        if os.path.isfile(p):
            with open(p, "rb") as f:
                out[name] = hashlib.sha256(f.read()).hexdigest()
    return out


def run(binary, out, extra=()):
    return subprocess.run([binary, "--format", "svg,lottie,tracks", "--output", out, *extra],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=".build/release/trans-export")
    ap.add_argument("--trials", type=int, default=50)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--signal-trials", type=int, default=5, help="SIGINT and SIGTERM runs each")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="interrupt-check-")
    failures = 0
    try:
        # "new": a clean export; "old": the same files with a marker line, so old and new differ.
        new_dir, out = os.path.join(work, "new"), os.path.join(work, "out")
        start = time.time()
        r = run(a.binary, new_dir)
        full = time.time() - start
        if r.returncode != 0:
            sys.exit(f"a clean export failed: {r.stderr.decode()[:300]}")
        new = digest_dir(new_dir)
        counts = {"old": 0, "new": 0}
        for trial in range(a.trials):
            shutil.rmtree(out, ignore_errors=True)
            shutil.copytree(new_dir, out)
            for name in os.listdir(out):
                with open(os.path.join(out, name), "ab") as f:
                    f.write(b"\n")
            old = digest_dir(out)
            p = subprocess.Popen([a.binary, "--format", "svg,lottie,tracks", "--output", out],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, full * 1.1))
            p.send_signal(signal.SIGKILL)
            p.wait()
            now = digest_dir(out)
            for name, h in now.items():
                if name.startswith("."):
                    continue  # a temporary: must be gone after the next run (below)
                if h == new.get(name):
                    counts["new"] += 1
                elif h == old.get(name):
                    counts["old"] += 1
                else:
                    failures += 1
                    print(f"trial {trial}: {name} is neither the old nor the new file")
            # The next run removes the dead run's temporaries and writes everything.
            r = run(a.binary, out)
            left = [n for n in os.listdir(out) if n.startswith(".")]
            if r.returncode != 0 or left or digest_dir(out) != new:
                failures += 1
                print(f"trial {trial}: the next run left {left} (exit {r.returncode})")
        # SIGINT and SIGTERM: no temporary is left behind.
        for sig in (signal.SIGINT, signal.SIGTERM):
            for _ in range(a.signal_trials):
                shutil.rmtree(out, ignore_errors=True)
                p = subprocess.Popen([a.binary, "--format", "svg,lottie,tracks", "--output", out],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(rng.uniform(full * 0.5, full * 1.05))
                p.send_signal(sig)
                p.wait()
                left = [n for n in os.listdir(out) if n.startswith(".")] if os.path.isdir(out) else []
                if left:
                    failures += 1
                    print(f"{signal.Signals(sig).name}: left {left}")
        print(f"{a.trials} SIGKILL trials over {len(new)} files: {counts['old']} old and whole, {counts['new']} new and whole, "
              f"{failures} failures; {2 * a.signal_trials} SIGINT/SIGTERM runs; a clean export takes {full:.1f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
