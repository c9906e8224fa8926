"""images.compare against the plain int16 formulas it replaces: the same mean, max and solid
count on random and structured frames, including frames too small to have a 3x3 core."""
import unittest

import numpy as np

from Conformance import images


def reference(a, b, level):
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    m = d.max(axis=-1) > level
    core = m[1:-1, 1:-1].copy()
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            core &= m[dy:dy + m.shape[0] - 2, dx:dx + m.shape[1] - 2]
    return float(d.mean()), int(d.max()), int(core.sum())


class CompareTests(unittest.TestCase):
    def test_same_figures_as_the_int16_formulas(self):
        rng = np.random.default_rng(7)
        for h, w in ((64, 48), (2, 9), (3, 3), (1, 1), (37, 5)):
            a = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
            for b in (rng.integers(0, 256, (h, w, 3), dtype=np.uint8), a.copy(), a // 2):
                for level in (0, 64, 200):
                    self.assertEqual(images.compare(a, b, level), reference(a, b, level))
                    self.assertEqual(images.diff(a, b), reference(a, b, level)[:2])
                    self.assertEqual(images.solid_disagreement(a, b, level), reference(a, b, level)[2])

    def test_a_shape_counts_its_core_and_an_edge_does_not(self):
        a = np.full((40, 40, 3), 255, np.uint8)
        b = a.copy()
        b[10:15, 20:26, 1] = 0        # a 5 x 6 block: a 3 x 4 core
        b[30, :, :] = 0               # a 1 px line: no core
        mean, mx, solid = images.compare(a, b, 64)
        self.assertEqual((mx, solid), (255, 12))
        self.assertAlmostEqual(mean, (30 * 255 + 40 * 3 * 255 - 0) / (40 * 40 * 3), places=12)

    def test_sizes_differ(self):
        with self.assertRaises(ValueError):
            images.compare(np.zeros((2, 2, 3), np.uint8), np.zeros((2, 3, 3), np.uint8))
