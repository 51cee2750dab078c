#!/usr/bin/env python3
"""Compiles, simulates and verifies the MSL examples that have reference
results (../shared/msl-reference), and reports per package how far each got.

An example is *verified* when every signal of its comparisonSignals.txt lies
in the reference's tube at every reference point (the rule of
msl-reference/README.md): smc's value at that time, linearly interpolated
between its output points, or at any time within 0.2 % of the span around
it, is within 0.2 % of the signal's largest absolute reference value plus
1e-9. The expected values are the reference tool's, never smc's own.

Usage:
  msl_examples.py --smc build/bin/smc [--packages Blocks,Clocked] [-j 2]
                  [--markdown report.md] [--expect verifying.txt] [--verify-state]

With --expect, only the examples listed in the file run (one `Modelica.…`
name per line, `#` comments), and the run fails when one of them does not
verify: ctest guards what works. The full report shows what could join the
list.
"""

import argparse
import bisect
import concurrent.futures
import csv
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

TUBE_RELATIVE = 0.002   # of the signal's largest absolute reference value
TUBE_ABSOLUTE = 1e-9
TIME_WINDOW = 0.002     # of the reference's time span, for event timing
# smc's output points per reference point: the comparison interpolates
# linearly between them, which would cut the peaks of a fast oscillation
# if they were as sparse as the reference's.
OUTPUT_POINTS_PER_REFERENCE_POINT = 4
MAX_OUTPUT_INTERVALS = 200_000
COMPILE_TIMEOUT = 300
SIMULATE_TIMEOUT = 300

# The reference tool built the MSL's C code with a macro smc must define
# too to reproduce its results: its ModelicaStrings_hashString used the
# Jenkins hash, uthash.h's default, where MSL 4.0.0's ModelicaStrings.c
# selects HASH_AP unless HASH_FUNCTION is defined. Noise blocks seed from
# the hash of their instance name, so their sequences differ otherwise.
# Found from ActuatorWithNoise: its reference's first noise sample is what
# the local seed -1385457713 gives (the only one of the 2^32 that does), and
# of uthash.h's hash functions only HASH_JEN maps the instance name
# "ActuatorWithNoise.motor.uniformNoise" to it (HASH_AP gives 188641931).
REFERENCE_TOOL_C_DEFINES = ["HASH_FUNCTION=HASH_JEN"]

STAGES = ("compiled", "simulated", "verified")
NOTHING_TO_RUN = 77     # ctest's SKIP_RETURN_CODE


@dataclass
class Example:
    name: str            # Modelica.Blocks.Examples.PID_Controller
    package: str         # Blocks, Clocked, Electrical.Analog, ...
    reference_csv: Path
    signals: list


@dataclass
class Outcome:
    example: Example
    reached: int = 0     # how many of STAGES it passed
    error: str = ""
    seconds: float = 0.0
    notes: list = field(default_factory=list)


def package_of(relative_dir):
    """Blocks/Examples/PID_Controller -> Blocks; Electrical/Analog/Examples/X
    -> Electrical.Analog: the path up to its Examples folder."""
    parts = relative_dir.parts
    cut = parts.index("Examples") if "Examples" in parts else len(parts) - 1
    return ".".join(parts[:cut])


def find_examples(reference_root, packages):
    examples = []
    for csv_path in sorted(reference_root.glob("Modelica/**/*.csv")):
        directory = csv_path.parent
        if csv_path.stem != directory.name:
            continue
        relative = directory.relative_to(reference_root / "Modelica")
        package = package_of(relative)
        if packages and not any(package == p or package.startswith(p + ".") for p in packages):
            continue
        # One signal per line; a line starting with // is commented out.
        lines = (directory / "comparisonSignals.txt").read_text(encoding="utf-8").splitlines()
        names = [line.strip() for line in lines if not line.strip().startswith("//")]
        signals = [s for s in names if s and s != "time"]
        name = "Modelica." + ".".join(relative.parts)
        examples.append(Example(name, package, csv_path, signals))
    return examples


