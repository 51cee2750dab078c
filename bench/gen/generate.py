#!/usr/bin/env python3
"""Generates scalable Modelica model families of size N for smc's benchmarks.

Each family is one mathematical model written in two forms: `arrays` (array
declarations and for-equations, as a modeller writes it) and `scalars` (every
variable and equation spelled out, as a tool sees a model without arrays).
The scalars form is the literal scalarization of the arrays form, term for
term, so that timing the two compares how smc handles arrays, not two
different models. bench/gen/README.md gives the equations of each family.

Usage: generate.py FAMILY N [--form arrays|scalars] [-o FILE]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import connectors  # noqa: E402  (bench/gen/connectors.py)

FORMS = ("arrays", "scalars")


def model_name(family, n, form):
    return f"{family.capitalize()}_{n}_{form}"


def experiment(stop_time, interval):
    return f"  annotation(experiment(StartTime = 0, StopTime = {stop_time}, Interval = {interval}));\n"


def real(value):
    """A Python float as a Modelica literal that reads back to the same double."""
    text = repr(float(value))
    return text if ("." in text or "e" in text) else text + ".0"


# chain: N first-order lags in series driven by a step.
#   der(x[1]) = (u - x[1])/tau,  der(x[i]) = (x[i-1] - x[i])/tau
def chain(n, form):
    name = model_name("chain", n, form)
    out = [f'model {name}\n  "A chain of {n} first-order lags driven by a step at tStep"\n']
    out.append('  parameter Real tau = 1 "time constant of each stage";\n')
    out.append('  parameter Real U = 1 "height of the step";\n')
    out.append('  parameter Real tStep = 0.5 "time of the step";\n')
    out.append('  Real u "input: U from tStep on";\n')
    if form == "arrays":
        out.append(f"  parameter Integer n = {n};\n")
        out.append("  Real x[n](each start = 0, each fixed = true);\n")
        out.append('  output Real y = x[n] "the last stage";\n')
        out.append("equation\n")
        out.append("  u = if time >= tStep then U else 0;\n")
        out.append("  der(x[1]) = (u - x[1]) / tau;\n")
        out.append("  for i in 2:n loop\n")
        out.append("    der(x[i]) = (x[i - 1] - x[i]) / tau;\n")
        out.append("  end for;\n")
    else:
        for i in range(1, n + 1):
            out.append(f"  Real x_{i}(start = 0, fixed = true);\n")
        out.append(f'  output Real y = x_{n} "the last stage";\n')
        out.append("equation\n")
        out.append("  u = if time >= tStep then U else 0;\n")
        out.append("  der(x_1) = (u - x_1) / tau;\n")
        for i in range(2, n + 1):
            out.append(f"  der(x_{i}) = (x_{i - 1} - x_{i}) / tau;\n")
    out.append(experiment(10, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# springs: N masses in a row, joined by spring-dampers; mass 1 is joined to
# a fixed wall, a force steps onto mass N at tStep.
#   der(x[i]) = v[i]
#   m*der(v[i]) = f[i] - f[i+1] (+ F on mass N), with the link force
#   f[i] = k*(x[i-1] - x[i]) + d*(v[i-1] - v[i]), x[0] = v[0] = 0, f[N+1] = 0
# The link forces are written inline (no algebraic variables).
def springs(n, form):
    name = model_name("springs", n, form)
    out = [f'model {name}\n  "{n} masses joined by spring-dampers to a wall and to each other; a force steps onto the last"\n']
    out.append('  parameter Real m = 1 "each mass";\n')
    out.append('  parameter Real k = 10 "each spring";\n')
    out.append('  parameter Real d = 0.5 "each damper";\n')
    out.append('  parameter Real F0 = 1 "force on the last mass from tStep on";\n')
    out.append('  parameter Real tStep = 0.5 "time of the force step";\n')
    out.append('  Real F "force on the last mass";\n')

    def link(x_prev, v_prev, x, v):
        """Force of the spring-damper pulling a mass towards its left neighbour."""
        if x_prev is None:
            return f"k * (-{x}) + d * (-{v})"
        return f"k * ({x_prev} - {x}) + d * ({v_prev} - {v})"

    if form == "arrays":
        out.append(f"  parameter Integer n = {n};\n")
        out.append('  Real x[n](each start = 0, each fixed = true) "displacements from rest";\n')
        out.append('  Real v[n](each start = 0, each fixed = true) "velocities";\n')
        out.append('  output Real xEnd = x[n] "displacement of the last mass";\n')
        out.append("equation\n")
        out.append("  F = if time >= tStep then F0 else 0;\n")
        out.append("  der(x) = v;\n")
        if n == 1:
            out.append(f"  m * der(v[1]) = {link(None, None, 'x[1]', 'v[1]')} + F;\n")
        else:
            out.append(f"  m * der(v[1]) = {link(None, None, 'x[1]', 'v[1]')} - ({link('x[1]', 'v[1]', 'x[2]', 'v[2]')});\n")
            out.append("  for i in 2:n - 1 loop\n")
            out.append(f"    m * der(v[i]) = {link('x[i - 1]', 'v[i - 1]', 'x[i]', 'v[i]')} - ({link('x[i]', 'v[i]', 'x[i + 1]', 'v[i + 1]')});\n")
            out.append("  end for;\n")
            out.append(f"  m * der(v[n]) = {link('x[n - 1]', 'v[n - 1]', 'x[n]', 'v[n]')} + F;\n")
    else:
        for i in range(1, n + 1):
            out.append(f"  Real x_{i}(start = 0, fixed = true);\n")
        for i in range(1, n + 1):
            out.append(f"  Real v_{i}(start = 0, fixed = true);\n")
        out.append(f'  output Real xEnd = x_{n} "displacement of the last mass";\n')
        out.append("equation\n")
        out.append("  F = if time >= tStep then F0 else 0;\n")
        for i in range(1, n + 1):
            out.append(f"  der(x_{i}) = v_{i};\n")
        for i in range(1, n + 1):
            left = link(None if i == 1 else f"x_{i - 1}", None if i == 1 else f"v_{i - 1}", f"x_{i}", f"v_{i}")
            right = " + F" if i == n else f" - ({link(f'x_{i}', f'v_{i}', f'x_{i + 1}', f'v_{i + 1}')})"
            out.append(f"  m * der(v_{i}) = {left}{right};\n")
    out.append(experiment(10, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# heat: an N x N grid of cells, each exchanging heat with its four neighbours;
# at the insulated border a missing neighbour is replaced by the cell itself
# (zero flux), which is what the min/max subscripts of the arrays form do.
# Cell (1, 1) receives the power P.
#   C*der(T[i,j]) = G*(T[i-1,j] + T[i+1,j] + T[i,j-1] + T[i,j+1] - 4*T[i,j]) (+ P at (1,1))
def heat(n, form):
    name = model_name("heat", n, form)
    out = [f'model {name}\n  "An insulated {n} x {n} grid of cells conducting heat; the corner cell (1, 1) is heated"\n']
    out.append('  parameter Real C = 1 "heat capacity of a cell";\n')
    out.append('  parameter Real G = 1 "conductance between neighbouring cells";\n')
    out.append('  parameter Real P = 1 "power into cell (1, 1)";\n')
    if form == "arrays":
        out.append(f"  parameter Integer n = {n};\n")
        out.append('  Real T[n, n](each start = 0, each fixed = true) "temperatures above the start";\n')
        out.append('  output Real Tcorner = T[1, 1] "the heated cell";\n')
        out.append('  output Real Tfar = T[n, n] "the opposite corner";\n')
        out.append("equation\n")
        stencil = "G * (T[{im}, {j}] + T[{ip}, {j}] + T[{i}, {jm}] + T[{i}, {jp}] - 4 * T[{i}, {j}])"
        out.append("  C * der(T[1, 1]) = " + stencil.format(i=1, j=1, im="max(1 - 1, 1)", ip="min(1 + 1, n)",
                                                         jm="max(1 - 1, 1)", jp="min(1 + 1, n)") + " + P;\n")
        out.append("  for j in 2:n loop\n")
        out.append("    C * der(T[1, j]) = " + stencil.format(i=1, j="j", im="max(1 - 1, 1)", ip="min(1 + 1, n)",
                                                           jm="max(j - 1, 1)", jp="min(j + 1, n)") + ";\n")
        out.append("  end for;\n")
        out.append("  for i in 2:n, j in 1:n loop\n")
        out.append("    C * der(T[i, j]) = " + stencil.format(i="i", j="j", im="max(i - 1, 1)", ip="min(i + 1, n)",
                                                           jm="max(j - 1, 1)", jp="min(j + 1, n)") + ";\n")
        out.append("  end for;\n")
    else:
        def cell(i, j):
            return f"T_{i}_{j}"
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                out.append(f"  Real {cell(i, j)}(start = 0, fixed = true);\n")
        out.append(f'  output Real Tcorner = {cell(1, 1)} "the heated cell";\n')
        out.append(f'  output Real Tfar = {cell(n, n)} "the opposite corner";\n')
        out.append("equation\n")
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                neighbours = [cell(max(i - 1, 1), j), cell(min(i + 1, n), j),
                              cell(i, max(j - 1, 1)), cell(i, min(j + 1, n))]
                heater = " + P" if (i, j) == (1, 1) else ""
                out.append(f"  C * der({cell(i, j)}) = G * ({' + '.join(neighbours)} - 4 * {cell(i, j)}){heater};\n")
    out.append(experiment(1, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# statemachines: N independent clocked state machines on one 10 ms clock.
# Machine i counts v up to k_i (state Up), back down to 0 (Down), waits m_i
# ticks (Pause, the initial state) and starts again, but not before tick s_i.
# smc does not accept modifiers of a component array without `each`
# (`Machine a[n](k = {...})`), and the machines must differ, so the arrays
# form cannot be written: both forms are the same N scalar instances.
def machine_thresholds(i):
    return 2 + (i - 1) % 5, 1 + (i - 1) % 3, (i - 1) % 4


def statemachines(n, form):
    name = model_name("statemachines", n, form)
    out = [f'model {name}\n  "{n} parallel state machines on one 10 ms clock, each counting up and down to its own thresholds"\n']
    if form == "arrays":
        out.append("  // Same as the scalars form: an array of machines needs a modifier without\n"
                   "  // 'each' (Machine a[n](k = {...})), which smc does not support yet.\n")
    out.append(
        "  block Machine \"Pause -> Up (count to k) -> Down (count to 0) -> Pause for m ticks\"\n"
        "    parameter Integer k \"the top of the count\";\n"
        "    parameter Integer m \"ticks to pause\";\n"
        "    parameter Integer s \"the first value of tick at which it may leave the pause\";\n"
        "    outer Integer tick;\n"
        "    inner Integer v(start = 0);\n"
        "    block Up\n"
        "      outer output Integer v;\n"
        "    equation\n"
        "      v = previous(v) + 1;\n"
        "    end Up;\n"
        "    block Down\n"
        "      outer output Integer v;\n"
        "    equation\n"
        "      v = previous(v) - 1;\n"
        "    end Down;\n"
        "    block Pause \"v keeps its value\"\n"
        "    end Pause;\n"
        "    Up up;\n"
        "    Down down;\n"
        "    Pause pause;\n"
        "  equation\n"
        "    initialState(pause);\n"
        "    transition(pause, up, tick >= s and ticksInState() >= m, immediate = false);\n"
        "    transition(up, down, v >= k, immediate = false);\n"
        "    transition(down, pause, v <= 0, immediate = false);\n"
        "  end Machine;\n")
    out.append('  Clock clk = Clock(1, 100) "the one clock of every machine";\n')
    out.append('  inner Integer tick(start = 0) "ticks of clk so far";\n')
    for i in range(1, n + 1):
        k, m, s = machine_thresholds(i)
        out.append(f"  Machine a{i}(k = {k}, m = {m}, s = {s});\n")
    out.append('  output Integer vFirst = a1.v;\n')
    out.append(f'  output Integer vLast = a{n}.v;\n')
    out.append("equation\n")
    out.append("  when clk then\n")
    out.append("    tick = previous(tick) + 1;\n")
    out.append("  end when;\n")
    out.append(experiment(1, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# statering: one clocked state machine of N states in a ring on a 10 ms
# clock. State j adds j to v at each of its ticks and hands over to state
# j + 1 (state N to state 1) after 3 ticks, by a delayed transition; only
# one state is active at a time, so a tick's cost should not grow with N.
# As for statemachines, both forms are the same text (states are blocks).
def statering(n, form):
    name = model_name("statering", n, form)
    out = [f'model {name}\n  "one state machine of {n} states in a ring, each adding its number to v for 3 ticks"\n']
    out.append('  inner Integer v(start = 0) "the sum of the active states\' numbers over the ticks";\n')
    for j in range(1, n + 1):
        out.append(f"  block S{j}\n    outer output Integer v;\n  equation\n    v = previous(v) + {j};\n  end S{j};\n")
        out.append(f"  S{j} s{j};\n")
    out.append('  Clock clk = Clock(1, 100) "the machine\'s clock";\n')
    out.append('  Integer tick(start = 0) "ticks of clk so far";\n')
    out.append("  output Integer vOut = v;\n")
    out.append("equation\n")
    out.append("  when clk then\n")
    out.append("    tick = previous(tick) + 1;\n")
    out.append("  end when;\n")
    out.append("  initialState(s1);\n")
    for j in range(1, n + 1):
        # `tick > 0` (always true) puts the machine on clk.
        out.append(f"  transition(s{j}, s{j % n + 1}, tick > 0 and ticksInState() >= 3, immediate = false);\n")
    out.append(experiment(1, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# loop: one nonlinear algebraic loop of N unknowns coupled in a ring,
#   y[i] = 0.5*sin(y[i+1]) + (i/N)*sin(time) + 1,  y[N+1] meaning y[1],
# and a state z with der(z) = y[1]. The map y -> right-hand side is a
# contraction (Lipschitz constant 0.5), so the solution is unique, and the
# Jacobian I - 0.5*diag(cos)*P has every eigenvalue in the annulus
# 0.5 <= |lambda| <= 1.5: well conditioned for every N.
def loop(n, form):
    name = model_name("loop", n, form)
    out = [f'model {name}\n  "A ring of {n} unknowns forming one nonlinear algebraic loop, and a state integrating y[1]"\n']
    out.append('  Real z(start = 0, fixed = true) "integral of y[1]";\n')
    if form == "arrays":
        out.append(f"  parameter Integer n = {n};\n")
        out.append("  Real y[n](each start = 0);\n")
        out.append('  output Real zOut = z;\n')
        out.append("equation\n")
        out.append("  for i in 1:n - 1 loop\n")
        out.append("    y[i] = 0.5 * sin(y[i + 1]) + i / n * sin(time) + 1;\n")
        out.append("  end for;\n")
        out.append("  y[n] = 0.5 * sin(y[1]) + n / n * sin(time) + 1;\n")
        out.append("  der(z) = y[1];\n")
    else:
        for i in range(1, n + 1):
            out.append(f"  Real y_{i}(start = 0);\n")
        out.append('  output Real zOut = z;\n')
        out.append("equation\n")
        for i in range(1, n + 1):
            following = i + 1 if i < n else 1
            out.append(f"  y_{i} = 0.5 * sin(y_{following}) + {real(i / n)} * sin(time) + 1;\n")
        out.append("  der(z) = y_1;\n")
    out.append(experiment(1, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


def with_connectors(build):
    """A family of bench/gen/connectors.py, called like the ones above."""
    return lambda n, form: build(model_name(build.__name__, n, form), n, form, experiment)


FAMILIES = {
    "chain": chain,
    "springs": springs,
    "heat": heat,
    "statemachines": statemachines,
    "statering": statering,
    "loop": loop,
    "rcladder": with_connectors(connectors.rcladder),
    "thermalwall": with_connectors(connectors.thermalwall),
    "rotational": with_connectors(connectors.rotational),
}

# Families that need the Modelica Standard Library on smc's library path.
NEEDS_MSL = connectors.NEEDS_MSL


def generate(family, n, form="arrays"):
    """The Modelica text of FAMILY at size n in the given form."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family '{family}' (expected one of: {', '.join(FAMILIES)})")
    if form not in FORMS:
        raise ValueError(f"unknown form '{form}' (expected one of: {', '.join(FORMS)})")
    if n < 1:
        raise ValueError(f"N must be at least 1, got {n}")
    return FAMILIES[family](n, form)


def main(argv):
    parser = argparse.ArgumentParser(description="Print a scalable Modelica benchmark model of size N.")
    parser.add_argument("family", choices=list(FAMILIES))
    parser.add_argument("n", metavar="N", type=int, help="size (heat: cells per side)")
    parser.add_argument("--form", choices=FORMS, default="arrays")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    args = parser.parse_args(argv)
    try:
        text = generate(args.family, args.n, args.form)
    except ValueError as error:
        parser.error(str(error))
    if args.output:
        with open(args.output, "w", encoding="utf-8") as file:
            file.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
