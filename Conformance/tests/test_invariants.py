"""The three designer invariants (Conformance/invariants.py): each fed a broken file must fail,
and the good file must pass. Tracks checks on hand-made tracks; the Chromium checks on tiny
hand-made SVGs (needs Chromium, as the suite does)."""
import copy
import os
import shutil
import tempfile
import types
import unittest

from Conformance import invariants
from Conformance.chromium import Browser, SvgPlayer

W, H = 100, 100
RATE = 120


def tracks(duration=1.0, layers=None, **extra):
    """Samples every 1/120 s; `layers(t)` gives the layers drawn at t."""
    n = int(round(duration * RATE))
    doc = {"canvas": {"width": W, "height": H}, "duration": duration, "sampleRate": RATE, "phases": [],
           "layers": ["snap", "finger"], "samples": []}
    for k in range(n):
        t = k / RATE
        doc["samples"].append({"t": round(t, 6), "layers": layers(t) if layers else {}})
    doc.update(extra)
    return doc


def snap_sample(clip=True):
    return {"corners": [[20, 20], [60, 20], [60, 60], [20, 60]], "size": [40, 40], "opacity": 1,
            "mask": {"clip": "bounds", "cornerRadius": 0} if clip else None}


class TracksInvariants(unittest.TestCase):
    def test_snapshot_without_its_clip_fails(self):
        good = tracks(layers=lambda t: {"snap": snap_sample()}, snapshots={"snap": "card"})
        self.assertEqual(invariants.snapshot_problems(good), [])
        bad = tracks(layers=lambda t: {"snap": snap_sample(clip=t < 0.5)}, snapshots={"snap": "card"})
        self.assertEqual(len(invariants.snapshot_problems(bad)), 1)

    def test_removed_layer_drawn_afterwards_fails(self):
        removals = [{"layer": "snap", "time": 0.5, "until": 1.0}]
        good = tracks(layers=lambda t: {"snap": snap_sample()} if t < 0.5 else {}, removals=removals)
        self.assertEqual(invariants.removal_problems(good), [])
        bad = tracks(layers=lambda t: {"snap": snap_sample()} if t < 0.5 or t > 0.7 else {}, removals=removals)
        self.assertIn("drawn at t=0.70", invariants.removal_problems(bad)[0])

    def test_finger_after_the_release_fails(self):
        branches = [{"name": "cancel", "touchDown": 0.2, "release": 0.5}]
        good = tracks(layers=lambda t: {"finger": snap_sample()} if 0.2 <= t < 0.5 else {}, branches=branches)
        self.assertEqual(invariants.indicator_problems(good), [])
        # the ghost finger of issue 14: it lifts at the release, then shows again
        bad = tracks(layers=lambda t: {"finger": snap_sample()} if 0.2 <= t < 0.5 or t >= 0.75 else {},
                     branches=branches)
        self.assertIn("t=0.75", invariants.indicator_problems(bad)[0])
        rows = invariants.tracks_rows("x.tracks.json", bad)
        self.assertEqual([r.ok for r in rows], [True, True, False])

    def test_scrub_clip_without_branches_has_no_finger_window(self):
        self.assertIsNone(invariants.indicator_windows(tracks()))


SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#ffffff"/>
<rect x="10" y="10" width="80" height="80" fill="#3366cc"/>
<g id="snap">%s<g id="snap.bounds" transform="translate(20 20)">%s</g></g>
<g id="finger" display="none"><set attributeName="display" to="inline" begin="0.2s" dur="indefinite" fill="freeze"/>%s
<circle cx="50" cy="80" r="8" fill="#000"/></g>
</svg>"""
REMOVE = '<animate attributeName="display" values="inline;none" keyTimes="0;0.5" calcMode="discrete" dur="1s" repeatCount="indefinite"/>'
LIFT = '<set attributeName="display" to="none" begin="0.5s" dur="indefinite" fill="freeze"/>'
CLIPPED = ('<clipPath id="c"><rect width="40" height="40"/></clipPath>'
           '<g clip-path="url(#c)"><rect x="-15" y="-15" width="70" height="70" fill="#cc2233"/></g>')
SPILLING = '<rect x="-15" y="-15" width="70" height="70" fill="#cc2233"/>'


@unittest.skipUnless(shutil.which("chromium") or os.environ.get("CHROMIUM"), "needs Chromium")
class ChromiumInvariants(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="invariants-selftest-")
        cls.browser = Browser(None)
        cls.tab = cls.browser.new_tab(W, H)
        branches = [{"name": "cancel", "touchDown": 0.2, "release": 0.5}]
        cls.doc = tracks(layers=lambda t: {"snap": snap_sample()} if t < 0.5 else {},
                         snapshots={"snap": "card"}, removals=[{"layer": "snap", "time": 0.5, "until": 1.0}],
                         branches=branches)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def run_on(self, name, snap_anim, content, finger_anim):
        path = os.path.join(self.dir, name + ".svg")
        with open(path, "w") as f:
            f.write(SVG % (snap_anim, content, finger_anim))
        run = types.SimpleNamespace(svg_name=name + ".svg", tracks=copy.deepcopy(self.doc), duration=1.0,
                                    seek_time=lambda t: min(t + 3e-6, 1.0 - 3e-6))
        player = SvgPlayer(self.tab, path)
        return (invariants.check_snapshot_spill(run, player), invariants.check_drawn_windows(run, player))

    def test_good_file_passes(self):
        spill, drawn = self.run_on("good", REMOVE, CLIPPED, LIFT)
        self.assertTrue(spill.ok, spill.notes)
        self.assertTrue(drawn.ok, drawn.notes)
        self.assertGreater(spill.frames, 0)

    def test_snapshot_drawn_past_its_bounds_fails(self):
        spill, _ = self.run_on("spill", REMOVE, SPILLING, LIFT)
        self.assertFalse(spill.ok)
        self.assertIn("outside its bounds", spill.notes[0])

    def test_layer_left_after_its_removal_fails(self):
        _, drawn = self.run_on("speck", "", CLIPPED, LIFT)
        self.assertFalse(drawn.ok)
        self.assertIn("'snap' drawn at t=0.5", drawn.notes[0])

    def test_finger_drawn_after_the_release_fails(self):
        _, drawn = self.run_on("ghost", REMOVE, CLIPPED, "")
        self.assertFalse(drawn.ok)
        self.assertIn("'finger' drawn", drawn.notes[0])
