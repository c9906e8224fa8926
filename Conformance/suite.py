"""`python -m Conformance run`: export every template with the exporter, check every file."""
import filecmp
import hashlib
import json
import math
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from . import firefox as gecko
from . import images, invariants, lottie_check, svg_check, workers
from .chromium import Browser, SvgPlayer
from .exporter import Exporter, ExportError, StaticFrames, stem
from .results import (GEOMETRY_PX, LOTTIE_MEAN, RSVG_MEAN, SMIL_MEAN, SOLID_LEVEL, SOLID_PX, Row,
                      apply_known_failures, notes_lines, table_lines)

PIXEL_RATE = 30          # pixel checks every 1/30 s of the timeline (every --frames-step-th)


def seek_past(duration):
    """How far past a time t to seek so that a keyframe at exactly t has happened: Chromium's
    document time lands up to 1 µs below the requested time (IDL float, whole microseconds),
    and keyTimes written with 6 decimals move a keyframe by up to 0.5e-6 × duration."""
    return 2e-6 + 1e-6 * duration


class TemplateRun:
    """One template's exported files plus the Chromium frames of its `--at` static SVGs."""

    def __init__(self, unit, outdir, static_exporter, tab_static, workdir, artifacts):
        template, branch = unit
        name = unit_name(unit)
        self.name = name
        self.svg = os.path.join(outdir, name + ".svg")
        self.json = os.path.join(outdir, name + ".json")
        self.tracks_path = os.path.join(outdir, name + ".tracks.json")
        self.svg_name, self.json_name = name + ".svg", name + ".json"
        self.tab_static = tab_static
        self.artifacts = artifacts
        self.static = StaticFrames(static_exporter, template, workdir, branch=branch)
        self.refs = {}
        self.ref_images = {}       # sha256 of an --at file → its Chromium frame
        self.static_checked = 0
        self.static_errors = []
        self.tracks = None
        self.canvas = None
        self.duration = None

    # -- tracks ---------------------------------------------------------------------------
    def load_tracks(self):
        row = Row(self.name + ".tracks.json", "tracks format", limit="well-formed")
        try:
            with open(self.tracks_path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            return row.fail("cannot read: %s" % e)
        problems = tracks_problems(doc)
        if problems:
            for p in problems[:6]:
                row.fail(p)
            return row
        self.tracks = doc
        self.canvas = (doc["canvas"]["width"], doc["canvas"]["height"])
        self.duration = float(doc["duration"])
        row.frames = len(doc["samples"])
        return row

    def pixel_times(self, step):
        n = int(math.ceil(self.duration * PIXEL_RATE - 1e-9))
        return [k / PIXEL_RATE for k in range(0, n, step)]

    def seek_time(self, t):
        # the last instant of the loop is its left limit (seeking D would show the next loop)
        eps = seek_past(self.duration)
        return min(t + eps, self.duration - eps)

    # -- references -----------------------------------------------------------------------
    def request_references(self, times):
        self.static.request(times)

    def reference(self, t):
        k = StaticFrames.key(t)
        if k not in self.refs:
            path = self.static.path(t)
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            self.static_checked += 1
            if digest not in self.ref_images:      # t and t + a few µs are often the same file
                errs = svg_check.lint_svg(path, self.canvas, static=True)
                if errs:
                    self.static_errors.append("t=%.4f: %s" % (t, "; ".join(errs[:3])))
                self.tab_static.navigate(path)
                self.tab_static.wait_for_paint()   # else the previous still may be captured
                self.ref_images[digest] = images.decode_png(self.tab_static.screenshot_png())
            self.refs[k] = self.ref_images[digest]
        return self.refs[k]

    def static_row(self):
        row = Row(self.svg_name, "--at static SVGs lint", frames=self.static_checked, limit="0 errors")
        for e in self.static_errors[:3]:
            row.fail(e)
        if len(self.static_errors) > 3:
            row.fail("… %d more" % (len(self.static_errors) - 3))
        return row

    def save_artifact(self, kind, expected, actual, t=0.0):
        if not self.artifacts:
            return
        os.makedirs(self.artifacts, exist_ok=True)
        path = os.path.join(self.artifacts, "%s-%s-t%.4f.png" % (self.name, kind, t))
        images.save_diff_strip(expected, actual, path)

    def close(self):
        self.static.close()
        self.refs.clear()
        self.ref_images.clear()


def tracks_problems(doc):
    out = []
    if not isinstance(doc, dict):
        return ["not an object"]
    c = doc.get("canvas")
    if not (isinstance(c, dict) and all(isinstance(c.get(k), (int, float)) and c.get(k) > 0 for k in ("width", "height"))):
        out.append("canvas: needs positive width and height")
    d = doc.get("duration")
    if not isinstance(d, (int, float)) or d <= 0:
        out.append("duration: needs a positive number of seconds")
    if doc.get("sampleRate") != 120:
        out.append("sampleRate: %r, contract says 120" % doc.get("sampleRate"))
    if not isinstance(doc.get("phases"), list):
        out.append("phases: needs a list")
    samples = doc.get("samples")
    if not isinstance(samples, list) or not samples:
        return out + ["samples: needs a non-empty list"]
    if out:
        return out
    rate = doc["sampleRate"]
    for i, s in enumerate(samples):
        t = s.get("t") if isinstance(s, dict) else None
        if not isinstance(t, (int, float)) or abs(t - i / rate) > 1e-4:   # written with ≤ 4 decimals
            out.append("samples[%d].t: %r, expected %s" % (i, t, i / rate))
            break
        for lid, L in (s.get("layers") or {}).items():
            cs = L.get("corners") if isinstance(L, dict) else None
            if not (isinstance(cs, list) and len(cs) == 4 and all(isinstance(p, list) and len(p) == 2 for p in cs)):
                out.append("samples[%d].layers.%s.corners: needs 4 [x, y] points" % (i, lid))
                break
            sz = L.get("size")
            if not (isinstance(sz, list) and len(sz) == 2):
                out.append("samples[%d].layers.%s.size: needs [w, h]" % (i, lid))
                break
            o = L.get("opacity")
            if not isinstance(o, (int, float)) or not 0 <= o <= 1:
                out.append("samples[%d].layers.%s.opacity: %r not in 0..1" % (i, lid, o))
                break
        if len(out) > 3:
            break
    n_expected = int(round(d * rate))
    if len(samples) < n_expected:
        out.append("samples: %d, the timeline needs %d (duration × sampleRate)" % (len(samples), n_expected))
    return out


def unit_name(unit):
    return stem(*unit)


def file_units(templates, outdir):
    """What to check: (template, None) for NAME.*, and (template, BRANCH) for every
    NAME.BRANCH.tracks.json beside it (an interactive template's scrub clip and branches)."""
    files = set(os.listdir(outdir))
    units = []
    for t in templates:
        units.append((t, None))
        for f in sorted(files):
            mid = f[len(t) + 1:-len(".tracks.json")] if f.startswith(t + ".") and f.endswith(".tracks.json") else ""
            if mid and "." not in mid:
                units.append((t, mid))
    return units


def check_coverage(units, outdir, suffixes=(".svg", ".json", ".tracks.json")):
    """Every exported file belongs to a checked unit (NAME.svg, NAME.json, NAME.tracks.json)."""
    row = Row("(all files)", "every file is checked", limit="no file left out")
    claimed = {unit_name(u) + ext for u in units for ext in suffixes}
    files = sorted(os.listdir(outdir))
    row.frames = len(files)
    left = [f for f in files if f not in claimed]
    if left:
        row.fail("not checked: %s" % ", ".join(left[:8]))
    return row


def export_branches(exporter, templates, outdir, branch_dir):
    """`--branch all` of the interactive templates (those whose plain export wrote NAME.scrub.*):
    files new to `outdir` join it; a file the plain export also wrote (the scrub clip) must be
    byte-identical to it."""
    row = Row("(all files)", "--branch all vs plain export", limit="same bytes")
    interactive = [t for t in templates if os.path.exists(os.path.join(outdir, t + ".scrub.tracks.json"))]
    row.frames = 0
    if not interactive:
        return row.note("no interactive template")
    exporter.export(",".join(checked_formats(exporter)[0]), interactive, branch_dir, branch="all")
    for f in sorted(os.listdir(branch_dir)):
        src, dst = os.path.join(branch_dir, f), os.path.join(outdir, f)
        row.frames += 1
        if os.path.exists(dst):
            if not filecmp.cmp(src, dst, shallow=False):
                row.fail("%s differs from the plain export's" % f)
        else:
            shutil.move(src, dst)
    return row


def check_determinism(exporter, templates, dir_a, dir_b):
    row = Row("(all files)", "determinism: export twice", limit="same bytes")
    names_a, names_b = sorted(os.listdir(dir_a)), sorted(os.listdir(dir_b))
    row.frames = len(names_a)
    if names_a != names_b:
        return row.fail("different file sets: %s vs %s" % (names_a, names_b))
    diff = [n for n in names_a if not filecmp.cmp(os.path.join(dir_a, n), os.path.join(dir_b, n), shallow=False)]
    if diff:
        row.fail("bytes differ: %s" % ", ".join(diff))
    return row


CHECKED = ("svg", "lottie", "tracks")   # the formats check_template has checks for


def checked_formats(exporter):
    """From the exporter's format list (`--list-formats`): the formats `all` writes per template
    (names, and file suffixes such as ".tracks.json"), and those of them this suite cannot check."""
    if not hasattr(exporter, "_formats"):
        per_file = [(n, f[len("NAME"):]) for n, f, in_all in exporter.list_formats() if in_all and f.startswith("NAME.")]
        exporter._formats = ([n for n, _ in per_file], [x for _, x in per_file], [n for n, _ in per_file if n not in CHECKED])
    return exporter._formats


def check_formats(exporter):
    row = Row("(exporter)", "every format in all is checked", limit="no format left out")
    names, _, unchecked = checked_formats(exporter)
    row.frames = len(names)
    if unchecked:
        row.fail("no checks for: %s" % ", ".join(unchecked))
    return row


def export_all(exporter, templates, outdir):
    # one exporter run: each template is simulated once, not once per format
    exporter.export(",".join(checked_formats(exporter)[0]), templates, outdir)


def check_template(unit, outdir, opts, static_exporter, tabs, lottie_page, workdir, log, firefox=None):
    tab_anim, tab_static, tab_lottie = tabs
    run = TemplateRun(unit, outdir, static_exporter, tab_static, workdir, opts.artifacts)
    name = run.name
    rows = []
    t0 = time.monotonic()
    try:
        tr = run.load_tracks()
        rows.append(tr)
        if run.tracks is None:
            for fn, check in ((run.svg_name, "SVG checks"), (run.json_name, "Lottie checks")):
                rows.append(Row(fn, check).fail("skipped: the tracks file (timeline, canvas, geometry) is unusable"))
            return rows
        rows.extend(invariants.tracks_rows(name + ".tracks.json", run.tracks))
        times = run.pixel_times(opts.frames_step)
        run.request_references([run.seek_time(t) for t in times])   # the SMIL check's instants
        step = getattr(opts, "firefox_step", 0)
        ff_times = gecko.ms_times(times[::step], run.duration, gecko.key_instants(_text(run.svg))) if step else []
        run.request_references([run.seek_time(t) for t in ff_times])
        for t in (tab_anim, tab_static, tab_lottie):
            t.set_viewport(*run.canvas)

        # SVG
        lint = Row(run.svg_name, "XML + safety lint", limit="0 errors")
        if not os.path.exists(run.svg):
            rows.append(lint.fail("not exported"))
        else:
            for e in svg_check.lint_svg(run.svg, run.canvas):
                lint.fail(e)
            rows.append(lint)
            player = None
            try:
                player = SvgPlayer(tab_anim, run.svg)
            except Exception as e:
                rows.append(Row(run.svg_name, "Chromium load").fail(str(e)))
            if player:
                player.seek(run.seek_time(0.0))
                t_zero = images.decode_png(tab_anim.screenshot_png())
                rows.append(guard(lambda: svg_check.check_rsvg(run, t_zero), run.svg_name, "rsvg-convert vs Chromium t=0"))
                rows.append(guard(lambda: svg_check.check_smil_frames(run, player, times), run.svg_name, "Chromium SMIL vs --at"))
                rows.append(guard(lambda: svg_check.check_geometry(run, player), run.svg_name, "geometry getCTM vs tracks"))
                rows.append(guard(lambda: invariants.check_drawn_windows(run, player), run.svg_name,
                                  "invariant: removed layers and the finger not drawn (Chromium)"))
                rows.append(guard(lambda: invariants.check_snapshot_spill(run, player), run.svg_name,
                                  "invariant: snapshot pixels within bounds (Chromium)"))
            if step:
                rows.append(firefox_row(run, firefox, ff_times))
        # Lottie
        if not os.path.exists(run.json):
            rows.append(Row(run.json_name, "schema + lint").fail("not exported"))
        else:
            rows.extend(guard(lambda: lottie_check.check_lottie(run, tab_lottie, lottie_page, times),
                              run.json_name, "Lottie checks", many=True))
        rows.append(run.static_row())
    finally:
        run.close()
        log("  %s: %.1f s" % (name, time.monotonic() - t0))
    return rows


def _text(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def firefox_row(run, firefox, times):
    check = "Firefox SMIL vs --at (ms)"
    if firefox is None:
        return Row(run.svg_name, check).fail("Firefox did not start")
    try:
        firefox.wait()
    except Exception as e:
        return Row(run.svg_name, check).fail("Firefox did not start: %s (--firefox-step 0 leaves this row out)" % e)
    return guard(lambda: gecko.check_firefox_frames(run, firefox, times), run.svg_name, check)


def guard(fn, file, check, many=False):
    try:
        return fn()
    except Exception as e:
        r = Row(file, check).fail("%s: %s" % (type(e).__name__, e))
        return [r] if many else r


def run(opts, log=None):
    """Returns (rows, ok)."""
    log = log or (lambda s: print(s, file=sys.stderr, flush=True))
    t_start = time.monotonic()
    exporter = Exporter(opts.exporter)
    static_exporter = Exporter(opts.static_exporter) if opts.static_exporter else exporter
    rows = []
    work = tempfile.mkdtemp(prefix="conformance-")
    jobs = getattr(opts, "jobs", 1) or 1
    # Firefox starts while the templates export (its start is the slow part); with --jobs each
    # worker starts its own.
    firefox = gecko.Firefox(getattr(opts, "firefox", None)).start_async() if getattr(opts, "firefox_step", 0) and jobs <= 1 else None
    try:
        templates = opts.templates or exporter.list_templates()
        if not templates:
            rows.append(Row("(exporter)", "--list").fail("no templates"))
            return rows, False
        dir_a, dir_b = os.path.join(work, "a"), os.path.join(work, "b")
        t0 = time.monotonic()
        try:
            # the two exports run side by side (a 2-core machine exports both in the time of one)
            with ThreadPoolExecutor(max_workers=2) as pool:
                done = [pool.submit(export_all, exporter, templates, d) for d in (dir_a, dir_b)]
                [f.result() for f in done]
                done = [pool.submit(export_branches, exporter, templates, d, d + ".branches")
                        for d in (dir_a, dir_b)]
                branch_row = [f.result() for f in done][0]
        except ExportError as e:
            rows.append(Row("(exporter)", "export").fail(str(e)))
            return rows, False
        log("exported %d template(s) twice in %.1f s" % (len(templates), time.monotonic() - t0))
        rows.append(check_determinism(exporter, templates, dir_a, dir_b))
        rows.append(branch_row)
        units = file_units(templates, dir_a)
        rows.append(check_formats(exporter))
        rows.append(check_coverage(units, dir_a, checked_formats(exporter)[1]))
        if opts.keep:
            shutil.copytree(dir_a, opts.keep, dirs_exist_ok=True)

        lottie_page = os.path.join(work, "lottie.html")
        try:
            js_path = lottie_check.lottie_js_path()
            with open(js_path, encoding="utf-8") as f:
                js = f.read()
            opts.versions["lottie-web"] = _lottie_version(js)
        except Exception as e:
            rows.append(Row("(setup)", "lottie-web player").fail(str(e)))
            js = "/* lottie-web missing */"
        with open(lottie_page, "w", encoding="utf-8") as f:
            f.write(lottie_check.LOTTIE_PAGE % js)

        def open_worker():
            b = Browser(opts.chromium)
            ff = firefox
            if jobs > 1 and getattr(opts, "firefox_step", 0):
                ff = gecko.Firefox(getattr(opts, "firefox", None)).start_async()
            return b, tuple(b.new_tab(390, 844) for _ in range(3)), ff

        def close_worker(ctx):
            if ctx:
                ctx[0].close()
                if jobs > 1 and ctx[2]:
                    ctx[2].close()

        def check(ctx, unit):
            b, tabs, ff = ctx
            unit_rows = check_template(unit, dir_a, opts, static_exporter, tabs, lottie_page, work, log, ff)
            return unit_rows, {"chromium": b.version, **({"firefox": ff.version} if ff and ff.version else {})}
        def cost(unit):
            # The unit's files' bytes: the largest (3D, long, many layers) are checked first.
            return sum(os.path.getsize(p) for p in (os.path.join(dir_a, unit_name(unit) + x) for x in (".svg", ".json", ".tracks.json"))
                       if os.path.exists(p))
        for unit_rows, versions in workers.ordered_map(check, units, jobs, open_worker, close_worker, cost=cost):
            rows.extend(unit_rows)
            opts.versions.update(versions)
    finally:
        if firefox:
            firefox.close()
        shutil.rmtree(work, ignore_errors=True)
        opts.elapsed = time.monotonic() - t_start
    return apply_known_failures(rows, getattr(opts, "known_failures", None))


def _known_text(rows):
    n = sum(1 for r in rows if r.known)
    return " with %d known failure(s) (FAIL (known) below)" % n if n else ""


def _lottie_version(js):
    import re
    m = re.search(r'lottie\.version="([^"]+)"', js)
    return m.group(1) if m else "?"


def report_markdown(rows, ok, opts):
    v = opts.versions
    lines = ["# Conformance of the exported files", "",
             "Generated by `python3 -m Conformance run%s` (see `Conformance/README.md`). "
             "Result: **%s**." % (opts.argv_text, ("pass" if ok else "FAIL") + _known_text(rows)), "",
             "Players: Chromium %s (SMIL, lottie-web %s svg renderer), %s (SMIL at ms-rounded times), rlottie (rlottie-python 1.3.8), "
             "ThorVG (thorvg-python 1.1.3), rsvg-convert. Pixel differences are 0..255 per channel (R, G, B), "
             "averaged over one frame; a frame passes when its mean is within the limit. "
             "Limits: SMIL mean ≤ %.1f (= 1/255), rsvg mean ≤ %.1f, Lottie mean ≤ %.1f (= 2/255) per renderer, "
             "geometry ≤ %.1f px; in every pixel check at most %d *solid* px (differing by > %d together with "
             "all 8 neighbours: a shape missing or misplaced, never anti-aliasing). "
             "Pixel checks every %s s of the timeline; geometry at every 120 Hz "
             "tracks sample, in the first loop and one loop later."
             % (v.get("chromium", "?").replace("Chrome/", ""), v.get("lottie-web", "?"), v.get("firefox", "Firefox (not run)"),
                SMIL_MEAN, RSVG_MEAN, LOTTIE_MEAN, GEOMETRY_PX, SOLID_PX, SOLID_LEVEL,
                "1/%d" % PIXEL_RATE if opts.frames_step == 1 else "%d/%d" % (opts.frames_step, PIXEL_RATE)),
             ""]
    lines += table_lines(rows, markdown=True)
    notes = notes_lines(rows, markdown=True)
    if notes:
        lines += ["", "Notes:", ""] + notes
    return "\n".join(lines) + "\n"
