"""End-to-end tests of the suite against fixtures/fake_exporter.py (a stand-in exporter):
good files pass, deliberately broken ones fail at the check that should catch them.
Needs what Scripts/install-test-deps.sh installs (Chromium, rsvg-convert, xmllint, the venv)."""
import multiprocessing
import os
import shutil
import sys
import tempfile
import types
import unittest

from Conformance import suite
from Conformance.exporter import Exporter
from Conformance.results import Row, apply_known_failures, table_lines

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = [sys.executable, os.path.join(HERE, "fixtures", "fake_exporter.py")]


def run_suite(templates, frames_step=1, firefox_step=0, jobs=1):
    tmp = tempfile.mkdtemp(prefix="conformance-selftest-")
    opts = types.SimpleNamespace(exporter=FAKE, static_exporter=None, templates=templates,
                                 frames_step=frames_step, artifacts=os.path.join(tmp, "artifacts"),
                                 keep=None, chromium=None, versions={}, firefox_step=firefox_step, jobs=jobs)
    try:
        rows, ok = suite.run(opts, log=lambda s: None)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows, ok


def _run_suite_into(out, templates, **kwargs):
    out.put(run_suite(templates, **kwargs))


def row(rows, file, check):
    found = [r for r in rows if r.file == file and r.check == check]
    if len(found) != 1:
        raise AssertionError("no single row %s / %s in %s" % (file, check, [(r.file, r.check) for r in rows]))
    return found[0]


class GoodFixtures(unittest.TestCase):
    """zoom (sampled spring + bezier, nested layers, fading child) and fade (crossfade, slide)."""

    @classmethod
    def setUpClass(cls):
        cls.rows, cls.ok = run_suite(["zoom", "fade"], frames_step=2)

    def test_everything_passes(self):
        failed = ["%s %s: %s" % (r.file, r.check, r.notes) for r in self.rows if not r.ok]
        self.assertEqual(failed, [])
        self.assertTrue(self.ok)

    def test_every_check_ran_on_every_file(self):
        for name in ("zoom", "fade"):
            for check in ("XML + safety lint", "rsvg-convert vs Chromium t=0", "Chromium SMIL vs --at",
                          "geometry getCTM vs tracks", "--at static SVGs lint"):
                row(self.rows, name + ".svg", check)
            for check in ("schema + lint", "rlottie", "thorvg", "lottie-web svg"):
                row(self.rows, name + ".json", check)
        row(self.rows, "(all files)", "determinism: export twice")

    def test_frames_were_compared(self):
        # zoom lasts 1.8 s: pixel checks every 2/30 s → 27 frames; geometry at 216 samples × 2 loops
        self.assertEqual(row(self.rows, "zoom.svg", "Chromium SMIL vs --at").frames, 27)
        self.assertEqual(row(self.rows, "zoom.svg", "geometry getCTM vs tracks").frames, 432)
        for r in ("rlottie", "thorvg", "lottie-web svg"):
            self.assertEqual(row(self.rows, "zoom.json", r).frames, 27)

    def test_good_files_are_well_inside_the_limits(self):
        # the limits are not what makes these pass: exact files land far below them
        self.assertLess(row(self.rows, "zoom.svg", "geometry getCTM vs tracks").geom, 0.05)
        self.assertLess(row(self.rows, "zoom.svg", "Chromium SMIL vs --at").mean, 0.5)
        for r in self.rows:
            if r.frames and r.mean is not None:
                self.assertEqual(r.solid, 0, "%s %s" % (r.file, r.check))


