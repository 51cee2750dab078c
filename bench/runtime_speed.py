#!/usr/bin/env python3
"""Runtime benchmark: the speed of smc's FMUs against hand-written C, and the
FMU's own overhead, measured side by side in one run (never typed in).

Every number comes from the harness smc-bench-runtime (bench/RuntimeBench.c),
which dlopens the .so extracted from each FMU; the hand-written models
(bench/hand/*.c) are compiled here, at run time, with `clang-16 -O2` into
shared objects that the same harness loads, so both sides are called through
a pointer in the same process. A measurement repeats its call for about
0.2 s (0.05 s with --quick), three times, and keeps the fastest.

The tables:

3a. Derivative cost per call. For the model families of bench/gen (arrays
    form) at growing sizes: ns per call of the generated compute_derivatives
    inside the FMU (smc_model.compute_derivatives(&instance->data) on an
    initialized instance, found through the .so's symbol table), and of the
    same equations hand-written in C (hand_derivatives), from the same state
    values. ratio = generated / hand; target <= 1.1. `same` is the largest
    relative difference between the two sides' derivatives (should be ~0).
    The last two columns are for diagnosis only: the same hand C compiled
    with -O2 -fno-vectorize -fno-slp-vectorize (no SIMD) and the generated
    code's ratio to it; where that ratio is near 1 and the first is not,
    the difference is SIMD, which the hand loops get and the generated code
    does not.
    For `loop` both sides solve the ring of N nonlinear equations in every
    call (the time alternates between two values so that each call has work
    to do): the FMU with its general loop solver, the hand code with a
    Newton iteration that exploits the ring's structure (see
    bench/hand/loop.c). The FMU tears the loop (src/causalize/Tearing.h):
    the runtime's Newton iteration for one unknown (runtime/src/
    scalar_loop.c, slope by a forward difference) iterates on one unknown,
    and each residual evaluation computes the ring's other unknowns in
    order; so the ratio measures that Newton against the hand-made one.

3b. Whole simulation. The model's experiment (StartTime, StopTime,
    Interval from its annotation) through the FMU (fmi2Instantiate to
    fmi2FreeInstance, one fmi2DoStep per Interval) against the hand model
    on CVODE configured as runtime/src/solver_cvode.c configures the FMU's
    (BDF, the FMU's relative tolerance, absolute tolerance rtol * nominal,
    dense linear solver, or the band solver where the hand model gives its
    bandwidths (chain), stop time at every communication point), which
    integrates to the input step exactly and restarts there. Seconds: the
    best of as many alternating runs of the two as fill about 1 s (0.25 s
    with --quick; at least 3). ratio = FMU / hand, target <= 1.2.
    `final diff` is the largest difference between the two sides' final
    states (a warning is printed when it exceeds 100 * tolerance * scale).
    `hand steps` and `hand f calls` count the hand side's CVODE steps and
    right-hand side calls (those of the dense Jacobian's difference
    quotients included) over the whole run.

3c. Memory against N: the resident memory one whole simulation of the
    chain adds to a process at its peak (smc-bench-runtime memory: VmHWM
    after the run less VmRSS before it), through the FMU and for the hand
    model on CVODE's band solver, each side in a process of its own.
    `B/state` divides the FMU's by the number of states; the goal (issue
    27: memory linear in N) holds when that figure at each size is at most
    MEMORY_GROWTH_GOAL times the one at the size before (a dense Jacobian
    would multiply it by the size ratio, 10).

4a. fmi2DoStep overhead: ns per fmi2DoStep of one clock period on
    bench/models/ClockedCounter.mo (no continuous states, one clocked
    Integer), so every step handles one clock tick; and of half a period
    (every other step has no tick). Against the same model written by hand
    as an FMU (bench/hand/ClockedCounterFmu.c, clang-16 -O2, called through
    its fmi2 functions alone); goal: ratio <= 3.

4b. fmi2GetReal / fmi2SetReal cost on bench/models/ManyInputs.mo: one call
    over every Real (Get) or every input (Set), divided by the number of
    values, and one call with one value.

4c. State machines: ns per clock tick (fmi2DoStep of one clock period) of
    the statemachines family against the number N of machines, and that
    time divided by N.

4d. One state machine of N states (the statering family: a ring, one
    state active at a time): ns per clock tick against N, and the growth
    over the smallest ring. The merged output and the transition choice
    switch on the machine's state (src/codegen/IrSwitch.cpp), so only the
    active state's equation and transitions run; what still grows with N
    is the activeState(s) flag of every state, a Boolean the tick sets (by
    one vectorized loop; the event iteration does not copy or compare it,
    since nothing reads its pre()).

4a, 4c and 4d are the best of 3 harness processes: where one of the
machine's cores is slower (shared with another guest), a process that
runs on it throughout measures the core, not smc.

Usage: python3 bench/runtime_speed.py [--build DIR] [--quick] [--harness PATH] [--smc PATH]
                                      [--clang CC] [--timeout S] [--keep]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "gen"))
import generate  # noqa: E402  (bench/gen/generate.py)

DERIVATIVE_TARGET = 1.1
SIMULATION_TARGET = 1.2

# family -> (sizes N for 3a, sizes for 3b, equations as a function of N);
# --quick keeps the first QUICK_SIZES of each list.
FAMILIES = {
    # The chain's hand side uses CVODE's band solver (hand_bandwidths).
    # 100 000 lags: issue 27's "100 000 states simulate" (the dense solver
    # could not allocate its matrix there).
    "chain": ([10, 100, 1000, 10000], [10, 100, 300, 1000, 10000, 100000], lambda n: n),
    "springs": ([5, 50, 500, 5000], [5, 50, 150], lambda n: 2 * n),
    "heat": ([3, 10, 32, 100], [3, 10, 16], lambda n: n * n),
    # The FMU tears the ring: its solver iterates on one unknown and the
    # residual function computes the other N - 1, O(N) per evaluation.
    "loop": ([10, 100, 1000, 10000], [10, 100], lambda n: n + 1),
    # Written with connectors (bench/gen/connectors.py); the hand models
    # hold the equations left once the connections are gone.
    "rcladder": ([10, 100, 1000], [10, 100, 300], lambda n: n),
    "thermalwall": ([10, 100, 1000], [10, 100, 300], lambda n: n),
    "rotational": ([5, 50, 500], [5, 50, 150], lambda n: 2 * n),
}
# The Modelica Standard Library, for the families that use it.
MSL = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "msl")
MACHINES = [10, 100, 1000]
RING_STATES = [4, 16, 64, 256]
QUICK_SIZES = 2


class Failure(Exception):
    pass


class Workspace:
    """Compiles models and hand code into a temporary directory, each once."""

    def __init__(self, smc, clang, directory, timeout):
        self.smc = smc
        self.timeout = timeout
        self.clang = clang
        self.directory = directory
        self.fmus = {}
        self.hands = {}

    def fmu(self, name, text, library=()):
        """(path of the extracted .so, DefaultExperiment) of the model text;
        `library`: more arguments for smc (-I DIR)."""
        if name in self.fmus:
            return self.fmus[name]
        model = os.path.join(self.directory, name + ".mo")
        with open(model, "w") as f:
            f.write(text)
        archive = os.path.join(self.directory, name + ".fmu")
        try:
            done = subprocess.run([self.smc, model, "-o", archive, *library], capture_output=True, text=True,
                                  timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"smc took over {self.timeout} s on {name}")
        except OSError as error:
            raise Failure(f"cannot run {self.smc}: {error}")
        if done.returncode != 0:
            first = (done.stderr.strip().splitlines() or ["?"])[0]
            raise Failure(f"smc failed on {name}: {first[:120]}")
        target = os.path.join(self.directory, name)
        with zipfile.ZipFile(archive) as fmu:
            libraries = [n for n in fmu.namelist() if n.startswith("binaries/linux64/") and n.endswith(".so")]
            if not libraries:
                raise Failure(f"{name}.fmu has no binaries/linux64/*.so")
            fmu.extract(libraries[0], target)
            description = ElementTree.fromstring(fmu.read("modelDescription.xml"))
        experiment = description.find("DefaultExperiment")
        attributes = experiment.attrib if experiment is not None else {}
        setup = {
            "start": float(attributes.get("startTime", 0)),
            "stop": float(attributes.get("stopTime", 1)),
            "interval": float(attributes.get("stepSize", 0.01)),
        }
        self.fmus[name] = (os.path.join(target, libraries[0]), setup)
        return self.fmus[name]

    def family_fmu(self, family, n):
        library = ["-I", MSL] if family in generate.NEEDS_MSL else []
        return self.fmu(f"{family}_{n}", generate.generate(family, n, "arrays"), library)

    def compile_c(self, command, source):
        """Runs the C compiler `command` on `source`, raising Failure when it fails."""
        try:
            done = subprocess.run(command, capture_output=True, text=True)
        except OSError as error:
            raise Failure(f"cannot run {self.clang}: {error}")
        if done.returncode != 0:
            raise Failure(f"{self.clang} failed on {source}: {done.stderr.strip()[:200]}")

    def hand_fmu(self, name):
        """bench/hand/<name>.c, a hand-written FMU, compiled with clang -O2
        into a .so that exports the fmi2 functions."""
        source = os.path.join(HERE, "hand", name + ".c")
        library = os.path.join(self.directory, f"hand_{name}.so")
        fmi2 = os.path.join(os.path.dirname(HERE), "runtime", "include", "fmi2")
        self.compile_c([self.clang, "-O2", "-shared", "-fPIC", "-I", fmi2, source, "-o", library, "-lm"],
                       source)
        return library

    def hand(self, family, simd=True):
        """The hand model of the family, compiled with clang -O2 into a .so
        (without the vectorizers when simd is False)."""
        if (family, simd) in self.hands:
            return self.hands[(family, simd)]
        source = os.path.join(HERE, "hand", family + ".c")
        library = os.path.join(self.directory, f"hand_{family}{'' if simd else '_nosimd'}.so")
        flags = ["-O2"] if simd else ["-O2", "-fno-vectorize", "-fno-slp-vectorize"]
        command = [self.clang] + flags + ["-shared", "-fPIC", "-I", os.path.join(HERE, "hand"),
                                          source, "-o", library, "-lm"]
        self.compile_c(command, source)
        self.hands[(family, simd)] = library
        return library


def run_harness(harness, *arguments):
    """The harness's `key value` lines as a dict of strings."""
    try:
        done = subprocess.run([harness] + [str(a) for a in arguments], capture_output=True, text=True)
    except OSError as error:
        raise Failure(f"cannot run {harness}: {error}")
    if done.returncode != 0:
        message = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise Failure(f"harness {arguments[0]} failed: {message[:160]}")
    values = {}
    for line in done.stdout.splitlines():
        key, _, value = line.partition(" ")
        values[key] = value
    for key in ("generated_ns", "hand_ns", "fmu_seconds", "hand_seconds", "ns_per_step"):
        if key in values and not 0 < float(values[key]) < float("inf"):
            raise Failure(f"harness {arguments[0]} measured {key} = {values[key]} "
                          f"(an smc-bench-runtime older than this script? rebuild it)")
    return values


