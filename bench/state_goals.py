#!/usr/bin/env python3
"""FMU-state benchmark: the goals of issue 27 items 2 and 3 with their
measured figures.

  - A run that takes an FMU state before every step against the same run
    without (a chain of 10 lags to t = 10 in 1000 steps,
    bin/smc-bench-state-trajectory): the final values must be equal bit for
    bit; the time ratio is printed.
  - Serializing a state of 1 000 values against copying its bytes
    (bin/smc-bench-fmu-state): at most 2 times the memcpy.
  - Taking, setting and freeing a state of a one-state model with one other
    state alive and with 32 768 alive (bin/smc-bench-fmu-state's LIVE):
    independent of the number of live states (at most 1.5 times, which
    leaves room for cache misses, where a list walk took 240 times longer).
  - `smc explore examples/Tank.mo --input inflow=0,1 --depth 14`:
    save-restore against replay, at least 90 % of the tree-shape bound
    sum k b^k / sum b^k.

Usage: python3 bench/state_goals.py [--build DIR] [--quick]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CHAIN = """model LagChain
  Real x[10](each start = 0, each fixed = true);
equation
  der(x[1]) = 1 - x[1];
  for i in 2:10 loop
    der(x[i]) = x[i - 1] - x[i];
  end for;
end LagChain;
"""

VALUES = """model Values
  parameter Real p[998](each start = 1) = fill(1.0, 998);
  Real x(start = 1, fixed = true);
equation
  der(x) = -p[1] * x;
end Values;
"""


ONE_STATE = """model OneState
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
end OneState;
"""

LIVE_STATES = 32768


def output(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def compile_model(smc, directory, name, text):
    path = os.path.join(directory, name + ".mo")
    with open(path, "w") as f:
        f.write(text)
    fmu = os.path.join(directory, name + ".fmu")
    output([smc, path, "-o", fmu])
    return fmu


def verdict(holds):
    return "holds" if holds else "does not hold"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--quick", action="store_true", help="depth 10 instead of 14, fewer repetitions")
    args = parser.parse_args(argv)
    bin_dir = os.path.join(args.build, "bin")
    smc = os.path.join(bin_dir, "smc")
    depth = 10 if args.quick else 14
    with tempfile.TemporaryDirectory() as scratch:
        chain = compile_model(smc, scratch, "LagChain", CHAIN)
        plain, observed, plain_x, observed_x = output(
            [os.path.join(bin_dir, "smc-bench-state-trajectory"), chain, "x[10]", "0.01", "10"]).split()
        values = compile_model(smc, scratch, "Values", VALUES)
        fields = output([os.path.join(bin_dir, "smc-bench-fmu-state"), values,
                         "300" if args.quick else "3000"]).split()
        one_state = compile_model(smc, scratch, "OneState", ONE_STATE)
        live = {}
        for count in (1, LIVE_STATES):
            measured = output([os.path.join(bin_dir, "smc-bench-fmu-state"), one_state, "20000", str(count)]).split()
            live[count] = (float(measured[1]), float(measured[5]))
        state_bytes, serialize_ns, memcpy_ns = int(fields[0]), float(fields[3]), float(fields[4])
        tank = os.path.join(scratch, "Tank.fmu")
        output([smc, os.path.join(ROOT, "examples", "Tank.mo"), "-o", tank])
        report = os.path.join(scratch, "explore.json")
        output([smc, "explore", tank, "--input", "inflow=0,1", "--period", "1", "--depth", str(depth),
                "--json", report])
        with open(report) as f:
            explored = json.load(f)
    save, replay = explored["runs"][0], explored["runs"][1]
    speedup = replay["wallSeconds"] / save["wallSeconds"]
    bound = explored["wholeTreeRatio"]

    print("run with a state before every step (10 lags, 1000 steps) against the plain run")
    print(f"  plain {float(plain):.4f} s, with states {float(observed):.4f} s "
          f"(ratio {float(observed) / float(plain):.2f}); x[10] at t = 10: {plain_x} and {observed_x}")
    print(f"serializing a state of {state_bytes} bytes: {serialize_ns:.0f} ns, memcpy of its bytes "
          f"{memcpy_ns:.0f} ns (ratio {serialize_ns / memcpy_ns:.1f})")
    print(f"smc explore Tank, b = 2, depth {depth}: save-restore {save['wallSeconds']:.3f} s, replay "
          f"{replay['wallSeconds']:.3f} s, speed-up {speedup:.2f} of the bound {bound:.2f} "
          f"({100 * speedup / bound:.0f} %)")
    few, many = live[1], live[LIVE_STATES]
    live_ratio = max(many[0] / few[0], many[1] / few[1])
    print(f"state handling with 1 and {LIVE_STATES} live states: get+set {few[0]:.0f} and {many[0]:.0f} ns, "
          f"get+free {few[1]:.0f} and {many[1]:.0f} ns (ratio {live_ratio:.2f})")
    print("goals:")
    print(f"  states change nothing (equal final values): {verdict(plain_x == observed_x)}")
    print(f"  state handling independent of the live states (<= 1.5x at {LIVE_STATES}): {live_ratio:.2f}x: "
          f"{verdict(live_ratio <= 1.5)}")
    print(f"  serialization <= 2x memcpy: {serialize_ns / memcpy_ns:.1f}x: {verdict(serialize_ns <= 2 * memcpy_ns)}")
    print(f"  explore >= 90 % of the tree bound at depth {depth}: {100 * speedup / bound:.0f} %: "
          f"{verdict(speedup >= 0.9 * bound)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
