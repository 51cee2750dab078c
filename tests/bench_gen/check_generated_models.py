#!/usr/bin/env python3
"""Checks bench/gen/generate.py against smc, one family per run: the family
compiles and simulates in both forms at N = 3 (or the N given), the two forms
give the same trajectories, and the simulation matches what is known of its
solution. Sizes beyond 64 equations check the code generator's chunking of
long callbacks (src/codegen/IrChunks.h) end to end.

The expected values come from closed forms (the step response of a chain of
first-order lags, the damped oscillator, the static deflection of a spring
chain, conservation of heat in an insulated grid), from the loop's own
equations, and from a direct re-statement of the state machines' counting
rules (and of the state ring's), never from an earlier smc run. The chain, springs and heat checks set
their parameters with `--set`, so they do not rely on the generator's
defaults; the state machine check takes each machine's thresholds from the
generator's machine_thresholds() and recounts them.

Usage: check_generated_models.py SMC GENERATE_PY FAMILY [N]
FAMILY: chain | springs | heat | loop | statemachines | statering (springs: N = 3 only,
as its checks are closed forms for one, two and three masses)
"""

import csv
import importlib.util
import math
import subprocess
import sys
import tempfile
from pathlib import Path


class CheckFailed(Exception):
    pass


def load_generator(path):
    sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
    if not Path(path).is_file():
        raise CheckFailed(f"no generator at {path}")
    spec = importlib.util.spec_from_file_location("bench_gen_generate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Runner:
    """Writes generated models to a scratch directory, compiles and simulates them."""

    def __init__(self, smc, generator, workdir):
        self.smc = smc
        self.generator = generator
        self.workdir = Path(workdir)
        self.compiled = {}

    def compile(self, family, n, form):
        if (family, n, form) in self.compiled:
            return self.compiled[(family, n, form)]
        stem = f"{family}_{n}_{form}"
        source = self.workdir / f"{stem}.mo"
        source.write_text(self.generator.generate(family, n, form), encoding="utf-8")
        fmu = self.workdir / f"{stem}.fmu"
        self.run([self.smc, str(source), "-o", str(fmu)], f"compiling {family} N={n} {form}")
        self.compiled[(family, n, form)] = fmu
        return fmu

    def simulate(self, fmu, options):
        result = fmu.with_suffix(".csv")
        self.run([self.smc, "simulate", str(fmu), "-o", str(result)] + options, f"simulating {fmu.name}")
        with open(result, newline="", encoding="utf-8") as file:
            rows = list(csv.DictReader(file))
        if not rows:
            raise CheckFailed(f"{result.name} has no rows")
        return [{name: float(value) for name, value in row.items()} for row in rows]

    def run(self, command, what):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise CheckFailed(f"{what}: {error}") from error
        if done.returncode != 0:
            raise CheckFailed(f"{what} failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")


def sets(values):
    options = []
    for name, value in values.items():
        options += ["--set", f"{name}={value!r}"]
    return options


def expect_close(what, got, want, tolerance):
    if not abs(got - want) <= tolerance:
        raise CheckFailed(f"{what}: got {got!r}, expected {want!r} (tolerance {tolerance})")


def name_of(form, array, *indices):
    """The recorded name of an element: x[2] / T[1,3] in arrays form, x_2 / T_1_3 in scalars form."""
    if form == "arrays":
        return f"{array}[{','.join(str(i) for i in indices)}]"
    return "_".join([array] + [str(i) for i in indices])


def check_forms_agree(runner, family, n):
    """The family at size n compiles and simulates in both forms, with the same outputs."""
    runs = {form: runner.simulate(runner.compile(family, n, form), []) for form in ("arrays", "scalars")}
    arrays, scalars = runs["arrays"], runs["scalars"]
    if len(arrays) != len(scalars) or arrays[0].keys() != scalars[0].keys():
        raise CheckFailed(f"{family}: the two forms record different grids or outputs")
    for a, s in zip(arrays, scalars):
        for name in a:
            expect_close(f"{family} {name} at t={a['time']}", s[name], a[name], 1e-9 * (1 + abs(a[name])))


def check_chain(runner, n):
    """Stage i of a chain after a step of height U at tStep: U*(1 - exp(-s)*sum_{k<i} s^k/k!), s = (t - tStep)/tau
    (the Erlang distribution: i lags in series)."""
    tau, height, t_step = 0.7, 2.0, 0.35
    for form in ("arrays", "scalars"):
        names = [name_of(form, "x", i) for i in range(1, n + 1)]
        rows = runner.simulate(runner.compile("chain", n, form),
                               sets({"tau": tau, "U": height, "tStep": t_step})
                               + ["--tolerance", "1e-9", "--stop-time", "5", "--step", "0.05",
                                  "--output-variables", ",".join(names)])
        for row in rows:
            s = max(row["time"] - t_step, 0.0)
            for i, name in enumerate(names, start=1):
                scaled = s / tau
                want = height * (1 - math.exp(-scaled) * sum(scaled**k / math.factorial(k) for k in range(i)))
                expect_close(f"chain {form} {name} at t={row['time']}", row[name], want, 1e-5)


def damped_step(s, omega, zeta):
    """Unit step response of q'' + 2*zeta*omega*q' + omega^2*q = omega^2, at rest at s = 0 (zeta < 1)."""
    root = math.sqrt(1 - zeta**2)
    return 1 - math.exp(-zeta * omega * s) * (math.cos(omega * root * s) + zeta / root * math.sin(omega * root * s))


def check_springs(runner, n):
    """One mass: the damped oscillator's step response. Two masses: the sum of the two modes (the
    damping is proportional to the stiffness, so the modes decouple). Three masses: the static
    deflection x_i = i*F0/k."""
    m, k, d, force, t_step = 2.0, 18.0, 1.2, 3.0, 0.25
    parameters = sets({"m": m, "k": k, "d": d, "F0": force, "tStep": t_step})
    # m*x'' = -A*(k*x + d*x') + F*e_N with A = [1] for one mass and [[2, -1], [-1, 1]] for two;
    # along an eigenvector phi of A (eigenvalue lam) the modal coordinate is a damped
    # oscillator with omega^2 = k*lam/m, 2*zeta*omega = d*lam/m, settling at phi_N*F/(k*lam).
    golden = math.sqrt(5)
    modes = {1: [(1.0, [1.0])],
             2: [(lam, [1.0, 2.0 - lam]) for lam in ((3 - golden) / 2, (3 + golden) / 2)]}
    if n != 3:
        raise CheckFailed("springs: only N = 3 has closed forms here")
    for form in ("arrays", "scalars"):
        for n, eigen in modes.items():
            names = [name_of(form, "x", i) for i in range(1, n + 1)]
            rows = runner.simulate(runner.compile("springs", n, form),
                                   parameters + ["--tolerance", "1e-9", "--stop-time", "6", "--step", "0.05",
                                                 "--output-variables", ",".join(names)])
            for row in rows:
                s = max(row["time"] - t_step, 0.0)
                want = [0.0] * n
                for lam, vector in eigen:
                    norm = math.sqrt(sum(c * c for c in vector))
                    phi = [c / norm for c in vector]
                    omega = math.sqrt(k * lam / m)
                    zeta = d * lam / (2 * m * omega)
                    q = phi[-1] * force / (k * lam) * damped_step(s, omega, zeta)
                    want = [w + p * q for w, p in zip(want, phi)]
                for name, value in zip(names, want):
                    expect_close(f"springs {form} N={n} {name} at t={row['time']}", row[name], value, 1e-5)

        # Strongly damped so that every mode has died out by t = 40; then each
        # of the three links carries F0, so mass i sits at i*F0/k.
        names = [name_of(form, "x", i) for i in range(1, 4)]
        rows = runner.simulate(runner.compile("springs", 3, form),
                               sets({"m": 1.0, "k": 10.0, "d": 10.0, "F0": force, "tStep": 0.0})
                               + ["--tolerance", "1e-9", "--stop-time", "40", "--step", "1",
                                  "--output-variables", ",".join(names)])
        for i, name in enumerate(names, start=1):
            expect_close(f"springs {form} N=3 {name} at rest", rows[-1][name], i * force / 10.0, 1e-6)


def check_heat(runner, n):
    """An insulated grid keeps all the heat put in: C * sum(T) = P * t."""
    capacity, power = 0.5, 2.0
    for form in ("arrays", "scalars"):
        names = [name_of(form, "T", i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
        rows = runner.simulate(runner.compile("heat", n, form),
                               sets({"C": capacity, "G": 1.5, "P": power})
                               + ["--tolerance", "1e-9", "--stop-time", "2", "--step", "0.1", "--all"])
        for row in rows:
            expect_close(f"heat {form} energy at t={row['time']}",
                         capacity * sum(row[name] for name in names), power * row["time"], 1e-6)
        # The heated corner is never cooler than the far corner.
        last = rows[-1]
        if not last[names[0]] > last[names[-1]]:
            raise CheckFailed(f"heat {form}: the heated corner is not the warmest")


def check_loop(runner, n):
    """The recorded unknowns satisfy the ring's equations y_i = 0.5*sin(y_{i+1}) + (i/N)*sin(t) + 1."""
    for form in ("arrays", "scalars"):
        names = [name_of(form, "y", i) for i in range(1, n + 1)]
        rows = runner.simulate(runner.compile("loop", n, form), ["--output-variables", ",".join(names)])
        for row in rows:
            for i in range(1, n + 1):
                following = row[names[i % n]]
                want = 0.5 * math.sin(following) + i / n * math.sin(row["time"]) + 1
                expect_close(f"loop {form} y{i} at t={row['time']}", row[names[i - 1]], want, 1e-6)


def machine_counts(k, m, s, ticks):
    """The value of v after each tick of one machine: Pause (initial) -> Up to k -> Down to 0 -> Pause;
    delayed transitions, so a condition true at a tick moves the machine at the next tick."""
    state, v, in_state, values = "pause", 0, 0, []
    for index in range(ticks):
        tick = index + 1
        in_state += 1
        v += {"pause": 0, "up": 1, "down": -1}[state]
        values.append(v)
        following = None
        if state == "pause" and tick >= s and in_state >= m:
            following = "up"
        elif state == "up" and v >= k:
            following = "down"
        elif state == "down" and v <= 0:
            following = "pause"
        if following:
            state, in_state = following, 0
    return values


def check_statemachines(runner, n):
    """Every one of the n machines counts as its thresholds say, one tick per 10 ms (the code
    generator groups the machines' alike equations into loops, so a slip shows in any machine)."""
    names = [f"a{i}.v" for i in range(1, n + 1)]
    for form in ("arrays", "scalars"):
        rows = runner.simulate(runner.compile("statemachines", n, form),
                               ["--stop-time", "0.5", "--step", "0.01", "--output-variables", ",".join(names)])
        for machine, name in enumerate(names, start=1):
            k, m, s = runner.generator.machine_thresholds(machine)
            want = machine_counts(k, m, s, len(rows))
            got = [int(row[name]) for row in rows]
            if got != want:
                raise CheckFailed(f"statemachines {form} {name} (k={k}, m={m}, s={s}):\n got  {got}\n want {want}")


def ring_values(n, ticks):
    """The value of v after each tick of the ring of n states: state j (from 1, the initial state)
    is active for 3 ticks, adding j at each, then hands over to j + 1 (n to 1)."""
    v, values = 0, []
    for index in range(ticks):
        v += (index // 3) % n + 1
        values.append(v)
    return values


def check_statering(runner, n):
    """The one machine visits its n states in order, 3 ticks each, one tick per 10 ms, and
    comes back to the first (the run lasts 3n + 10 ticks)."""
    stop = f"{(3 * n + 10) / 100:.2f}"
    for form in ("arrays", "scalars"):
        rows = runner.simulate(runner.compile("statering", n, form),
                               ["--stop-time", stop, "--step", "0.01", "--output-variables", "v"])
        want = ring_values(n, len(rows))
        got = [int(row["v"]) for row in rows]
        if got != want:
            raise CheckFailed(f"statering {form} v:\n got  {got}\n want {want}")


def check_rcladder(runner, n):
    """Charge is conserved at the nodes: the source current equals the sum of the capacitor
    currents, C * sum(der(v)); and one section is the RC step response U*(1 - exp(-(t - tStep)/RC))."""
    for form in ("arrays", "scalars"):
        caps = [name_of(form, "c", i) for i in range(1, n + 1)]
        names = [c + ".i" for c in caps] + ["source.i"]
        rows = runner.simulate(runner.compile("rcladder", n, form),
                               ["--tolerance", "1e-9", "--stop-time", "4", "--step", "0.25",
                                "--output-variables", ",".join(names)])
        for row in rows:
            expect_close(f"rcladder {form} charge at t={row['time']}", -row["source.i"],
                         sum(row[c + ".i"] for c in caps), 1e-7)
    for form in ("arrays", "scalars"):
        last = name_of(form, "c", 1) + ".v"
        rows = runner.simulate(runner.compile("rcladder", 1, form),
                               ["--tolerance", "1e-9", "--stop-time", "4", "--step", "0.25",
                                "--output-variables", last])
        for row in rows:
            want = 1 - math.exp(-max(row["time"] - 0.5, 0.0))
            expect_close(f"rcladder {form} N=1 {last} at t={row['time']}", row[last], want, 1e-6)


CHECKS = {
    "chain": check_chain,
    "springs": check_springs,
    "heat": check_heat,
    "loop": check_loop,
    "statemachines": check_statemachines,
    "statering": check_statering,
    "rcladder": check_rcladder,
}


def main(argv):
    if len(argv) not in (3, 4) or argv[2] not in CHECKS or (len(argv) == 4 and not argv[3].isdigit()):
        print(f"usage: check_generated_models.py SMC GENERATE_PY {{{'|'.join(CHECKS)}}} [N]", file=sys.stderr)
        return 2
    smc, generate_py, family = argv[:3]
    n = int(argv[3]) if len(argv) == 4 else 3
    with tempfile.TemporaryDirectory(prefix="smc-bench-gen-") as workdir:
        try:
            runner = Runner(smc, load_generator(generate_py), workdir)
            check_forms_agree(runner, family, n)
            CHECKS[family](runner, n)
        except CheckFailed as failure:
            print(f"FAILED: {failure}", file=sys.stderr)
            return 1
    print(f"{family} N={n}: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