def read_csv(path):
    """Returns (header, columns) with columns as lists of floats."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = [h.strip() for h in rows[0]]
    columns = [[] for _ in header]
    for row in rows[1:]:
        if not row:
            continue
        for i, cell in enumerate(row):
            columns[i].append(to_number(cell))
    return header, columns


def to_number(cell):
    text = cell.strip().strip('"')
    if text in ("true", "false"):
        return 1.0 if text == "true" else 0.0
    return float(text)


def interpolate(times, values, t):
    """Value at t of the piecewise linear curve through (times, values); at an
    event (two points at one time) the later one."""
    i = bisect.bisect_right(times, t)
    if i == 0:
        return values[0]
    if i == len(times):
        return values[-1]
    t0, t1 = times[i - 1], times[i]
    if t1 == t0:
        return values[i]
    return values[i - 1] + (values[i] - values[i - 1]) * (t - t0) / (t1 - t0)


def first_point_outside_tube(ref_times, ref_values, times, values, window):
    """The first reference point (time, reference, smc) that no smc value near
    it matches, or None. The curve is continuous between output points, so
    the values it takes over a window span the range of its values at the
    window's ends and at the output points inside."""
    largest = max((abs(v) for v in ref_values), default=0.0)
    tolerance = TUBE_RELATIVE * largest + TUBE_ABSOLUTE
    for t, expected in zip(ref_times, ref_values):
        low_t, high_t = t - window, t + window
        near = [interpolate(times, values, low_t), interpolate(times, values, high_t)]
        lo = bisect.bisect_left(times, low_t)
        hi = bisect.bisect_right(times, high_t)
        near.extend(values[lo:hi])
        if not (min(near) - tolerance <= expected <= max(near) + tolerance):
            return t, expected, interpolate(times, values, t)
    return None


def first_line(text):
    """The first error message of a tool's output (warnings may come first)."""
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:300]
    for line in text.splitlines():
        line = line.strip()
        if line:
            return line[:300]
    return "(no message)"


def run(command, timeout, cwd=None):
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"
    return done.returncode, done.stderr + done.stdout


def compare(example, reference_header, reference, result_csv, span):
    """The first signal outside the tube, as an error message; None if all pass."""
    got_header, got = read_csv(result_csv)
    got_index = {name: i for i, name in enumerate(got_header)}
    ref_index = {name: i for i, name in enumerate(reference_header)}
    for signal in example.signals:
        if signal not in ref_index:
            return f"the reference has no column {signal}"
        if signal not in got_index:
            return f"smc's result has no column {signal}"
        miss = first_point_outside_tube(reference[0], reference[ref_index[signal]],
                                        got[0], got[got_index[signal]], TIME_WINDOW * span)
        if miss:
            t, expected, actual = miss
            return f"{signal} at t = {t:g} is {actual:.6g}, the reference {expected:.6g}"
    return None