def best_dostep(harness, so, start, interval, seconds, processes=3, command="dostep"):
    """The harness's dostep measurement with the least ns_per_step over
    `processes` runs (see 4a in the docstring)."""
    runs = [run_harness(harness, command, so, start, interval, seconds) for _ in range(processes)]
    return min(runs, key=lambda r: float(r["ns_per_step"]))


def print_table(title, header, rows, notes=()):
    """A plain text table: columns as wide as their widest cell."""
    print(title)
    cells = [header] + rows
    complete = [row for row in cells if len(row) == len(header)]
    widths = [max(len(str(row[i])) for row in complete) for i in range(len(header))]
    for index, row in enumerate(cells):
        if len(row) < len(header):  # a row that failed: its message spans the table
            print("  " + "  ".join(str(c) for c in row))
        else:
            print("  " + "  ".join(str(c).rjust(w) if i else str(c).ljust(w)
                                    for i, (c, w) in enumerate(zip(row, widths))))
        if index == 0:
            print("  " + "  ".join("-" * w for w in widths))
    for note in notes:
        print("  " + note)
    print(flush=True)


def number(value, digits=3):
    """A measured value with `digits` significant digits, as plain text."""
    value = float(value)
    if value != value:
        return "n/a"
    if value >= 10 ** digits:
        return f"{value:.0f}"
    return f"{value:.{digits}g}"


