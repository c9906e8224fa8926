"""`python3 -m Conformance sheet` against fixtures/fake_exporter.py: frames over the phases only,
laid out in rows under their labels, each frame the exporter's `--at` state (needs rsvg-convert)."""
import os
import shutil
import sys
import tempfile
import types
import unittest

import numpy as np
from PIL import Image

from Conformance import contact_sheet, images, svg_check
from Conformance.exporter import Exporter

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = [sys.executable, os.path.join(HERE, "fixtures", "fake_exporter.py")]


class FrameTimes(unittest.TestCase):
    def test_frames_share_the_phases_by_length_and_skip_the_holds(self):
        phases = [{"name": "cancel", "start": 0.5, "duration": 1.0}, {"name": "finish", "start": 2.0, "duration": 0.5}]
        times = contact_sheet.frame_times(3.0, phases, 9)
        self.assertEqual([n for _, n in times], ["cancel"] * 6 + ["finish"] * 3)
        self.assertEqual([t for t, _ in times[:6]], [0.5, 0.7, 0.9, 1.1, 1.3, 1.5])
        self.assertEqual([t for t, _ in times[6:]], [2.0, 2.25, 2.5])

    def test_a_phase_ending_the_loop_is_shown_just_before_it_and_no_phases_means_the_loop(self):
        times = contact_sheet.frame_times(1.0, [{"name": "push", "start": 0.4, "duration": 0.6}], 4)
        self.assertEqual([round(t, 6) for t, _ in times], [0.4, 0.6, 0.8, 0.999])
        self.assertEqual(contact_sheet.frame_times(2.0, [], 3), [(0.0, ""), (1.0, ""), (1.999, "")])


class Sheet(unittest.TestCase):
    def test_the_sheet_lays_out_each_frame_of_the_exporters_at_state(self):
        out = tempfile.mkdtemp(prefix="sheet-selftest-")
        try:
            opts = types.SimpleNamespace(exporter=FAKE, binary=None, templates=["fade"], frames=4, columns=3, scale=0.25, out=out)
            self.assertEqual(contact_sheet.run(opts), 0)
            sheet = images.decode_png(os.path.join(out, "fade.png"))
            # The first frame: the state at the first phase's start (crossfade, 0.3 s), drawn and scaled.
            frame = svg_check.rsvg_render(Exporter(FAKE).static_svg("fade", 0.3, out))
            w, h = round(frame.shape[1] * 0.25), round(frame.shape[0] * 0.25)
            scaled = np.asarray(Image.fromarray(frame).resize((w, h), Image.LANCZOS))
            gap, label = contact_sheet.GAP, contact_sheet.LABEL
            # Two rows of three columns (four frames), each frame under its label line.
            self.assertEqual(sheet.shape[:2], (gap + 2 * (h + label + gap), gap + 3 * (w + gap)))
            self.assertTrue(np.array_equal(sheet[gap + label:gap + label + h, gap:gap + w], scaled))
            # The fourth slot's neighbours are empty: the background.
            empty = sheet[gap + 2 * (h + label + gap) - gap - 2, -gap - 2]
            self.assertEqual(tuple(empty), contact_sheet.BACKGROUND)
        finally:
            shutil.rmtree(out, ignore_errors=True)