class BrokenFixtures(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rows, cls.ok = run_suite(["zoom-off5", "zoom-nofr", "zoom-loop", "zoom-maskx"], frames_step=3)

    def test_run_fails(self):
        self.assertFalse(self.ok)

    def test_two_jobs_give_the_same_rows_in_the_same_order(self):
        # In a fresh interpreter, as `run --jobs 2` is: this one has rendered with rlottie, whose
        # rasterizer thread pool does not survive a fork (the forked workers hung in
        # lottie_animation_render; Conformance/workers.py).
        spawn = multiprocessing.get_context("spawn")
        out = spawn.Queue()
        child = spawn.Process(target=_run_suite_into, args=(out, ["zoom-off5", "zoom-nofr", "zoom-loop", "zoom-maskx"]),
                              kwargs={"frames_step": 3, "jobs": 2})
        child.start()
        rows, ok = out.get(timeout=600)
        child.join(timeout=30)

        def key(r):
            return r.file, r.check, r.ok, r.frames, r.mean, r.solid, r.geom, r.notes
        self.assertEqual([key(r) for r in rows], [key(r) for r in self.rows])
        self.assertEqual(ok, self.ok)

    def test_svg_keyframe_off_by_5px_fails_geometry_and_pixels(self):
        g = row(self.rows, "zoom-off5.svg", "geometry getCTM vs tracks")
        self.assertFalse(g.ok)
        self.assertAlmostEqual(g.geom, 5.0, delta=0.05)
        self.assertAlmostEqual(g.worst_t, 0.5, delta=1e-6)
        self.assertIn("player", g.notes[0])
        p = row(self.rows, "zoom-off5.svg", "Chromium SMIL vs --at")
        self.assertFalse(p.ok)
        self.assertAlmostEqual(p.worst_t, 0.5, delta=1e-6)
        self.assertGreater(p.mean, 1.0)           # the mean limit catches it ...
        self.assertGreater(p.solid, 1000)         # ... and so does the solid-disagreement count
        self.assertTrue(any("wrong place" in n for n in p.notes), p.notes)
        # the Lottie of the same template is right and passes
        for r in ("schema + lint", "rlottie", "thorvg", "lottie-web svg"):
            self.assertTrue(row(self.rows, "zoom-off5.json", r).ok, r)

    def test_lottie_missing_fr_fails_schema_and_every_renderer(self):
        s = row(self.rows, "zoom-nofr.json", "schema + lint")
        self.assertFalse(s.ok)
        self.assertIn("schema /: 'fr' is a required property", s.notes)
        for r in ("rlottie", "thorvg", "lottie-web svg"):
            self.assertFalse(row(self.rows, "zoom-nofr.json", r).ok, r)
        # its SVG is fine
        self.assertTrue(row(self.rows, "zoom-nofr.svg", "geometry getCTM vs tracks").ok)

    def test_svg_that_does_not_loop_fails_in_the_second_loop(self):
        g = row(self.rows, "zoom-loop.svg", "geometry getCTM vs tracks")
        self.assertFalse(g.ok)
        self.assertIn("second loop", g.notes[0])

    def test_mask_without_x_fails_lint_and_lottie_web(self):
        self.assertFalse(row(self.rows, "zoom-maskx.json", "schema + lint").ok)
        self.assertFalse(row(self.rows, "zoom-maskx.json", "lottie-web svg").ok)


class FirefoxRow(unittest.TestCase):
    """Gecko's SMIL at ms-rounded times: the exact file passes, a keyframe 5 px off fails at 0.5 s."""

    @classmethod
    def setUpClass(cls):
        cls.rows, cls.ok = run_suite(["zoom", "zoom-off5"], frames_step=3, firefox_step=1)

    def test_exact_file_passes_in_firefox(self):
        r = row(self.rows, "zoom.svg", "Firefox SMIL vs --at (ms)")
        self.assertTrue(r.ok, r.notes)
        self.assertEqual(r.frames, 18)           # 1.8 s, every 3/30 s
        self.assertLess(r.mean, 0.5)
        self.assertEqual(r.solid, 0)

    def test_keyframe_off_by_5px_fails_in_firefox(self):
        r = row(self.rows, "zoom-off5.svg", "Firefox SMIL vs --at (ms)")
        self.assertFalse(r.ok)
        self.assertAlmostEqual(r.worst_t, 0.501, delta=1e-6)   # 0.5 is the keyframe's instant: 1 ms on
        self.assertGreater(r.mean, 1.0)

    def test_times_are_whole_ms_inside_the_loop(self):
        from Conformance.firefox import key_instants, ms_times
        self.assertEqual(ms_times([0, 1 / 30, 2 / 30, 0.0334, 1.8], 1.8), [0.0, 0.033, 0.067, 1.799])
        # A jump at 1.5 s of a 2.35 s loop, written as keyTimes 0.638298 (1.5000003 s): 1.501 instead.
        keys = key_instants('<animate attributeName="display" dur="2.35s" keyTimes="0;0.638298" values="none;inline"/>')
        self.assertEqual(ms_times([1.5, 1.6], 2.35, keys), [1.501, 1.6])
        self.assertEqual(ms_times([0.0], 2.35, keys), [0.001])
        # Active in part of the loop: its key times count from its offset on the loop clock.
        keys = key_instants('<animate attributeName="d" values="a;b;a" keyTimes="0;.5;1"'
                            ' begin="loop.begin+0.6s" dur="1.2s"/>')
        for got, want in zip(keys, [0.6, 1.2, 1.8], strict=True):
            self.assertAlmostEqual(got, want, delta=1e-9)


class InteractiveFixture(unittest.TestCase):
    """drag-stray: its plain export writes NAME.* and the scrub clip NAME.scrub.*, and
    `--branch all` adds NAME.back.*; a stray NAME.notes.svg belongs to no checked file set."""

    @classmethod
    def setUpClass(cls):
        cls.rows, cls.ok = run_suite(["drag-stray"], frames_step=6)

    def test_scrub_clip_and_branches_are_checked_like_templates(self):
        for name in ("drag-stray", "drag-stray.scrub", "drag-stray.back"):
            for check in ("Chromium SMIL vs --at", "geometry getCTM vs tracks", "--at static SVGs lint"):
                self.assertTrue(row(self.rows, name + ".svg", check).ok, (name, check))
            for check in ("schema + lint", "rlottie", "thorvg", "lottie-web svg"):
                self.assertTrue(row(self.rows, name + ".json", check).ok, (name, check))
        # fade lasts 1.6 s: pixel checks every 6/30 s → 8 frames, from its own --at (branch) SVGs
        self.assertEqual(row(self.rows, "drag-stray.back.svg", "Chromium SMIL vs --at").frames, 8)

    def test_branch_export_agrees_with_the_plain_scrub_clip(self):
        r = row(self.rows, "(all files)", "--branch all vs plain export")
        self.assertTrue(r.ok, r.notes)
        self.assertEqual(r.frames, 6)          # back and scrub: .svg, .json, .tracks.json

    def test_a_file_outside_every_checked_set_fails(self):
        r = row(self.rows, "(all files)", "every file is checked")
        self.assertFalse(r.ok)
        self.assertEqual(r.notes, ["not checked: drag-stray.notes.svg"])
        self.assertFalse(self.ok)
        self.assertEqual([x.check for x in self.rows if not x.ok], ["every file is checked"])


class ProjectedFixtures(unittest.TestCase):
    """A page under 3D perspective: its bounds are an outline path (`d` animated by SMIL)."""

    @classmethod
    def setUpClass(cls):
        cls.rows, cls.ok = run_suite(["flip", "flip-off5", "flip-flat"], frames_step=6)

    def test_exact_outline_passes_as_played(self):
        # The `d` attribute is the t = 0 outline: only the played (computed) `d` matches the
        # tracks through the turn, so this passing shows that the animated value is what is read.
        g = row(self.rows, "flip.svg", "geometry getCTM vs tracks")
        self.assertTrue(g.ok, g.notes)
        self.assertEqual(g.frames, 2 * 144)             # 1.2 s × 120 Hz, two loops
        self.assertLess(g.geom, 0.05)
        self.assertTrue(any("outline path" in n and "288 layer samples" in n for n in g.notes), g.notes)
        self.assertTrue(row(self.rows, "flip.svg", "Chromium SMIL vs --at").ok)

    def test_outline_keyframe_off_by_5px_fails_geometry(self):
        g = row(self.rows, "flip-off5.svg", "geometry getCTM vs tracks")
        self.assertFalse(g.ok)
        self.assertAlmostEqual(g.geom, 5.0, delta=0.05)
        self.assertAlmostEqual(g.worst_t, 0.5, delta=1e-6)
        self.assertIn("'page'", g.notes[0])

    def test_bounds_group_for_a_projected_layer_fails(self):
        g = row(self.rows, "flip-flat.svg", "geometry getCTM vs tracks")
        self.assertFalse(g.ok)
        self.assertTrue(any("no affine map" in n for n in g.notes), g.notes)
        self.assertGreater(g.geom, 50)                   # the flat rectangle misses the turned page


class KnownFailures(unittest.TestCase):
    def rows(self):
        return [Row("a.json", "rlottie").fail("2 of 9 frames over mean 2.0"), Row("a.svg", "geometry")]

    def test_a_listed_failure_is_shown_but_not_fatal(self):
        rows, ok = apply_known_failures(self.rows(), ["a.json:rlottie"])
        self.assertTrue(ok)
        self.assertFalse(rows[0].ok)
        self.assertTrue(rows[0].known)
        self.assertIn("FAIL (known)", "\n".join(table_lines(rows)))

    def test_an_unlisted_failure_still_fails(self):
        self.assertFalse(apply_known_failures(self.rows(), [])[1])
        self.assertFalse(apply_known_failures(self.rows(), ["a.json:thorvg"])[1])

    def test_a_listed_row_that_passes_or_is_missing_fails_the_run(self):
        for stale in ("a.svg:geometry", "b.svg:geometry"):
            rows, ok = apply_known_failures(self.rows(), ["a.json:rlottie", stale])
            self.assertFalse(ok, stale)
            self.assertIn("--known-failure", rows[-1].notes[0])


class ExporterFailures(unittest.TestCase):
    def test_unknown_template_is_a_failure_not_a_crash(self):
        rows, ok = run_suite(["no-such-template"])
        self.assertFalse(ok)
        self.assertEqual([(r.file, r.check, r.ok) for r in rows], [("(exporter)", "export", False)])

    def test_nondeterministic_export_fails(self):
        tmp = tempfile.mkdtemp()
        os.environ["FAKE_EXPORTER_NOISE"] = "1"
        try:
            ex = Exporter(FAKE)
            a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
            suite.export_all(ex, ["zoom"], a)
            suite.export_all(ex, ["zoom"], b)
            r = suite.check_determinism(ex, ["zoom"], a, b)
            self.assertFalse(r.ok)
            self.assertIn("zoom.svg", r.notes[0])
            del os.environ["FAKE_EXPORTER_NOISE"]
            c = os.path.join(tmp, "c")
            suite.export_all(ex, ["zoom"], c)
            suite.export_all(ex, ["zoom"], b)
            self.assertTrue(suite.check_determinism(ex, ["zoom"], b, c).ok)
        finally:
            os.environ.pop("FAKE_EXPORTER_NOISE", None)
            shutil.rmtree(tmp, ignore_errors=True)


class FormatList(unittest.TestCase):
    """The suite exports and claims the formats the exporter lists (`--list-formats`)."""

    def test_formats_come_from_the_exporter(self):
        names, suffixes, unchecked = suite.checked_formats(Exporter(FAKE))
        self.assertEqual((names, suffixes, unchecked), (["svg", "lottie", "tracks"], [".svg", ".json", ".tracks.json"], []))
        self.assertTrue(suite.check_formats(Exporter(FAKE)).ok)

    def test_a_new_format_in_all_without_checks_fails(self):
        class Listed:
            def list_formats(self):
                return [("svg", "NAME.svg", True), ("html", "index.html", True), ("apng", "NAME.apng", True),
                        ("gif", "NAME.gif", False)]
        row = suite.check_formats(Listed())
        self.assertFalse(row.ok)
        self.assertEqual(row.notes, ["no checks for: apng"])


if __name__ == "__main__":
    unittest.main()