def verdict(ratio, target):
    return "ok" if ratio <= target else "OVER"


def derivative_table(work, harness, sizes_of, seconds):
    rows = []
    for family, (sizes, _, equations) in FAMILIES.items():
        for n in sizes_of(sizes):
            try:
                so, _ = work.family_fmu(family, n)
                r = run_harness(harness, "derivs", so, work.hand(family), n, seconds)
                scalar = run_harness(harness, "derivs", so, work.hand(family, simd=False), n, seconds)
            except Failure as error:
                rows.append([family, n, f"failed: {error}"])
                continue
            generated, hand = float(r["generated_ns"]), float(r["hand_ns"])
            ratio = generated / hand
            scalar_hand = float(scalar["hand_ns"])
            scalar_ratio = float(scalar["generated_ns"]) / scalar_hand
            rows.append([family, n, equations(n), number(generated), number(hand), f"{ratio:.2f}",
                         f"<= {DERIVATIVE_TARGET}", verdict(ratio, DERIVATIVE_TARGET),
                         number(r["max_relative_difference"], 2), number(scalar_hand),
                         f"{scalar_ratio:.2f}"])
    print_table(
        "3a. Derivative cost per call: generated code in the FMU vs hand-written C (clang-16 -O2)",
        ["family", "N", "equations", "generated ns", "hand ns", "ratio", "target", "", "same",
         "hand no-SIMD ns", "ratio"],
        rows,
        ["no-SIMD: the hand C with -O2 -fno-vectorize -fno-slp-vectorize, for diagnosis only.",
         "loop: the FMU tears the ring and iterates on one unknown by Newton (slope by a forward",
         "difference), the hand code runs a structured O(N) Newton with the exact Jacobian."])


