"""python3 -m Conformance run [--frames-step N] [--templates NAME ...] [--exporter CMD] [--jobs N] ...
python3 -m Conformance raster [--templates NAME ...] [--formats gif webp webp-lossless mp4 png] [--binary PATH]
python3 -m Conformance screens [--binary PATH] [--only TEXT] [--jobs N]
python3 -m Conformance variants [--binary PATH] [--only TEXT] [--firefox-step N] [--jobs N]
python3 -m Conformance sheet [--binary PATH] [--templates NAME ...] [--frames N]
python3 -m Conformance selftest
python3 -m Conformance doctor

Run from the repository root. When the interpreter lacks the suite's packages, this re-runs
itself with the venv that Scripts/install-test-deps.sh made ($TRANS_EXPORT_VENV, default
~/.cache/trans-export-venv).
"""
import argparse
import os
import shlex
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NEEDED = ("numpy", "PIL", "jsonschema", "lottie_specs", "rlottie_python", "thorvg_python", "marionette_driver")


def venv_python():
    venv = os.environ.get("TRANS_EXPORT_VENV") or os.path.expanduser("~/.cache/trans-export-venv")
    return os.path.join(venv, "bin", "python")


def ensure_packages():
    missing = []
    for mod in NEEDED:
        try:
            __import__(mod)
        except ImportError:
            missing.append(mod)
    if not missing:
        return
    py = venv_python()
    if os.path.exists(py) and os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(py))):
        env = dict(os.environ)
        env["PYTHONPATH"] = REPO + os.pathsep + env.get("PYTHONPATH", "")
        os.execve(py, [py, "-m", "Conformance", *sys.argv[1:]], env)
    sys.exit("conformance: missing Python packages %s; run Scripts/install-test-deps.sh" % ", ".join(missing))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python3 -m Conformance",
                                 description="Checks exported SVG and Lottie files in real players.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="export every template and check every file")
    r.add_argument("--templates", nargs="+", metavar="NAME", help="default: all (exporter --list)")
    r.add_argument("--frames-step", type=int, default=1, metavar="N",
                   help="pixel checks every N-th 1/30 s step (default 1: every 1/30 s); geometry always every sample")
    r.add_argument("--exporter", metavar="CMD",
                   help="exporter command (default: .build/debug/trans-export, built if missing)")
    r.add_argument("--binary", metavar="PATH", help="the exporter binary (same as --exporter PATH)")
    r.add_argument("--static-exporter", metavar="CMD",
                   help="command that answers `--format svg --template NAME --output DIR --at T` "
                        "(default: the exporter)")
    r.add_argument("--no-build", action="store_true", help="do not run `swift build` when the binary is missing")
    r.add_argument("--report", default=os.path.join(REPO, "output", "conformance.md"),
                   help="markdown report (default output/conformance.md; '' for none)")
    r.add_argument("--artifacts", default=os.path.join(REPO, ".conformance"),
                   help="where expected|actual|diff PNGs of failing frames go (default .conformance/)")
    r.add_argument("--keep", metavar="DIR", help="also copy the exported files here")
    r.add_argument("--chromium", help="browser binary (default $CHROMIUM, else chromium on PATH)")
    r.add_argument("--firefox-step", type=int, default=1, metavar="N",
                   help="Firefox (Gecko SMIL) vs --at on every N-th pixel-check time, ms-rounded "
                        "(default 1; 2 halves its time; 0 leaves the Firefox row out)")
    r.add_argument("--firefox", help="Firefox binary (default $FIREFOX, else firefox-esr on PATH)")
    r.add_argument("--known-failure", dest="known_failures", action="append", metavar="FILE:CHECK",
                   help="a row that fails today for a documented reason: reported FAIL (known), not "
                        "fatal; the run fails if it passes (remove it then); repeatable")
    r.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="check N templates at a time, each worker process with its own Chromium (and "
                        "Firefox); rows and report as with 1 (default 1)")
    ra = sub.add_parser("raster", help="GIF/WebP/MP4/PNG files: every frame vs the --at frame in Chromium")
    ra.add_argument("--templates", nargs="+", metavar="NAME", default=["douyin-present", "stories-cube"])
    ra.add_argument("--formats", nargs="+", default=["gif", "webp", "webp-lossless", "mp4", "png"],
                    choices=["gif", "webp", "webp-lossless", "mp4", "png"])
    ra.add_argument("--webp-quality", type=int, metavar="N", help="the lossy WebP's quality (default: the tool's)")
    ra.add_argument("--binary", metavar="PATH", help="the exporter (default .build/debug/trans-export)")
    ra.add_argument("--scale", type=int, default=2, choices=[1, 2, 3])
    ra.add_argument("--fps", type=int, default=60)
    ra.add_argument("--frames-step", type=int, default=1, metavar="N", help="compare every N-th frame (default 1: all)")
    ra.add_argument("--chromium", help="browser binary (default $CHROMIUM, else chromium on PATH)")
    ra.add_argument("--known-failure", dest="known_failures", action="append", metavar="FILE:CHECK",
                    help="a row that fails today for a measured reason (as for `run`); repeatable")
    rb = sub.add_parser("raster-bench", help="BENCHMARKS.md: our GIF/WebP vs python-lottie's (bytes, error, time)")
    rb.add_argument("--binary", default=".build/release/trans-export", metavar="PATH")
    rb.add_argument("--templates", nargs="+", metavar="NAME", default=["douyin-present", "stories-cube", "flip-push"])
    rb.add_argument("--scale", type=int, nargs="+", default=[2, 1], choices=[1, 2, 3])
    rb.add_argument("--ours-only", action="store_true", help="leave python-lottie's rows out")
    rb.add_argument("--chromium", help="browser binary (default $CHROMIUM, else chromium on PATH)")
    sc = sub.add_parser("screens", help="douyin-present with PNG and with SVG screens: bytes, export time, worst frame per player")
    sc.add_argument("--binary", default=".build/release/trans-export", metavar="PATH")
    sc.add_argument("--repeat", type=int, default=3, help="export runs timed per variant (the best is shown)")
    sc.add_argument("--frames-step", type=int, default=1, metavar="N")
    sc.add_argument("--chromium", help="browser binary (default $CHROMIUM, else chromium on PATH)")
    sc.add_argument("--only", action="append", metavar="TEXT",
                    help="run only the variants whose label contains TEXT; repeatable")
    sc.add_argument("--jobs", type=int, default=1, metavar="N",
                    help="check N file sets at a time, in worker processes (default 1); the exports are "
                         "still timed one at a time and the table is the same")
    va = sub.add_parser("variants", help="every template varied (durations, springs, targets) three ways, checked by the suite")
    va.add_argument("--binary", default=".build/release/trans-export", metavar="PATH")
    va.add_argument("--frames-step", type=int, default=1, metavar="N")
    va.add_argument("--firefox-step", type=int, default=4, metavar="N", help="as for `run` (default 4, as KNOWN was measured; 0 leaves Firefox out)")
    va.add_argument("--chromium", help="browser binary (default $CHROMIUM, else chromium on PATH)")
    va.add_argument("--only", action="append", metavar="TEXT", help="run only the variants whose name contains TEXT; repeatable")
    va.add_argument("--jobs", type=int, default=1, metavar="N", help="check N file sets at a time (default 1)")
    sh = sub.add_parser("sheet", help="contact sheets: the exact state at evenly spaced times over each phase, to look at")
    sh.add_argument("--templates", nargs="+", metavar="NAME", help="default: all (exporter --list)")
    sh.add_argument("--binary", default=os.path.join(REPO, ".build", "release", "trans-export"), metavar="PATH",
                    help="the exporter binary (default .build/release/trans-export)")
    sh.add_argument("--exporter", metavar="CMD", help="exporter command, e.g. the binary with --screen options")
    sh.add_argument("--frames", type=int, default=16, metavar="N", help="frames per sheet (default 16)")
    sh.add_argument("--columns", type=int, default=8, metavar="N", help="frames per row (default 8)")
    sh.add_argument("--scale", type=float, default=0.5, metavar="S", help="frame size, times the canvas (default 0.5)")
    sh.add_argument("--out", default=os.path.join(REPO, ".conformance", "sheets"), metavar="DIR",
                    help="where NAME.png go (default .conformance/sheets)")
    sub.add_parser("selftest", help="the suite's own tests (Conformance/tests)")
    sub.add_parser("doctor", help="show which checkers are installed")
    opts = ap.parse_args(argv)
    ensure_packages()

    if opts.cmd == "selftest":
        return selftest()
    if opts.cmd == "doctor":
        return doctor()
    if opts.cmd == "raster":
        return raster(opts)
    if getattr(opts, "jobs", 1) < 1:
        ap.error("--jobs must be ≥ 1")
    if opts.cmd == "sheet":
        from . import contact_sheet
        return contact_sheet.run(opts)
    if opts.cmd == "screens":
        from . import screens_bench
        return screens_bench.run(opts)
    if opts.cmd == "variants":
        from . import variants_check
        return variants_check.run(opts)
    if opts.cmd == "raster-bench":
        from . import raster_bench
        return raster_bench.run(opts)

    from . import exporter, results, suite
    if opts.frames_step < 1:
        ap.error("--frames-step must be ≥ 1")
    if opts.firefox_step < 0:
        ap.error("--firefox-step must be ≥ 0")
    try:
        if opts.exporter and opts.binary:
            ap.error("give --exporter or --binary, not both")
        opts.exporter = (opts.exporter or ([os.path.abspath(opts.binary)] if opts.binary else None)
                         or exporter.default_command(build=not opts.no_build))
    except exporter.ExportError as e:
        print("conformance: %s" % e, file=sys.stderr)
        return 1
    opts.versions = {}
    opts.argv_text = "".join(" " + shlex.quote(a) for a in without_jobs(argv[1:]) if a)  # same report for any --jobs
    rows, ok = suite.run(opts)
    print("\n".join(results.table_lines(rows)))
    notes = results.notes_lines(rows)
    if notes:
        print("\n".join(["", "notes:"] + notes))
    print("")
    if opts.report:
        os.makedirs(os.path.dirname(os.path.abspath(opts.report)), exist_ok=True)
        with open(opts.report, "w", encoding="utf-8") as f:
            f.write(suite.report_markdown(rows, ok, opts))
        print("report: %s" % opts.report)
    print("%s in %.1f s" % ("PASS" if ok else "FAIL", opts.elapsed))
    failed = sum(1 for r in rows if not r.ok and not r.known)
    known = sum(1 for r in rows if r.known)
    print("conformance: %d passed, %d failed%s" % (len(rows) - failed - known, failed,
                                                  ", %d known failure(s)" % known if known else ""))
    return 0 if ok else 1


