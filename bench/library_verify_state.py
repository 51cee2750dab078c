#!/usr/bin/env python3
"""The FMU-state paper's library-wide experiment, on smc's FMUs: every MSL
example smc compiles and every ready-to-run ScalableTestSuite model
(`*.ScaledExperiments.*`), each checked by `smc verify-state` (Algorithm
1: sim(tau) against set(s); sim(tau'); set(s); sim(tau), compared bit for
bit), with counts per library.

1. Compile: every model or block of ../shared/msl that extends
   Modelica.Icons.Example (found as tests/msl/compile_survey.py finds
   them) and the ScaledExperiments models of ../shared/sts (as
   bench/sts_survey.py finds them; --sts-sizes smallest takes each
   family's smallest size only), -j at a time, each within --timeout.
2. Check: one `smc verify-state` over the FMUs compiled (under
   `mpirun -np R` with --ranks R), its usual options (100 trials, delta
   0.08, epsilon 0.025), a fixed seed, and detours drawn from the first
   --max-horizon seconds of each experiment (default 1 s; the whole
   experiment when shorter), which bounds the time per FMU: 100 trials
   simulate about 50 horizons.
3. Report: per library, the models, how many compiled, and the
   verify-state verdicts (passed, failed, skipped: the FMU declares no
   state functions, could not run: the check's simulation failed); then
   every FMU that did not pass, with its line. --write puts the report in
   bench/README.md between its library-wide markers.

Usage: python3 bench/library_verify_state.py [--build DIR] [-j 2] [--ranks R]
           [--timeout S] [--sts-sizes smallest|all] [--max-horizon H] [--only TEXT]
           [--exclude A,B] [--fmu-dir DIR] [--write]

--exclude leaves out the models whose name contains one of the texts (the
report names them), for a run that must end in a given time.

--fmu-dir keeps the FMUs in DIR (one folder per library) and compiles only
the models whose FMU is not there yet, so that a run cut short goes on.
"""

import argparse
import collections
import concurrent.futures
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT / "tests" / "msl"))
sys.path.insert(0, str(HERE))
from compile_survey import examples_in  # noqa: E402
from sts_survey import experiments  # noqa: E402

README = HERE / "README.md"
BEGIN = "<!-- library-wide verify-state: written by bench/library_verify_state.py --write -->"
END = "<!-- end of library-wide verify-state -->"
LINE = re.compile(r"^(passed|FAILED|skipped|error)\s+(\S+\.fmu): (.*)$")


def models(msl, sts, sts_sizes, only, exclude):
    """[(library, model name)]."""
    found = [("MSL", name) for name in sorted({n for p in (msl / "Modelica").rglob("*.mo") for n in examples_in(p)})]
    for _, sizes in sorted(experiments(sts).items()):
        chosen = sizes[:1] if sts_sizes == "smallest" else sizes
        found += [("ScalableTestSuite", name) for _, name in chosen]
    return [(library, name) for library, name in found
            if only in name and not any(text in name for text in exclude)]