def simulation_table(work, harness, sizes_of, seconds):
    rows = []
    warnings = []
    for family, (_, sizes, _) in FAMILIES.items():
        for n in sizes_of(sizes):
            try:
                so, setup = work.family_fmu(family, n)
                r = run_harness(harness, "simulate", so, work.hand(family), n, setup["start"],
                                setup["stop"], setup["interval"], seconds)
            except Failure as error:
                rows.append([family, n, f"failed: {error}"])
                continue
            fmu, hand = float(r["fmu_seconds"]), float(r["hand_seconds"])
            ratio = fmu / hand
            difference = float(r["max_final_difference"])
            allowed = 100 * float(r["tolerance"]) * max(1.0, float(r["max_final_value"]))
            if difference > allowed:
                warnings.append(f"WARNING: {family} N={n}: final states differ by {difference:.3g} "
                                f"(more than {allowed:.3g})")
            rows.append([family, n, r["states"], f"{setup['stop'] - setup['start']:g}/{setup['interval']:g}",
                         number(fmu, 3), number(hand, 3), f"{ratio:.2f}", f"<= {SIMULATION_TARGET}",
                         verdict(ratio, SIMULATION_TARGET), number(difference, 2), r["hand_steps"],
                         r["hand_rhs_calls"]])
    print_table(
        "3b. Whole simulation: FMU (fmi2DoStep) vs the hand model on CVODE with the same settings",
        ["family", "N", "states", "time/interval", "FMU s", "hand s", "ratio", "target", "",
         "final diff", "hand steps", "hand f calls"],
        rows, warnings)


