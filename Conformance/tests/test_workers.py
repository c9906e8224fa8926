"""--jobs: Conformance/workers.py gives back every item's result once, in the items' order,
whatever order the worker processes finish in."""
import os
import time
import unittest

from Conformance import workers


def slow_first(ctx, item):
    time.sleep(0.3 if item == 0 else 0.01)       # item 0 finishes last with 2 workers
    return item * item, os.getpid(), ctx


class OrderedMap(unittest.TestCase):
    def test_same_results_and_order_for_any_jobs(self):
        items = list(range(7))
        one = workers.ordered_map(slow_first, items, 1, open_worker=lambda: "ctx")
        two = workers.ordered_map(slow_first, items, 2, open_worker=lambda: "ctx")
        self.assertEqual([r[0] for r in one], [i * i for i in items])
        self.assertEqual([r[0] for r in two], [i * i for i in items])
        self.assertEqual({r[1] for r in one}, {os.getpid()})
        pids = {r[1] for r in two}
        self.assertEqual(len(pids), 2)                 # both workers took items
        self.assertNotIn(os.getpid(), pids)
        self.assertEqual({r[2] for r in two}, {"ctx"})

    def test_costliest_items_are_taken_first_and_results_stay_in_order(self):
        def record(ctx, item):
            return item, os.getpid(), time.monotonic()
        items = [1, 5, 2, 9, 3, 7, 4]
        out = workers.ordered_map(record, items, 2, cost=lambda item: item)
        self.assertEqual([r[0] for r in out], items)
        # Each worker takes from one queue in cost order: its own items come in descending cost.
        for pid in {r[1] for r in out}:
            mine = [item for item, p, _ in sorted(out, key=lambda r: r[2]) if p == pid]
            self.assertEqual(mine, sorted(mine, reverse=True), mine)

    def test_a_failing_worker_fails_the_map(self):
        def boom(ctx, item):
            if item == 3:
                raise ValueError("item 3")
            return item
        with self.assertRaisesRegex(RuntimeError, "item 3"):
            workers.ordered_map(boom, range(5), 2)
        with self.assertRaisesRegex(ValueError, "item 3"):
            workers.ordered_map(boom, range(5), 1)

    def test_a_worker_that_dies_fails_the_map(self):
        def die(ctx, item):
            if item == 1:
                os._exit(3)
            return item
        old = workers.POLL_S
        workers.POLL_S = 0.2
        try:
            with self.assertRaisesRegex(RuntimeError, "exited without"):
                workers.ordered_map(die, range(2), 2)
        finally:
            workers.POLL_S = old


class ReportCommand(unittest.TestCase):
    def test_jobs_left_out_of_the_reports_command_line(self):
        from Conformance.__main__ import without_jobs
        self.assertEqual(without_jobs(["--jobs", "2", "--firefox-step", "2", "--jobs=3", "--templates", "a"]),
                         ["--firefox-step", "2", "--templates", "a"])


if __name__ == "__main__":
    unittest.main()
