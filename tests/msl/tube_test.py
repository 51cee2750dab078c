#!/usr/bin/env python3
"""The tube comparison of msl_examples.py on curves with known answers: the
rule of msl-reference/README.md (0.2 % of the largest reference value plus
1e-9, events anywhere within 0.2 % of the span) accepts what it should and
nothing more."""

import sys
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from msl_examples import first_point_outside_tube, interpolate  # noqa: E402

SPAN = 10.0
WINDOW = 0.002 * SPAN


def step_at(t_event, times):
    """A unit step at t_event sampled at `times`, with both values at the event."""
    out_t, out_v = [], []
    for t in times:
        if t == t_event:
            out_t += [t, t]
            out_v += [0.0, 1.0]
        else:
            out_t.append(t)
            out_v.append(1.0 if t > t_event else 0.0)
    return out_t, out_v


GRID = [i * 0.01 for i in range(1001)]


class Tube(unittest.TestCase):
    def test_identical_curves_pass(self):
        t, v = step_at(5.0, GRID)
        self.assertIsNone(first_point_outside_tube(t, v, t, v, WINDOW))

    def test_an_event_inside_the_time_window_passes(self):
        ref_t, ref_v = step_at(5.0, GRID)
        got_t, got_v = step_at(5.01, GRID)  # 0.01 s late, window 0.02 s
        self.assertIsNone(first_point_outside_tube(ref_t, ref_v, got_t, got_v, WINDOW))

    def test_an_event_beyond_the_time_window_fails_at_the_reference_event(self):
        ref_t, ref_v = step_at(5.0, GRID)
        got_t, got_v = step_at(5.1, GRID)
        miss = first_point_outside_tube(ref_t, ref_v, got_t, got_v, WINDOW)
        self.assertIsNotNone(miss)
        self.assertAlmostEqual(miss[0], 5.0)
        self.assertEqual(miss[1:], (1.0, 0.0))

    def test_a_value_within_the_relative_tolerance_passes_and_beyond_fails(self):
        # A flat signal, so that no time shift inside the window can help:
        # largest |value| 1000, tolerance 2 (+1e-9).
        reference = [1000.0] * len(GRID)
        self.assertIsNone(first_point_outside_tube(GRID, reference, GRID, [1001.9] * len(GRID), WINDOW))
        miss = first_point_outside_tube(GRID, reference, GRID, [1002.1] * len(GRID), WINDOW)
        self.assertIsNotNone(miss)
        self.assertEqual(miss[0], 0.0)

    def test_a_zero_signal_allows_only_the_absolute_floor(self):
        zeros = [0.0] * len(GRID)
        self.assertIsNone(first_point_outside_tube(GRID, zeros, GRID, [5e-10] * len(GRID), WINDOW))
        self.assertIsNotNone(first_point_outside_tube(GRID, zeros, GRID, [1e-6] * len(GRID), WINDOW))

    def test_interpolation_takes_the_value_after_an_event(self):
        t, v = step_at(5.0, GRID)
        self.assertEqual(interpolate(t, v, 5.0), 1.0)
        self.assertAlmostEqual(interpolate([0.0, 1.0], [0.0, 2.0], 0.25), 0.5)


if __name__ == "__main__":
    unittest.main()
