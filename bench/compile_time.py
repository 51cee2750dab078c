#!/usr/bin/env python3
"""Compile-time benchmark: smc's time per stage and peak memory against N.

For each model family of bench/gen, in both of its forms (arrays: array
declarations and for-equations; scalars: every variable and equation written
out one by one, as generated and flattened models look), compiles models of
growing size with `smc --time-stages` and prints one table per family: a row per
size with the scalar equations the model has (as smc counts them once the
state machines are lowered to the chapter's equations: about a dozen per
machine, about one per state of one machine), each stage's wall time, the
total and the peak resident memory, and the growth exponent of the total
between one size and the next (1 is linear; above 1.25 is flagged as
super-linear).
Then the issue's goals: 10 000 equations under 2 s, 100 000 under 30 s with
peak memory under 1 GiB, and parsing at 1 million lines per minute or more
(the parse stage's rate on the largest model of each family and form). A size that fails or exceeds the time limit stops
its family; a goal whose size was not reached says why instead of passing or
failing. The numbers are measured here, never typed in.

Usage: python3 bench/compile_time.py [--build DIR] [--quick] [--timeout S]
                                     [--family F ...] [--form arrays|scalars]
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "gen"))
import generate  # noqa: E402  (bench/gen/generate.py)

# family -> sizes N (the equations are counted by smc, see parse_table)
FAMILIES = {
    "chain": [10, 100, 1000, 10000, 100000],
    "springs": [5, 50, 500, 5000, 50000],
    "heat": [3, 10, 32, 100, 317],
    "loop": [10, 100, 1000, 10000, 100000],
    "statemachines": [10, 100, 1000, 10000],
    # One machine of N states: about one equation per state (its activeState
    # flag), but code for each state's equations and transitions.
    "statering": [10, 100, 1000, 10000],
    # Written with connectors (bench/gen/connectors.py): equations of the
    # components and connections, most of them removed as aliases.
    "rcladder": [10, 100, 1000, 2000, 20000],
    "thermalwall": [10, 100, 1000, 2000, 20000],
    "rotational": [10, 100, 1000, 2000],
}
# The Modelica Standard Library, for the families that use it.
MSL = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "msl")
QUICK_SIZES = 3  # --quick: only the first sizes of each family
PARSE_GOAL = 1e6  # lines per minute
PARSE_RATES = {}  # (family, form) -> (N, lines, parse seconds) of the largest size compiled

STAGES = ["parse", "flatten", "state machines", "clocks", "causalize (BLT)", "IR generation",
          "LLVM optimization", "object emission", "link", "zip"]
SHORT = ["parse", "flat", "sm", "clock", "blt", "ir", "opt", "obj", "link", "zip"]


def parse_table(text):
    """Stage name -> (seconds, peak MiB) from smc's --time-stages table, and
    "equations" -> the model's scalar equations from the line after it."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("equations"):
            rows["equations"] = int(line.split()[1])
            continue
        parts = line.rsplit(None, 2)
        if len(parts) != 3:
            continue
        try:
            rows[parts[0].strip()] = (float(parts[1]), float(parts[2]))
        except ValueError:
            continue  # the header
    return rows


def compile_once(smc, family, form, n, workdir, timeout):
    """The stage table of one compilation, or an error string."""
    model = os.path.join(workdir, f"{family}_{n}_{form}.mo")
    text = generate.generate(family, n, form)
    with open(model, "w") as f:
        f.write(text)
    fmu = os.path.join(workdir, f"{family}_{n}_{form}.fmu")
    try:
        library = ["-I", MSL] if family in generate.NEEDS_MSL else []
        done = subprocess.run([smc, model, "-o", fmu, "--time-stages"] + library, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"over {timeout} s"
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["?"])[0]
        return f"failed: {first[:100]}"
    rows = parse_table(done.stderr)
    if "total" not in rows or "equations" not in rows:
        return "no timing table"
    rows["lines"] = text.count("\n")
    return rows


def exponent(previous, current):
    """Growth exponent of the total time between two (equations, seconds) points."""
    (e0, t0), (e1, t1) = previous, current
    if t0 <= 0 or t1 <= 0 or e1 == e0:
        return None
    return math.log(t1 / t0) / math.log(e1 / e0)