MEMORY_SIZES = [1000, 10000, 100000]  # chain lags for 3c
MEMORY_GROWTH_GOAL = 1.5  # bytes per state may grow this much from one size to the next


def memory_table(work, harness, sizes):
    rows = []
    previous = None
    for n in sizes:
        try:
            so, setup = work.family_fmu("chain", n)
            span = (setup["start"], setup["stop"], setup["interval"])
            fmu = run_harness(harness, "memory", "fmu", so, work.hand("chain"), n, *span, 0)
            hand = run_harness(harness, "memory", "hand", so, work.hand("chain"), n, *span,
                               fmu["tolerance"])
        except Failure as error:
            rows.append(["chain", n, f"failed: {error}"])
            previous = None
            continue
        states = int(fmu["states"])
        fmu_bytes, hand_bytes = int(fmu["peak_growth_bytes"]), int(hand["peak_growth_bytes"])
        per_state = fmu_bytes / states
        if previous is None:
            growth, verdict_text = "-", ""
        else:
            factor = per_state / previous
            growth = f"{factor:.2f}"
            verdict_text = "ok" if factor <= MEMORY_GROWTH_GOAL else "OVER"
        rows.append(["chain", n, states, number(fmu_bytes / 2**20), number(hand_bytes / 2**20),
                     f"{fmu_bytes / max(hand_bytes, 1):.2f}", number(per_state), growth,
                     f"<= {MEMORY_GROWTH_GOAL}", verdict_text])
        previous = per_state
    print_table(
        "3c. Memory of a whole simulation against N: FMU vs the hand model on CVODE's band solver",
        ["family", "N", "states", "FMU MiB", "hand MiB", "ratio", "FMU B/state",
         "growth", "goal", ""],
        rows,
        ["growth: B/state over the same figure at the size before (10 x fewer states);",
         "a Jacobian stored densely would make it about 10."])


DOSTEP_GOAL = 3.0  # fmi2DoStep without continuous states: at most 3 x the hand-written FMU


def dostep_table(work, harness, seconds):
    rows = []
    with open(os.path.join(HERE, "models", "ClockedCounter.mo")) as f:
        text = f.read()
    try:
        so, setup = work.fmu("ClockedCounter", text)
        hand = work.hand_fmu("ClockedCounterFmu")
        for label, interval in [("one clock period (a tick every step)", setup["interval"]),
                                ("half a period (a tick every other step)", setup["interval"] / 2)]:
            r = best_dostep(harness, so, setup["start"], interval, seconds)
            h = best_dostep(harness, hand, setup["start"], interval, seconds, command="dostep-plain")
            fmu_ns, hand_ns = float(r["ns_per_step"]), float(h["ns_per_step"])
            ratio = fmu_ns / hand_ns
            verdict = "ok" if ratio <= DOSTEP_GOAL else "OVER"
            rows.append(["ClockedCounter", r["states"], label, number(fmu_ns), number(hand_ns),
                         f"{ratio:.3g}", f"<= {DOSTEP_GOAL:g}", verdict])
    except Failure as error:
        rows.append(["ClockedCounter", f"failed: {error}"])
    print_table("4a. fmi2DoStep overhead with no continuous states, against a hand-written FMU",
                ["model", "states", "step", "FMU ns", "hand FMU ns", "ratio", "goal", ""], rows)


def values_table(work, harness, seconds):
    rows = []
    with open(os.path.join(HERE, "models", "ManyInputs.mo")) as f:
        text = f.read()
    try:
        so, setup = work.fmu("ManyInputs", text)
        r = run_harness(harness, "getset", so, setup["start"], seconds)
        rows = [[f"fmi2GetReal, all {r['reals']} Reals in one call", number(r["get_all_ns_per_value"]), "per value"],
                ["fmi2GetReal, one value", number(r["get_one_ns"]), "per call"],
                [f"fmi2SetReal, all {r['inputs']} inputs in one call", number(r["set_all_ns_per_value"]), "per value"],
                ["fmi2SetReal, one value", number(r["set_one_ns"]), "per call"]]
    except Failure as error:
        rows.append([f"failed: {error}"])
    print_table("4b. fmi2GetReal / fmi2SetReal cost (bench/models/ManyInputs.mo)",
                ["call", "ns", ""], rows)