def run_stages(example, outcome, smc, msl, workdir, check_states):
    """Advances outcome.reached stage by stage; sets outcome.error at the first
    failure."""
    stem = Path(workdir) / example.name.rsplit(".", 1)[-1]
    fmu = stem.with_suffix(".fmu")
    defines = [arg for define in REFERENCE_TOOL_C_DEFINES for arg in ("-D", define)]
    status, output = run([smc, "--model", example.name, "-I", str(msl), *defines, "-o", str(fmu)],
                         COMPILE_TIMEOUT)
    if status != 0:
        outcome.error = "compile: " + first_line(output)
        return
    outcome.reached = 1

    header, reference = read_csv(example.reference_csv)
    start, stop = reference[0][0], reference[0][-1]
    span = stop - start
    intervals = min(MAX_OUTPUT_INTERVALS,
                    max(1, OUTPUT_POINTS_PER_REFERENCE_POINT * (len(reference[0]) - 1)))
    result = stem.with_suffix(".csv")
    # Besides the steps, smc's output holds the reference's own times: an
    # event the reference marks (a contact closing at 0.77 ms of a 100 s
    # run) is compared with smc's value there, not with one interpolated
    # across it.
    times = stem.with_suffix(".times")
    times.write_text("".join(f"{t!r}\n" for t in sorted(set(reference[0]))))
    # smc simulate first runs `smc check` on the FMU and refuses one it finds
    # wrong, so a simulated example's FMU also passed the check. Like the
    # reference, the result holds the values before and after each event
    # (--output-events): a friction element's start phase, shorter than a
    # microsecond, shows up in no step.
    status, output = run([smc, "simulate", str(fmu), "--start-time", repr(start),
                          "--stop-time", repr(stop), "--step", repr(span / intervals),
                          "--output-times", str(times), "--output-events",
                          "--output-variables", ",".join(example.signals), "-o", str(result)],
                         SIMULATE_TIMEOUT, cwd=workdir)
    if status != 0:
        outcome.error = "simulate: " + first_line(output)
        return
    outcome.reached = 2

    mismatch = compare(example, header, reference, result, span)
    if mismatch:
        outcome.error = "verify: " + mismatch
        return
    if check_states:
        # Examples that write files (Rectifier12pulseFFT's result .mat) write them there too.
        status, output = run([smc, "verify-state", str(fmu)], SIMULATE_TIMEOUT, cwd=workdir)
        if status != 0:
            outcome.error = "verify-state: " + first_line(output)
            return
    outcome.reached = 3


def verify(example, smc, msl, workdir, check_states):
    started = time.monotonic()
    outcome = Outcome(example)
    run_stages(example, outcome, smc, msl, workdir, check_states)
    # Messages name library files by their path inside the library.
    for root in {str(msl), str(Path(msl).resolve())}:
        outcome.error = outcome.error.replace(root.rstrip("/") + "/", "")
    outcome.seconds = time.monotonic() - started
    return outcome


def summary_rows(outcomes):
    packages = {}
    for o in outcomes:
        counts = packages.setdefault(o.example.package, [0, 0, 0, 0])
        counts[0] += 1
        for stage in range(o.reached):
            counts[stage + 1] += 1
    return sorted(packages.items())


def print_text(outcomes):
    for o in outcomes:
        verdict = STAGES[o.reached - 1] if o.reached else "failed"
        line = f"{verdict:9} {o.example.name} ({o.seconds:.1f} s)"
        if o.error:
            line += f"\n          {o.error}"
        print(line)
    print()
    print(f"{'package':28} {'examples':>8} {'compiled':>8} {'simulated':>9} {'verified':>8}")
    totals = [0, 0, 0, 0]
    for package, counts in summary_rows(outcomes):
        print(f"{package:28} {counts[0]:8} {counts[1]:8} {counts[2]:9} {counts[3]:8}")
        totals = [a + b for a, b in zip(totals, counts)]
    print(f"{'all':28} {totals[0]:8} {totals[1]:8} {totals[2]:9} {totals[3]:8}")


def read_diagnoses(path):
    """Example name -> what has been found about why it does not verify
    (`Name: text` lines, # comments), kept by hand next to this script."""
    diagnoses = {}
    if not path or not Path(path).is_file():
        return diagnoses
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and ":" in line:
            name, text = line.split(":", 1)
            diagnoses[name.strip()] = text.strip()
    return diagnoses