def run_family(smc, family, form, sizes, workdir, timeout, results):
    header = f"{'N':>7} {'equations':>9} " + " ".join(f"{s:>6}" for s in SHORT)
    header += f" {'total s':>8} {'MiB':>7} {'growth':>6}"
    print(f"\n{family}, {form} form (seconds per stage)")
    print(header)
    previous = None
    for n in sizes:
        rows = compile_once(smc, family, form, n, workdir, timeout)
        if isinstance(rows, str):
            print(f"{n:>7} {'?':>9}  {rows}")
            results.append(((family, form), n, None, None, None, rows))
            break
        eqs = rows["equations"]
        total, peak = rows["total"]
        cells = " ".join(f"{rows.get(stage, (0.0, 0))[0]:>6.2f}" for stage in STAGES)
        growth = exponent(previous, (eqs, total)) if previous else None
        mark = "" if growth is None else f"{growth:>6.2f}" + (" super-linear" if growth > 1.25 else "")
        print(f"{n:>7} {eqs:>9} {cells} {total:>8.2f} {peak:>7.0f} {mark}")
        results.append(((family, form), n, eqs, total, peak, None))
        PARSE_RATES[(family, form)] = (n, rows["lines"], rows.get("parse", (0.0, 0))[0])
        previous = (eqs, total)


def goal_verdict(results, family, equations, seconds, mib, quick):
    """The goal line's verdict for one family: measured at the first size at
    or above `equations`, or why that size was not measured."""
    measured = [r for r in results if r[0] == family]
    reached = [r for r in measured if r[2] is not None and r[2] >= equations]
    stopped = [r for r in measured if r[5] is not None]
    if not reached:
        if stopped:
            # A smaller size failed or ran out of time: the family stopped there.
            _, n, _, _, _, error = stopped[0]
            return None, f"not measured: the family stopped at N={n} ({error})"
        if quick:
            return None, "not measured (--quick)"
        largest = max((r[2] for r in measured), default=0)
        return None, f"not measured: the largest size has {largest} equations"
    _, n, eqs, total, peak, _ = reached[0]
    ok = total < seconds and (mib is None or peak < mib)
    return (n, eqs), ("pass" if ok else "FAIL") + f" ({total:.2f} s, {peak:.0f} MiB)"


def print_goals(results, runs, quick):
    print("\nGoals (the first size of each family at or above the goal's equations):")
    goals = [(10000, 2.0, None), (100000, 30.0, 1024.0)]
    for equations, seconds, mib in goals:
        limit = f"< {seconds:g} s" + (f", < {mib:g} MiB" if mib else "")
        for family, form in runs:
            size, verdict = goal_verdict(results, (family, form), equations, seconds, mib, quick)
            name = f"{family} ({form})"
            if size is None:
                print(f"  {name:<24} {equations:>6} equations {limit:<20} {verdict}")
                continue
            n, eqs = size
            print(f"  {name:<24} N={n:<6} {eqs:>6} equations {limit:<20} {verdict}")
    print(f"  parsing >= {PARSE_GOAL / 1e6:g} million lines per minute (the largest size of each family):")
    for family, form in runs:
        if (family, form) not in PARSE_RATES:
            continue
        n, lines, seconds = PARSE_RATES[(family, form)]
        name = f"{family} ({form})"
        if seconds < 0.05:
            print(f"  {name:<24} N={n:<6} {lines:>7} lines  not measured: parsing took under 0.05 s")
            continue
        rate = lines / seconds * 60
        verdict = "pass" if rate >= PARSE_GOAL else "FAIL"
        print(f"  {name:<24} N={n:<6} {lines:>7} lines  {rate / 1e6:6.2f} million lines/min  {verdict}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build", help="build directory holding bin/smc")
    parser.add_argument("--quick", action="store_true", help=f"only the first {QUICK_SIZES} sizes")
    parser.add_argument("--timeout", type=float, default=300, help="seconds allowed per compilation")
    parser.add_argument("--family", choices=list(FAMILIES), action="append",
                        help="only this family (repeatable)")
    parser.add_argument("--form", choices=generate.FORMS, action="append",
                        help="only this form (default: both)")
    args = parser.parse_args(argv)
    smc = os.path.join(args.build, "bin", "smc")
    if not os.access(smc, os.X_OK):
        print(f"build smc first (scripts/build.sh): {smc} is missing", file=sys.stderr)
        return 1
    print(f"smc: {os.path.abspath(smc)}; {os.cpu_count()} cores")
    print("stages: " + ", ".join(f"{s} = {n}" for s, n in zip(SHORT, STAGES)))
    results = []
    runs = [(family, form) for form in args.form or generate.FORMS for family in args.family or FAMILIES]
    with tempfile.TemporaryDirectory() as workdir:
        for family, form in runs:
            sizes = FAMILIES[family]
            if args.quick:
                sizes = sizes[:QUICK_SIZES]
            run_family(smc, family, form, sizes, workdir, args.timeout, results)
    print_goals(results, runs, args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