def compile_one(smc, msl, sts, library, name, directory, timeout):
    """None when the FMU is in `directory`, else the reason it is not."""
    fmu = directory / library / (name + ".fmu")
    if fmu.exists():
        return None
    partial = fmu.with_suffix(".fmu.part")
    command = [smc, "--model", name, "-I", str(msl), "-o", str(partial)]
    if library == "ScalableTestSuite":
        command[3:3] = ["-I", str(sts.parent)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        partial.unlink(missing_ok=True)
        return f"compiling took over {timeout:g} s"
    if done.returncode == 0:
        partial.rename(fmu)  # only whole FMUs carry the name a later run reuses
        return None
    partial.unlink(missing_ok=True)
    errors = [line for line in done.stderr.splitlines() if ": error: " in line]
    return (errors or done.stderr.strip().splitlines() or ["failed"])[0][:200]


def verify(smc, fmus, ranks, max_horizon):
    command = ([] if ranks <= 1 else ["mpirun", "--quiet", "--oversubscribe", "-np", str(ranks)] +
               (["--allow-run-as-root"] if os.geteuid() == 0 else []))
    command += [smc, "verify-state"] + [str(fmu) for fmu in fmus] + ["--seed", "2026", "--max-horizon",
                                                                     str(max_horizon)]
    done = subprocess.run(command, capture_output=True, text=True)
    verdicts = {}
    for line in done.stdout.splitlines():
        match = LINE.match(line)
        if match:
            verdicts[Path(match.group(2)).stem] = (match.group(1), line)
    if not verdicts and done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return verdicts, done.stdout.splitlines()[0] if done.stdout else ""


def report(chosen, compile_errors, verdicts, header, seconds, ranks):
    lines = []
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    lines.append(f"{stamp}; {header}; {ranks} rank{'s' if ranks != 1 else ''}; {seconds:.0f} s in all "
                 f"(compiles included)")
    lines.append("")
    columns = ["library", "models", "compiled", "passed", "failed", "skipped", "could not run"]
    rows = []
    for library in sorted({library for library, _ in chosen}):
        names = [name for lib, name in chosen if lib == library]
        counted = collections.Counter(verdicts[n][0] for n in names if n in verdicts)
        compiled = sum(1 for n in names if compile_errors.get(n) is None)
        rows.append([library, len(names), compiled, counted["passed"], counted["FAILED"], counted["skipped"],
                     counted["error"]])
    widths = [max(len(str(c)) for c in column) for column in zip(columns, *rows)]
    for index, row in enumerate([columns] + rows):
        lines.append("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in
                               enumerate(zip(row, widths))))
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    not_passed = [line for verdict, line in verdicts.values() if verdict != "passed"]
    if not_passed:
        # The first 200 characters of each: enough for the FMU and its error.
        lines += ["", "Did not pass:"] + [f"  {line[:200]}" for line in sorted(not_passed)]
    missing = [n for n in compile_errors if compile_errors[n] is None and n not in verdicts]
    if missing:
        lines += ["", "Compiled but not reported by verify-state: " + ", ".join(sorted(missing))]
    return "\n".join(lines)


def write_readme(text):
    readme = README.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(readme):
        sys.exit(f"{README} has no library-wide markers ({BEGIN} ... {END})")
    README.write_text(pattern.sub(lambda _: f"{BEGIN}\n```\n{text}\n```\n{END}", readme))
    print(f"wrote the table into {README.relative_to(ROOT)}", file=sys.stderr)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--msl", default=str(SHARED / "msl"))
    parser.add_argument("--sts", default=str(SHARED / "sts" / "ScalableTestSuite"))
    parser.add_argument("-j", "--jobs", type=int, default=2, help="compiles at a time")
    parser.add_argument("--ranks", type=int, default=1, help="verify-state under mpirun -np RANKS (1: no mpirun)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a compile may take")
    parser.add_argument("--sts-sizes", choices=["smallest", "all"], default="smallest")
    parser.add_argument("--max-horizon", type=float, default=1.0,
                        help="detours from the first this many seconds of each experiment (default 1)")
    parser.add_argument("--fmu-dir", help="keep the FMUs here and reuse those already there")
    parser.add_argument("--only", default="", help="only models whose name contains this")
    parser.add_argument("--exclude", default="", help="leave out models whose name contains one of these (A,B)")
    parser.add_argument("--write", action="store_true", help="put the report in bench/README.md")
    args = parser.parse_args(argv)
    smc = str(Path(args.build) / "bin" / "smc")
    msl, sts = Path(args.msl), Path(args.sts)
    began = datetime.datetime.now()
    exclude = [text for text in args.exclude.split(",") if text]
    chosen = models(msl, sts, args.sts_sizes, args.only, exclude)
    directory = Path(args.fmu_dir) if args.fmu_dir else Path(tempfile.mkdtemp(prefix="smc-library-verify-"))
    try:
        for library in {library for library, _ in chosen}:
            (directory / library).mkdir(parents=True, exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = {name: pool.submit(compile_one, smc, msl, sts, library, name, directory, args.timeout)
                       for library, name in chosen}
            compile_errors = {name: future.result() for name, future in futures.items()}
        print(f"compiled {sum(e is None for e in compile_errors.values())} of {len(chosen)} models",
              file=sys.stderr, flush=True)
        # The FMUs of the chosen models only (a kept --fmu-dir may hold others).
        fmus = [directory / library / (name + ".fmu") for library, name in chosen if compile_errors[name] is None]
        verdicts, header = verify(smc, fmus, args.ranks, args.max_horizon)
    finally:
        if not args.fmu_dir:
            shutil.rmtree(directory, ignore_errors=True)
    seconds = (datetime.datetime.now() - began).total_seconds()
    text = report(chosen, compile_errors, verdicts, header, seconds, args.ranks)
    if exclude:
        text += "\n\nLeft out (--exclude): every model whose name contains " + ", ".join(exclude)
    print(text)
    if args.write:
        write_readme(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
