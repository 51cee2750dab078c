#!/usr/bin/env python3
"""Pins how bench/compile_time.py judges a goal: at the first size at or
above the goal's equations, and, when no such size was measured, why not
(a smaller size timed out or failed, --quick, or the sizes end below it),
instead of calling the goal failed.

Usage: check_goal_verdicts.py BENCH_DIR
"""

import sys

sys.path.insert(0, sys.argv[1])
import compile_time  # noqa: E402  (bench/compile_time.py)


def verdict(results, quick=False, equations=10000, seconds=2.0, mib=None):
    return compile_time.goal_verdict(results, "f", equations, seconds, mib, quick)


def expect(actual, expected):
    if actual != expected:
        print(f"expected {expected!r}, got {actual!r}")
        sys.exit(1)


# (family, N, equations, total s, peak MiB, error)
small = ("f", 100, 1002, 0.1, 90.0, None)
expect(verdict([small, ("f", 1000, 10002, 1.5, 150.0, None)]), ((1000, 10002), "pass (1.50 s, 150 MiB)"))
expect(verdict([small, ("f", 1000, 10002, 2.5, 150.0, None)]), ((1000, 10002), "FAIL (2.50 s, 150 MiB)"))
expect(verdict([("f", 1000, 100002, 20.0, 1100.0, None)], equations=100000, seconds=30.0, mib=1024.0),
       ((1000, 100002), "FAIL (20.00 s, 1100 MiB)"))
# The first size above the goal decides, not a later one.
expect(verdict([("f", 1000, 10002, 1.0, 150.0, None), ("f", 2000, 20002, 3.0, 200.0, None)]),
       ((1000, 10002), "pass (1.00 s, 150 MiB)"))
expect(verdict([small, ("f", 500, None, None, None, "over 300 s")]),
       (None, "not measured: the family stopped at N=500 (over 300 s)"))
expect(verdict([small], quick=True), (None, "not measured (--quick)"))
expect(verdict([small]), (None, "not measured: the largest size has 1002 equations"))
print("ok")