def without_jobs(args):
    out, skip = [], False
    for a in args:
        if skip or a.startswith("--jobs="):
            skip = False
        elif a == "--jobs":
            skip = True
        else:
            out.append(a)
    return out


def raster(opts):
    import time
    from . import exporter, raster_check, results
    started = time.time()
    try:
        opts.exporter = [os.path.abspath(opts.binary)] if opts.binary else exporter.default_command()
    except exporter.ExportError as e:
        print("conformance: %s" % e, file=sys.stderr)
        return 1
    rows, _ = raster_check.run(opts)
    rows, ok = results.apply_known_failures(rows, opts.known_failures)
    print("\n".join(results.table_lines(rows)))
    notes = results.notes_lines(rows)
    if notes:
        print("\n".join(["", "notes:"] + notes))
    print("\n%s in %.1f s" % ("PASS" if ok else "FAIL", time.time() - started))
    return 0 if ok else 1


def selftest():
    """The suite's own tests, with a closing 'selftest: N passed, N failed' line."""
    import unittest
    os.chdir(REPO)
    if REPO not in sys.path:
        sys.path.insert(0, REPO)
    tests = unittest.defaultTestLoader.discover(os.path.join(REPO, "Conformance", "tests"), top_level_dir=REPO)
    result = unittest.TextTestRunner(verbosity=2).run(tests)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    passed = result.testsRun - failed - len(result.skipped)
    print("selftest: %d passed, %d failed%s" % (passed, failed, ", %d skipped" % len(result.skipped)
                                                if result.skipped else ""))
    return 0 if result.wasSuccessful() and result.testsRun else 1


def doctor():
    import shutil
    from . import chromium, firefox, lottie_check
    ok = True
    for label, fn in (("chromium", chromium.find_chromium), ("firefox", firefox.find_firefox),
                      ("rsvg-convert", lambda: shutil.which("rsvg-convert") or _missing("librsvg2-bin")),
                      ("xmllint", lambda: shutil.which("xmllint") or _missing("libxml2-utils")),
                      ("lottie-web", lottie_check.lottie_js_path)):
        try:
            print("%-13s %s" % (label, fn()))
        except Exception as e:
            ok = False
            print("%-13s MISSING: %s" % (label, e))
    print("%-13s %s" % ("python", sys.executable))
    return 0 if ok else 1


def _missing(pkg):
    raise RuntimeError("apt %s" % pkg)


if __name__ == "__main__":
    sys.exit(main())
