"""Model families written with connectors (acausal components joined by
connect()), for bench/gen/generate.py. Each is the same mathematics as a
hand-written model of bench/hand, once the tool has removed the connection
equations: what they measure is how much the components and their
connections cost smc, at compile time and in the generated code.

- rcladder: N resistor-capacitor sections of the components below (no
  library), a voltage step at the input.
- thermalwall: N heat capacitors of Modelica.Thermal.HeatTransfer joined by
  thermal conductors, a temperature step at one face (needs the MSL).
- rotational: N inertias of Modelica.Mechanics.Rotational joined to a wall
  and to each other by springs and dampers, a torque step on the last
  (needs the MSL).
"""

# The electrical components of rcladder: a pin, a two-pin base, and the
# four elements, as in any textbook on Modelica.
ELECTRICAL = """  connector Pin
    Real v;
    flow Real i;
  end Pin;
  partial model OnePort
    Pin p, n;
    Real v;
    Real i;
  equation
    v = p.v - n.v;
    0 = p.i + n.i;
    i = p.i;
  end OnePort;
  model Resistor
    extends OnePort;
    parameter Real R;
  equation
    v = R * i;
  end Resistor;
  model Capacitor
    extends OnePort;
    parameter Real C;
  equation
    i = C * der(v);
  end Capacitor;
  model StepVoltage
    extends OnePort;
    parameter Real U;
    parameter Real tStep;
  equation
    v = if time >= tStep then U else 0;
  end StepVoltage;
  model Ground
    Pin p;
  equation
    p.v = 0;
  end Ground;
"""


def _header(name, description):
    return [f'model {name}\n  "{description}"\n']


def _sections(n, form, declarations):
    """Declarations of N sections: `declarations` maps a component name to
    its class and modifier (an array with `each` modifiers, or N scalars)."""
    out = []
    if form == "arrays":
        out.append(f"  parameter Integer n = {n};\n")
        for component, (cls, modifier) in declarations.items():
            each = ", ".join("each " + m.strip() for m in _split(modifier))
            out.append(f"  {cls} {component}[n]{'(' + each + ')' if each else ''};\n")
    else:
        for i in range(1, n + 1):
            for component, (cls, modifier) in declarations.items():
                out.append(f"  {cls} {component}_{i}{'(' + modifier + ')' if modifier else ''};\n")
    return out


def _split(modifier):
    """Top-level comma-separated parts of a modifier text."""
    parts, depth, current = [], 0, ""
    for ch in modifier:
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        current += ch
    if current.strip():
        parts.append(current)
    return parts


def _connects(n, form, first, each_section, between):
    """connect() equations: `first` (pairs naming section 1), `each_section`
    (pairs within section i) and `between` (pairs joining i to i + 1), with
    `{i}`/`{j}` standing for a section's subscript, then for loops."""
    out = []
    if form == "arrays":
        sub = lambda text, i, j: text.replace("{i}", f"[{i}]").replace("{j}", f"[{j}]")
        for a, b in first:
            out.append(f"  connect({sub(a, 1, 2)}, {sub(b, 1, 2)});\n")
        out.append("  for i in 1:n loop\n")
        for a, b in each_section:
            out.append(f"    connect({sub(a, 'i', 'i')}, {sub(b, 'i', 'i')});\n")
        out.append("  end for;\n")
        out.append("  for i in 1:n - 1 loop\n")
        for a, b in between:
            out.append(f"    connect({sub(a, 'i', 'i + 1')}, {sub(b, 'i', 'i + 1')});\n")
        out.append("  end for;\n")
    else:
        sub = lambda text, i, j: text.replace("{i}", f"_{i}").replace("{j}", f"_{j}")
        for a, b in first:
            out.append(f"  connect({sub(a, 1, 2)}, {sub(b, 1, 2)});\n")
        for i in range(1, n + 1):
            for a, b in each_section:
                out.append(f"  connect({sub(a, i, i)}, {sub(b, i, i)});\n")
        for i in range(1, n):
            for a, b in between:
                out.append(f"  connect({sub(a, i, i + 1)}, {sub(b, i, i + 1)});\n")
    return out


def _last(n, form, component):
    return f"{component}[n]" if form == "arrays" else f"{component}_{n}"


