#!/usr/bin/env python3
"""Compiles every example of the MSL, with or without reference results.

../shared/msl-reference covers 121 of the MSL's examples; the others are
held back to check that the work generalises. This survey needs no
reference: it finds every model or block that extends
Modelica.Icons.Example, compiles each by name, and lists the ones that do
not compile with their first error, grouped by that error's message, so
that the language features the rest of the library needs show up by how
many examples they block.

    python3 tests/msl/compile_survey.py --smc build/bin/smc [--msl ../shared/msl]
        [-j 2] [--markdown docs/msl-compile-survey.md]
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HEADER = re.compile(r"^\s*(?:(?:encapsulated|partial|replaceable|redeclare|final|inner|outer|"
                    r"operator|pure|impure|expandable)\s+)*"
                    r"(model|block|class|package|record|connector|function|type)\s+(\w+)\b(?!\s*=)")
END = re.compile(r"^\s*end\s+(\w+)\s*;")
WITHIN = re.compile(r"^\s*within\s+([\w.]*)\s*;")
EXAMPLE = "extends Modelica.Icons.Example;"


def examples_in(path):
    """The full names of the non-partial models and blocks in one file that
    extend Modelica.Icons.Example (a line-based reading of the nesting,
    enough for the MSL's formatting)."""
    within, stack, found = "", [], []
    in_string = False  # inside a string literal (documentation quotes Modelica text)
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        started_in_string = in_string
        if len(re.findall(r'(?<!\\)"', line)) % 2 == 1:
            in_string = not in_string
        if started_in_string:
            continue
        if m := WITHIN.match(line):
            within = m.group(1)
            continue
        if m := HEADER.match(line):
            stack.append((m.group(1), m.group(2), "partial" in line.split(m.group(1))[0]))
            continue
        if m := END.match(line):
            while stack and stack[-1][1] != m.group(1):
                stack.pop()
            if stack:
                stack.pop()
            continue
        if EXAMPLE in line and stack and stack[-1][0] in ("model", "block") and not stack[-1][2]:
            found.append(".".join(p for p in [within] + [name for _, name, _ in stack] if p))
    return found


def compile_one(smc, msl, name, scratch):
    fmu = os.path.join(scratch, name + ".fmu")
    try:
        run = subprocess.run([smc, "--model", name, "-I", str(msl), "-o", fmu],
                             capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return name, "timeout after 300 s"
    if os.path.exists(fmu):
        os.remove(fmu)
    if run.returncode == 0:
        return name, None
    lines = [l for l in run.stderr.splitlines() if ": error: " in l]
    return name, lines[0] if lines else (run.stderr.strip().splitlines() or ["failed"])[0]


def message_of(error, msl):
    """The error without its location, for grouping."""
    text = error.split(": error: ", 1)[-1]
    return re.sub(r"'[^']*'", "'…'", text)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smc", required=True)
    parser.add_argument("--msl", default=str(Path(__file__).resolve().parents[3] / "shared" / "msl"))
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--markdown")
    args = parser.parse_args(argv)
    msl = Path(args.msl)
    names = sorted({n for p in (msl / "Modelica").rglob("*.mo") for n in examples_in(p)})
    with tempfile.TemporaryDirectory() as scratch, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda n: compile_one(args.smc, msl, n, scratch), names))
    # The line-based reading can misplace a class nested in a package.mo
    # after an unusual line; smc then finds no such class. Those are left
    # out rather than counted as failures.
    misread = {n for n, e in results if e and "not found (give its full dotted name)" in e}
    names = [n for n in names if n not in misread]
    failed = [(n, e) for n, e in results if e and n not in misread]
    groups = {}
    for name, error in failed:
        groups.setdefault(message_of(error, msl), []).append((name, error))
    lines = ["<!-- Written by tests/msl/compile_survey.py --markdown; do not edit by hand. -->",
             "# Compiling every MSL example",
             "",
             f"Of the {len(names)} models and blocks of the MSL 4.0.0 that extend `Modelica.Icons.Example`, "
             f"{len(names) - len(failed)} compile (`smc --model … -I ../shared/msl`; {len(misread)} names the "
             "survey's line-based reading misplaced are left out). This covers the "
             "examples without reference results too; whether they simulate correctly is the MSL "
             "report's (`docs/msl-report.md`) question for the 121 that have them. The rest, grouped "
             "by the first error each gets:",
             ""]
    for message, members in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
        lines.append(f"- {len(members)} × {message}")
        for name, error in members:
            lines.append(f"  - `{name}`: {error.split(': error: ')[0].replace(str(msl) + '/', '')}")
    text = "\n".join(lines) + "\n"
    if args.markdown:
        Path(args.markdown).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
