"""The raster check's frame-time rules for a variable-rate MP4 (Conformance/raster_check.py
mp4_pairs): stored frames on the 1/fps grid, the first at 0, the last grid frame stored, the
stream lasting round(D·fps)/fps; each stored frame stands for the grid frames up to the next."""
import unittest

from Conformance.raster_check import mp4_pairs
from Conformance.results import Row


def run(times, duration, n=6, fps=60, step=1):
    row = Row("x.mp4", "frames vs --at")
    frames = ["f%d" % i for i in range(len(times))]
    return row, mp4_pairs(row, times, frames, {"duration": str(duration)}, fps, n, step)


class VariableRateMP4(unittest.TestCase):
    def test_held_frames_cover_the_grid(self):
        row, pairs = run([0, 2 / 60, 5 / 60], 6 / 60)
        self.assertTrue(row.ok, row.notes)
        self.assertEqual([(round(t * 60), f) for t, f in pairs],
                         [(0, "f0"), (1, "f0"), (2, "f1"), (3, "f1"), (4, "f1"), (5, "f2")])

    def test_step_keeps_every_nth_grid_frame(self):
        _, pairs = run([0, 2 / 60, 5 / 60], 6 / 60, step=2)
        self.assertEqual([round(t * 60) for t, _ in pairs], [0, 2, 4])

    def test_off_grid_frame_fails(self):
        row, pairs = run([0, 2.5 / 60, 5 / 60], 6 / 60)
        self.assertFalse(row.ok)
        self.assertEqual(pairs, [])

    def test_missing_last_grid_frame_fails(self):
        row, _ = run([0, 2 / 60], 6 / 60)
        self.assertFalse(row.ok)

    def test_short_stream_fails(self):
        row, _ = run([0, 2 / 60, 5 / 60], 5 / 60)
        self.assertFalse(row.ok)
        self.assertIn("lasts", row.notes[-1])


if __name__ == "__main__":
    unittest.main()