# rcladder: v_0 = if time >= tStep then U else 0 (the source), then
#   C*der(v[i]) = (v[i-1] - v[i])/R - (v[i] - v[i+1])/R,  the last without the second term.
def rcladder(name, n, form, experiment):
    out = _header(name, f"An RC ladder of {n} sections written with pins, a voltage step at its input")
    out.append(ELECTRICAL)
    out.append("  StepVoltage source(U = 1, tStep = 0.5);\n")
    out.append("  Ground ground;\n")
    out += _sections(n, form, {"r": ("Resistor", "R = 1"), "c": ("Capacitor", "C = 1, v(start = 0, fixed = true)")})
    out.append(f'  output Real vEnd = {_last(n, form, "c")}.v "voltage of the last capacitor";\n')
    out.append("equation\n")
    out.append("  connect(source.n, ground.p);\n")
    out += _connects(n, form, [("source.p", "r{i}.p")], [("r{i}.n", "c{i}.p"), ("c{i}.n", "ground.p")],
                     [("r{i}.n", "r{j}.p")])
    out.append(experiment(10, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# thermalwall: the same diffusion as rcladder in Modelica.Thermal.HeatTransfer:
#   C*der(T[i]) = G*(T[i-1] - T[i]) - G*(T[i] - T[i+1]),  T[0] the face: 293.15 K, 303.15 K from tStep.
def thermalwall(name, n, form, experiment):
    out = _header(name, f"A wall of {n} heat capacitors joined by thermal conductors, a temperature step at one face")
    out.append("  import Modelica.Thermal.HeatTransfer.Components;\n")
    out.append("  Modelica.Thermal.HeatTransfer.Sources.PrescribedTemperature face;\n")
    out.append("  Modelica.Blocks.Sources.Step step(offset = 293.15, height = 10, startTime = 0.5);\n")
    out += _sections(n, form, {"conductor": ("Components.ThermalConductor", "G = 1"),
                               "capacitor": ("Components.HeatCapacitor", "C = 1, T(start = 293.15, fixed = true)")})
    out.append(f'  output Real TEnd = {_last(n, form, "capacitor")}.T "temperature of the far layer";\n')
    out.append("equation\n")
    out.append("  connect(step.y, face.T);\n")
    out += _connects(n, form, [("face.port", "conductor{i}.port_a")], [("conductor{i}.port_b", "capacitor{i}.port")],
                     [("capacitor{i}.port", "conductor{j}.port_a")])
    out.append(experiment(10, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# rotational: bench/hand/springs.c in Modelica.Mechanics.Rotational: inertia
# i joined to i - 1 (the wall for i = 1) by a spring and a damper in
# parallel, a torque stepping onto the last.
def rotational(name, n, form, experiment):
    out = _header(name, f"{n} inertias joined to a wall and to each other by springs and dampers; a torque steps onto the last")
    out.append("  import Modelica.Mechanics.Rotational.Components;\n")
    out.append("  Components.Fixed wall;\n")
    out.append("  Modelica.Mechanics.Rotational.Sources.Torque torque;\n")
    out.append("  Modelica.Blocks.Sources.Step step(height = 1, startTime = 0.5);\n")
    out += _sections(n, form, {"spring": ("Components.Spring", "c = 10"), "damper": ("Components.Damper", "d = 0.5"),
                               "inertia": ("Components.Inertia",
                                           "J = 1, phi(start = 0, fixed = true), w(start = 0, fixed = true)")})
    out.append(f'  output Real phiEnd = {_last(n, form, "inertia")}.phi "angle of the last inertia";\n')
    out.append("equation\n")
    out.append("  connect(step.y, torque.tau);\n")
    out.append(f"  connect(torque.flange, {_last(n, form, 'inertia')}.flange_b);\n")
    out += _connects(n, form, [("wall.flange", "spring{i}.flange_a"), ("wall.flange", "damper{i}.flange_a")],
                     [("spring{i}.flange_b", "inertia{i}.flange_a"), ("damper{i}.flange_b", "inertia{i}.flange_a")],
                     [("inertia{i}.flange_b", "spring{j}.flange_a"), ("inertia{i}.flange_b", "damper{j}.flange_a")])
    out.append(experiment(10, 0.01))
    out.append(f"end {name};\n")
    return "".join(out)


# Families that load the Modelica Standard Library (smc needs -I to it).
NEEDS_MSL = {"thermalwall", "rotational"}