def machines_table(work, harness, sizes, seconds):
    rows = []
    for n in sizes:
        try:
            so, setup = work.family_fmu("statemachines", n)
            r = best_dostep(harness, so, setup["start"], setup["interval"], seconds)
        except Failure as error:
            rows.append([n, f"failed: {error}"])
            continue
        tick = float(r["ns_per_step"])
        rows.append([n, number(tick), number(tick / n)])
    print_table("4c. State machines: time per clock tick (fmi2DoStep of one period) against N",
                ["N machines", "ns per tick", "ns per tick per machine"], rows)


def ring_table(work, harness, sizes, seconds):
    rows, first = [], None
    for n in sizes:
        try:
            so, setup = work.family_fmu("statering", n)
            r = best_dostep(harness, so, setup["start"], setup["interval"], seconds)
        except Failure as error:
            rows.append([n, f"failed: {error}"])
            continue
        tick = float(r["ns_per_step"])
        first = first or tick
        rows.append([n, number(tick), number(tick / first)])
    print_table("4d. One state machine of N states, one active: time per clock tick against N",
                ["N states", "ns per tick", f"ratio to N={sizes[0]}"], rows)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(REPO, "build"),
                        help="smc's build directory (default: build/ in the repository)")
    parser.add_argument("--harness", help="smc-bench-runtime (default: BUILD/bin/smc-bench-runtime)")
    parser.add_argument("--smc", help="the smc compiler (default: BUILD/bin/smc)")
    parser.add_argument("--clang", default="clang-16", help="compiler of the hand C (default: clang-16)")
    parser.add_argument("--quick", action="store_true", help="small sizes and short measurements")
    parser.add_argument("--timeout", type=float, default=600, help="seconds smc may take per model")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--family", choices=list(FAMILIES), action="append",
                        help="only the derivative and simulation tables of this family (repeatable)")
    args = parser.parse_args(argv)
    if args.family:
        for family in list(FAMILIES):
            if family not in args.family:
                del FAMILIES[family]
    smc = args.smc or os.path.join(args.build, "bin", "smc")
    harness = args.harness or os.path.join(args.build, "bin", "smc-bench-runtime")
    for tool in (smc, harness):
        if not os.access(tool, os.X_OK):
            parser.error(f"{tool} is not an executable (build it, or see --build/--smc/--harness)")
    if shutil.which(args.clang) is None:
        parser.error(f"{args.clang} is not on PATH (see --clang)")

    seconds = 0.05 if args.quick else 0.2
    sizes_of = (lambda sizes: sizes[:QUICK_SIZES]) if args.quick else (lambda sizes: sizes)
    began = time.monotonic()
    directory = tempfile.mkdtemp(prefix="smc-runtime-speed-")
    try:
        work = Workspace(smc, args.clang, directory, args.timeout)
        print(f"smc-bench-runtime: {harness}; hand C: {args.clang} -O2; "
              f"{seconds} s per measurement, best of 3\n", flush=True)
        derivative_table(work, harness, sizes_of, seconds)
        simulation_table(work, harness, sizes_of, 5 * seconds)
        if "chain" in FAMILIES:
            memory_table(work, harness, sizes_of(MEMORY_SIZES))
        if args.family:
            return 0
        dostep_table(work, harness, seconds)
        values_table(work, harness, seconds)
        machines_table(work, harness, sizes_of(MACHINES), seconds)
        ring_table(work, harness, sizes_of(RING_STATES), seconds)
    finally:
        if args.keep:
            print(f"kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)
    print(f"total {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
