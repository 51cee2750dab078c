#!/usr/bin/env python3
"""Runs the performance benchmarks of issue 9 and records their output in
bench/README.md.

One command for the whole report: bench/compile_time.py (compile time and
memory per stage against model size, with the compile-time goals) and
bench/runtime_speed.py (generated code against hand-written C, whole
simulations against hand-coded CVODE, FMU overhead), bench/startup.py
(start-up and a small MSL example against their goals) and
bench/state_goals.py (FMU states: unchanged trajectories, serialization
against memcpy, explore against the tree bound) and bench/sts_survey.py
--largest (each ScalableTestSuite family at its largest size; skipped by
--quick, which says so), run one after the other on the given build. Their output is copied verbatim, under a line
naming the date, the commit, the machine and the build type, between the
markers of bench/README.md's "Latest results" section, so that every number
there was printed by the scripts. Without --write the report only goes to
stdout.

Usage: python3 bench/report.py [--build DIR] [--quick] [--sts-timeout S] [--write]
"""

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
README = os.path.join(HERE, "README.md")
BEGIN = "<!-- results: written by bench/report.py; do not edit by hand -->"
END = "<!-- end of results -->"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def build_type(build):
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    return line.split("=", 1)[1].strip() or "(none)"
    except OSError:
        pass
    return "unknown"


def commit():
    done = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                          text=True)
    return done.stdout.strip() or "unknown"


def run(script, args):
    """The script's stdout; exits with its status when it fails."""
    command = [sys.executable, os.path.join(HERE, script)] + args
    print(f"$ {' '.join(command)}", file=sys.stderr)
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        sys.exit(f"{script} failed with status {done.returncode}")
    return done.stdout.rstrip("\n")


def write_readme(report):
    with open(README) as f:
        text = f.read()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        sys.exit(f"{README} has no results markers ({BEGIN} ... {END})")
    block = f"{BEGIN}\n```\n{report}\n```\n{END}"
    with open(README, "w") as f:
        f.write(pattern.sub(lambda _: block, text))
    print(f"wrote the results into {os.path.relpath(README, ROOT)}", file=sys.stderr)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="build directory")
    parser.add_argument("--quick", action="store_true", help="the scripts' --quick runs (smaller sizes)")
    parser.add_argument("--write", action="store_true", help="record the report in bench/README.md")
    parser.add_argument("--sts-timeout", type=float, default=120.0,
                        help="seconds each ScalableTestSuite model may take to compile, and to simulate")
    args = parser.parse_args(argv)
    common = ["--build", args.build] + (["--quick"] if args.quick else [])
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    header = (f"{when}; commit {commit()}; {build_type(args.build)} build; {cpu_model()}, "
              f"{os.cpu_count()} cores" + ("; --quick" if args.quick else ""))
    sections = [header, "", "$ python3 bench/compile_time.py", run("compile_time.py", common), "",
                "$ python3 bench/runtime_speed.py", run("runtime_speed.py", common), "",
                "$ python3 bench/startup.py", run("startup.py", common), "",
                "$ python3 bench/state_goals.py", run("state_goals.py", common), ""]
    sts = ["--largest", "--timeout", f"{args.sts_timeout:g}",
           "--smc", os.path.join(args.build, "bin", "smc")]
    sections += [f"$ python3 bench/sts_survey.py {' '.join(sts[:3])}",
                 "not measured: --quick (each family's largest model takes up to minutes)"
                 if args.quick else run("sts_survey.py", sts)]
    report = "\n".join(sections)
    print(report)
    if args.write:
        write_readme(report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