def write_markdown(outcomes, path, diagnoses):
    lines = ["<!-- Written by tests/msl/msl_examples.py --markdown; do not edit by hand. -->",
             "# MSL examples against their reference results", "",
             "Each MSL 4.0.0 example with reference results in `../shared/msl-reference` is",
             "compiled by its name (`smc --model Modelica.… -I ../shared/msl -D HASH_FUNCTION=HASH_JEN`:",
             "the reference tool's `Strings.hashString`, which seeds noise blocks, used the Jenkins",
             "hash where MSL 4.0.0's C sources default to another; see `REFERENCE_TOOL_C_DEFINES` in",
             "`tests/msl/msl_examples.py`), simulated over",
             "the reference's time span and compared signal by signal in the reference's tube",
             "(0.2 % of the signal's largest value, events within 0.2 % of the span). Verified",
             "examples also pass `smc verify-state` in ctest (`ctest -L msl`, the list in",
             "`tests/msl/verifying.txt`). Regenerate this page with",
             "`python3 tests/msl/msl_examples.py --smc build/bin/smc --markdown docs/msl-report.md`.",
             "",
             "| Package | Examples | Compiled | Simulated | Verified |",
             "|---|---:|---:|---:|---:|"]
    for package, counts in summary_rows(outcomes):
        lines.append(f"| {package} | " + " | ".join(str(c) for c in counts) + " |")
    lines += ["", "Every example that does not verify, with the first error it meets and what is known",
              "about why (`tests/msl/diagnoses.txt`):", "",
              "| Example | Reached | First error | Why |", "|---|---|---|---|"]
    for o in outcomes:
        if o.reached == len(STAGES):
            continue
        reached = STAGES[o.reached - 1] if o.reached else "—"
        error = o.error.replace("|", "\\|")
        why = diagnoses.get(o.example.name, "not diagnosed yet").replace("|", "\\|")
        lines.append(f"| `{o.example.name}` | {reached} | {error} | {why} |")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_expectations(path):
    names = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def main():
    here = Path(__file__).resolve().parent
    shared = here.parent.parent.parent / "shared"
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smc", required=True)
    parser.add_argument("--msl", default=str(shared / "msl"))
    parser.add_argument("--reference", default=str(shared / "msl-reference"))
    parser.add_argument("--packages", default="",
                        help="comma-separated packages (Blocks,Clocked,...); default: all")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--markdown")
    parser.add_argument("--expect")
    parser.add_argument("--skip",
                        help="file of example names to leave out (one a line, # comments), "
                             "e.g. those too slow for a sanitized build")
    parser.add_argument("--diagnoses", default=str(here / "diagnoses.txt"),
                        help="file of `Example: why it does not verify` lines for the report")
    parser.add_argument("--verify-state", action="store_true",
                        help="also require `smc verify-state` to pass on each verified FMU")
    args = parser.parse_args()
    # Simulations run in each example's own directory (see run_stages).
    args.smc = str(Path(args.smc).resolve())

    packages = [p for p in args.packages.split(",") if p]
    examples = find_examples(Path(args.reference), packages)
    if not Path(args.msl, "Modelica", "package.mo").is_file() or not examples:
        print(f"no MSL at {args.msl} or no reference results under {args.reference}",
              file=sys.stderr)
        return NOTHING_TO_RUN
    expected = read_expectations(args.expect) if args.expect else None
    if expected is not None:
        unknown = sorted(set(expected) - {e.name for e in examples})
        if unknown:
            print("listed as verifying but without a reference here: " + ", ".join(unknown),
                  file=sys.stderr)
            return 2
        examples = [e for e in examples if e.name in expected]
    if args.skip:
        skipped = set(read_expectations(args.skip))
        left_out = [e.name for e in examples if e.name in skipped]
        if left_out:
            print("left out (--skip): " + ", ".join(left_out))
        examples = [e for e in examples if e.name not in skipped]

    with tempfile.TemporaryDirectory(prefix="smc-msl-") as workdir:
        def one(example):
            directory = Path(workdir) / example.name
            directory.mkdir()
            return verify(example, args.smc, args.msl, directory, args.verify_state)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            outcomes = list(pool.map(one, examples))

    print_text(outcomes)
    if args.markdown:
        write_markdown(outcomes, args.markdown, read_diagnoses(args.diagnoses))
    if expected is not None:
        failed = [o.example.name for o in outcomes if o.reached < len(STAGES)]
        if failed:
            print("\nlisted as verifying but did not: " + ", ".join(failed), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
