#!/usr/bin/env python3
"""How far smc gets with the ScalableTestSuite (../shared/sts, BSD): every
model of a `ScaledExperiments` package, compiled by name and simulated over
its experiment, one family (the model name without `_N_<size>`) at a time,
from the smallest size up. A family stops at its first failure or at a size
that takes longer than --timeout, so the table shows the largest size smc
runs and what stops the next one.

Usage:
  sts_survey.py [--smc build/bin/smc] [--sts DIR] [--msl DIR]
                [--families F1,F2] [--smallest | --largest] [--timeout 300]

--smallest runs only each family's smallest size (a quick look at which
language features are missing). --largest runs only each family's largest
size and judges issue 27's goal "the STS models smc supports run at their
largest N": a family passes when its largest model compiles and simulates,
each within --timeout, and the last line counts the families that do.
Figures, not a test: nothing here sets a pass or fail for ctest.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared"


def experiments(sts_root):
    """family -> [(size, qualified model name)], sizes ascending."""
    families = defaultdict(list)
    for path in sorted(sts_root.rglob("*.mo")):
        # Models inside comments (the suite comments its largest sizes out
        # in places) are not experiments.
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(errors="replace"), flags=re.S)
        start = text.find("package ScaledExperiments")
        if start < 0:
            continue
        end = text.find("end ScaledExperiments", start)
        package = ".".join(path.relative_to(sts_root.parent).with_suffix("").parts)
        # Name_N_<n> or Name_N_<n>_M_<m>: the size is the product.
        for match in re.finditer(r"^\s*model\s+((\w+?)_N_(\d+)(?:_M_(\d+))?)\b", text[start:end], re.M):
            full, name = match.group(1), match.group(2)
            size = int(match.group(3)) * int(match.group(4) or 1)
            families[f"{package}.{name}"].append((size, f"{package}.ScaledExperiments.{full}"))
    for sizes in families.values():
        sizes.sort()
    return families


def first_line(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:160]
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[0].strip()[:160] if lines else ""


def run(command, timeout):
    started = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        return done.returncode, done.stdout + done.stderr, time.monotonic() - started
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s", time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smc", default=str(HERE.parent / "build" / "bin" / "smc"))
    parser.add_argument("--sts", default=str(SHARED / "sts" / "ScalableTestSuite"))
    parser.add_argument("--msl", default=str(SHARED / "msl"))
    parser.add_argument("--families", default="", help="comma-separated substrings of family names")
    sizes_run = parser.add_mutually_exclusive_group()
    sizes_run.add_argument("--smallest", action="store_true", help="only each family's smallest size")
    sizes_run.add_argument("--largest", action="store_true",
                           help="only each family's largest size, judged against the goal")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per compile or simulation")
    args = parser.parse_args()

    sts_root = Path(args.sts)
    wanted = [f for f in args.families.split(",") if f]
    families = {k: v for k, v in experiments(sts_root).items()
                if not wanted or any(w in k for w in wanted)}
    goal = "  goal" if args.largest else ""
    print(f"{'family':<62} {'largest run':>11} {'compile s':>9} {'simulate s':>10}{goal}  next problem")
    passed = 0
    with tempfile.TemporaryDirectory() as work:
        for family, sizes in sorted(families.items()):
            largest, compile_s, simulate_s, problem = None, None, None, ""
            chosen = sizes[:1] if args.smallest else sizes[-1:] if args.largest else sizes
            for size, model in chosen:
                fmu = os.path.join(work, "m.fmu")
                status, output, seconds = run(
                    [args.smc, "--model", model, "-I", str(sts_root.parent), "-I", args.msl,
                     "-o", fmu], args.timeout)
                if status != 0:
                    problem = f"N={size} compile: {first_line(output)}"
                    break
                build_seconds = seconds
                status, output, seconds = run([args.smc, "simulate", fmu], args.timeout)
                if status != 0:
                    problem = f"N={size} simulate: {first_line(output)}"
                    break
                largest, compile_s, simulate_s = size, build_seconds, seconds
            shown = "-" if largest is None else str(largest)
            c = "-" if compile_s is None else f"{compile_s:.2f}"
            s = "-" if simulate_s is None else f"{simulate_s:.2f}"
            if args.largest:
                ran = largest is not None
                passed += ran
                goal = "  pass" if ran else "  FAIL"
            print(f"{family:<62} {shown:>11} {c:>9} {s:>10}{goal}  {problem}", flush=True)
    if args.largest:
        print(f"{passed} of {len(families)} families run at their largest size "
              f"(compile and simulate each within {args.timeout:g} s)")


if __name__ == "__main__":
    sys.exit(main())
