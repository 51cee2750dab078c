#!/usr/bin/env python3
"""Start-up benchmark: what a user waits for before smc does any work, and
what a small MSL example costs.

Prints the median wall time of
  - a process that does nothing (/bin/true), the machine's floor;
  - `smc --version`, whose excess over the floor is smc's start-up (loading
    and relocating its shared libraries, static initializers);
  - compiling a one-equation model, and the part of it that is not spent in
    smc's stages (the wall time minus the stages' sum from --time-stages);
  - compiling a small MSL example by name (when ../shared/msl is there).
Then the goals: start-up under 30 ms (issue: performance at scale, item 6)
and a small MSL example compiled in at most 1 s (issue: the MSL, item 1),
each with its measured figure and whether it holds.

Usage: python3 bench/startup.py [--build DIR] [--runs N] [--quick]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MSL = os.path.join(os.path.dirname(ROOT), "shared", "msl")
MSL_EXAMPLE = "Modelica.Clocked.Examples.Elementary.RealSignals.TickBasedSine"
STARTUP_GOAL_MS = 30.0
MSL_GOAL_S = 1.0

TINY = """model Tiny
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
end Tiny;
"""


def wall(command):
    """Seconds one run of `command` takes; exits when it fails."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    return seconds, done.stdout + done.stderr


def median_wall(command, runs):
    return statistics.median(wall(command)[0] for _ in range(runs))


def stages_sum(text):
    """The stages' total (seconds) from a --time-stages table's `total` row."""
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "total":
            return float(parts[1])
    sys.exit("smc --time-stages printed no total row")


def verdict(value, goal):
    return "holds" if value <= goal else "does not hold"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--quick", action="store_true", help="5 runs each")
    args = parser.parse_args(argv)
    runs = 5 if args.quick else args.runs
    smc = os.path.join(args.build, "bin", "smc")
    if not os.access(smc, os.X_OK):
        sys.exit(f"no smc at {smc}; build it first")

    floor = median_wall(["/bin/true"], runs)
    version = median_wall([smc, "--version"], runs)
    with tempfile.TemporaryDirectory(prefix="smc-startup-") as work:
        model = os.path.join(work, "Tiny.mo")
        with open(model, "w") as f:
            f.write(TINY)
        fmu = os.path.join(work, "Tiny.fmu")
        samples = [wall([smc, model, "-o", fmu, "--time-stages"]) for _ in range(runs)]
        tiny = statistics.median(s for s, _ in samples)
        outside = statistics.median(s - stages_sum(text) for s, text in samples)
        msl = None
        if os.path.isfile(os.path.join(MSL, "Modelica", "package.mo")):
            msl = median_wall([smc, "--model", MSL_EXAMPLE, "-I", MSL, "-o",
                               os.path.join(work, "msl.fmu")], max(3, runs // 4))

    startup_ms = (version - floor) * 1000
    print(f"median of {runs} runs each")
    print(f"  /bin/true                        {floor * 1000:8.1f} ms")
    print(f"  smc --version                    {version * 1000:8.1f} ms")
    print(f"  smc Tiny.mo (1 equation)         {tiny * 1000:8.1f} ms, of which "
          f"{outside * 1000:.1f} ms outside the stages")
    if msl is not None:
        print(f"  smc --model {MSL_EXAMPLE}  {msl:6.2f} s")
    print()
    print("Goals:")
    print(f"  start-up (smc --version minus /bin/true) < {STARTUP_GOAL_MS:.0f} ms: "
          f"{startup_ms:.1f} ms, {startup_ms / STARTUP_GOAL_MS:.2f}x the goal: "
          f"{verdict(startup_ms, STARTUP_GOAL_MS)}")
    if msl is None:
        print(f"  small MSL example <= {MSL_GOAL_S:.0f} s: not measured (no MSL at {MSL})")
    else:
        print(f"  small MSL example <= {MSL_GOAL_S:.0f} s: {msl:.2f} s, "
              f"{msl / MSL_GOAL_S:.2f}x the goal: {verdict(msl, MSL_GOAL_S)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
