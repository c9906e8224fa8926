"""The variants' definitions (variants_check.varied): what changes and what does not."""
import unittest

from Conformance.variants_check import COMBOS, varied

TEMPLATE = {
    "$schema": "./transition.schema.json", "name": "t", "layers": [{"id": "a", "frame": [0, 0, 10, 10]}],
    "phases": {"go": [{"duration": 0.5, "delay": 0.1, "timing": {"uikitSpring": {"damping": 0.8, "velocity": 0.2}},
                       "changes": [{"layer": "a", "property": "frame", "value": [1, 2, 3, 4]},
                                   {"layer": "a", "property": "center", "value": [5, 6]},
                                   {"layer": "a", "property": "alpha", "value": 0.5}]},
                      {"duration": 0.2, "timing": "easeInOut", "changes": []}]},
}


class VariedTests(unittest.TestCase):
    def test_durations_springs_and_targets_change(self):
        d = varied(TEMPLATE, "x", 2.0, 0.35, 1.0, (10, -20))
        go = d["phases"]["go"]
        self.assertEqual(d["name"], "t-x")
        self.assertNotIn("$schema", d)
        self.assertEqual((go[0]["duration"], go[0]["delay"], go[1]["duration"]), (1.0, 0.2, 0.4))
        self.assertEqual(go[0]["timing"], {"uikitSpring": {"damping": 0.35, "velocity": 1.0}})
        self.assertEqual(go[1]["timing"], "easeInOut")
        self.assertEqual([c["value"] for c in go[0]["changes"]], [[11, -18, 3, 4], [15, -14], 0.5])

    def test_the_template_is_left_as_it_was(self):
        varied(TEMPLATE, "x", 2.0, 0.35, 1.0, (10, -20))
        self.assertEqual(TEMPLATE["phases"]["go"][0]["duration"], 0.5)
        self.assertEqual(TEMPLATE["layers"][0]["frame"], [0, 0, 10, 10])

    def test_three_distinct_combos(self):
        self.assertEqual(len({c[0] for c in COMBOS}), 3)


if __name__ == "__main__":
    unittest.main()
