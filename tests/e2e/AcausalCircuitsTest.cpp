// Acausal circuits end to end: components joined by connect() on pins with
// a potential and a flow variable (spec 9.2), simulated through the FMU.
// The circuits are first-order RC networks whose responses are closed
// forms; currents check the flow signs, an open pin checks that an
// unconnected flow is zero.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// The components every circuit below is made of.
const char* kComponents = R"(
  connector Pin
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
  model ConstantVoltage
    extends OnePort;
    parameter Real V;
  equation
    v = V;
  end ConstantVoltage;
  model Ground
    Pin p;
  equation
    p.v = 0;
  end Ground;
)";

// V = 3 charging C = 0.5 through R = 2, as the model `name`.
std::string seriesRc(const std::string& name) {
  return "model " + name + "\n" + kComponents + R"(
  ConstantVoltage source(V = 3);
  Resistor r(R = 2);
  Capacitor c(C = 0.5, v(start = 0, fixed = true));
  Ground ground;
equation
  connect(source.p, r.p);
  connect(r.n, c.p);
  connect(c.n, source.n);
  connect(source.n, ground.p);
end )" + name + ";\n";
}

// V = 3 charges C = 0.5 through R = 2: v_C = 3 (1 - exp(-t)), and the
// source delivers i = (3 - v_C) / 2, which enters its positive pin as -i.
TEST(AcausalCircuits, SeriesRcChargesWithItsTimeConstant) {
  std::string model = writeScratchModel("SeriesRc.mo", seriesRc("SeriesRc"));
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "SeriesRc.fmu"), 3, 0.5, true));
  for (double t : {0.5, 1.0, 2.0, 3.0}) {
    const double vc = 3 * (1 - std::exp(-t));
    EXPECT_NEAR(valueAt(r, "c.v", t), vc, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "r.i", t), (3 - vc) / 2, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "source.i", t), -(3 - vc) / 2, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "ground.p.i", t), 0, 1e-9) << "t = " << t;
  }
}

// A subsystem reached through its own (outside) pins: two 2-ohm resistors
// in parallel, 1 ohm in all, charging C = 1 from V = 2, so tau = 1 and
// each branch carries half of (2 - v_C). A third resistor hangs from the
// capacitor with its other pin open: no current, so that pin sits at v_C.
TEST(AcausalCircuits, SubsystemPinsAndAnOpenPinObeyTheFlowSigns) {
  std::string model = writeScratchModel("ParallelLoad.mo", std::string("model ParallelLoad\n") + kComponents + R"(
  model Parallel
    Pin a, b;
    Resistor r1(R = 2), r2(R = 2);
  equation
    connect(a, r1.p);
    connect(a, r2.p);
    connect(r1.n, b);
    connect(r2.n, b);
  end Parallel;
  ConstantVoltage source(V = 2);
  Parallel load;
  Capacitor c(C = 1, v(start = 0, fixed = true));
  Resistor dangling(R = 5);
  Ground ground;
equation
  connect(source.p, load.a);
  connect(load.b, c.p);
  connect(c.n, ground.p);
  connect(source.n, ground.p);
  connect(c.p, dangling.p);
end ParallelLoad;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "ParallelLoad.fmu"), 2, 0.5, true));
  for (double t : {0.5, 1.0, 2.0}) {
    const double vc = 2 * (1 - std::exp(-t));
    EXPECT_NEAR(valueAt(r, "c.v", t), vc, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "load.r1.i", t), (2 - vc) / 2, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "load.r2.i", t), (2 - vc) / 2, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "load.a.i", t), 2 - vc, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "dangling.i", t), 0, 1e-9) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "dangling.n.v", t), vc, 1e-4) << "t = " << t;
  }
}

}  // namespace

namespace {

// Two capacitors in parallel have one voltage between them, a constraint
// between two states that index reduction resolves: V = 3 charges
// C1 + C2 = 2 through R = 2, so v = 3 (1 - exp(-t/4)), and each capacitor
// takes its share C_k dv/dt = C_k (3/4) exp(-t/4) of the current.
TEST(AcausalCircuits, CapacitorsInParallelShareOneVoltage) {
  std::string model = writeScratchModel("ParallelC.mo", std::string("model ParallelC\n") + kComponents + R"(
  ConstantVoltage source(V = 3);
  Resistor r(R = 2);
  Capacitor c1(C = 0.5, v(start = 0, fixed = true));
  Capacitor c2(C = 1.5);
  Ground ground;
equation
  connect(source.p, r.p);
  connect(r.n, c1.p);
  connect(r.n, c2.p);
  connect(c1.n, source.n);
  connect(c2.n, source.n);
  connect(source.n, ground.p);
end ParallelC;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "ParallelC.fmu"), 4, 0.5, true));
  for (double t : {0.0, 1.0, 2.0, 4.0}) {
    const double decay = std::exp(-t / 4);
    EXPECT_NEAR(valueAt(r, "c1.v", t), 3 * (1 - decay), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "c2.v", t), 3 * (1 - decay), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "c1.i", t), 0.5 * 0.75 * decay, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "c2.i", t), 1.5 * 0.75 * decay, 1e-4) << "t = " << t;
  }
}

// Pins that carry an overdetermined reference angle (spec 9.4, as the MSL's
// quasi-static circuits do): the loops of the circuit break connects in the
// connection graph, and the rest is an ordinary resistive divider. 1 V over
// 1 ohm in series with 2 ohm || 2 ohm: 0.5 A, half of it through r2; the
// reference angle, 2 * time at the source's root, reaches the ground.
TEST(AcausalCircuits, ReferenceAnglesThroughLoopsOfOverdeterminedPins) {
  std::string model = writeScratchModel("ReferenceLoops.mo", R"(model ReferenceLoops
  record Reference
    Real gamma;
    function equalityConstraint
      input Reference r1;
      input Reference r2;
      output Real residue[0];
    algorithm
    end equalityConstraint;
  end Reference;
  connector Pin
    Real v;
    flow Real i;
    Reference reference;
  end Pin;
  model Resistor
    parameter Real R = 1;
    Pin a, b;
  equation
    Connections.branch(a.reference, b.reference);
    a.reference.gamma = b.reference.gamma;
    a.v - b.v = R * a.i;
    a.i + b.i = 0;
  end Resistor;
  model Source
    Pin p, n;
  equation
    Connections.root(p.reference);
    Connections.branch(p.reference, n.reference);
    p.reference.gamma = n.reference.gamma;
    p.reference.gamma = 2 * time;
    p.v - n.v = 1;
    p.i + n.i = 0;
  end Source;
  model Ground
    Pin p;
  equation
    Connections.potentialRoot(p.reference);
    if Connections.isRoot(p.reference) then
      p.reference.gamma = 0;
    end if;
    p.v = 0;
  end Ground;
  Source source;
  Resistor r1, r2(R = 2), r3(R = 2);
  Ground ground;
equation
  connect(source.p, r1.a);
  connect(r1.b, r2.a);
  connect(r1.b, r3.a);
  connect(r2.b, ground.p);
  connect(r3.b, ground.p);
  connect(source.n, ground.p);
end ReferenceLoops;
)");
  std::string fmu = compileModel(model, "ReferenceLoops.fmu");
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "r1.a.i", 0.5), 0.5, 1e-12);
  EXPECT_NEAR(valueAt(r, "r2.a.i", 0.5), 0.25, 1e-12);
  EXPECT_NEAR(valueAt(r, "r1.b.v", 0.5), 0.5, 1e-12);
  EXPECT_NEAR(valueAt(r, "ground.p.reference.gamma", 0.5), 1, 1e-12);
  EXPECT_NEAR(valueAt(r, "r3.b.reference.gamma", 1), 2, 1e-12);
}

// A loop of frames: the connect() the graph breaks gives 0 = residue (one
// equation for the one-field record) instead of equating the frames, and
// that equation is what determines the free joint's angle: the loop
// closes when free.phi = -driven.phi = -2 t.
TEST(AcausalCircuits, ABrokenLoopClosesThroughTheResidueOfTheEqualityConstraint) {
  std::string model = writeScratchModel("ClosedChain.mo", R"(model ClosedChain
  record Orientation
    Real angle;
    function equalityConstraint
      input Orientation r1;
      input Orientation r2;
      output Real residue[1];
    algorithm
      residue := {r1.angle - r2.angle};
    end equalityConstraint;
  end Orientation;
  connector Frame
    Orientation R;
    flow Real torque;
  end Frame;
  model Fixed
    Frame b;
  equation
    Connections.root(b.R);
    b.R.angle = 0;
  end Fixed;
  model Joint
    Frame a, b;
    Real phi;
  equation
    Connections.branch(a.R, b.R);
    b.R.angle = a.R.angle + phi;
    a.torque + b.torque = 0;
  end Joint;
  Fixed fixed;
  Joint driven(phi = 2 * time);
  Joint free;
equation
  free.a.torque = 0;
  connect(fixed.b, driven.a);
  connect(driven.b, free.a);
  connect(free.b, fixed.b);
end ClosedChain;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "ClosedChain.fmu"), 1, 0.5, true));
  EXPECT_NEAR(valueAt(r, "free.phi", 0.5), -1, 1e-12);
  EXPECT_NEAR(valueAt(r, "free.phi", 1), -2, 1e-12);
  EXPECT_NEAR(valueAt(r, "free.b.R.angle", 1), 0, 1e-12);
}

// The residue must be an array: a scalar one is a located error at the
// function, with a note at the connect() that needs it.
TEST(AcausalCircuits, AnEqualityConstraintWithoutAnArrayResidueIsALocatedError) {
  std::string model = writeScratchModel("ScalarResidue.mo", R"(model ScalarResidue
  record Orientation
    Real angle;
    function equalityConstraint
      input Orientation r1;
      input Orientation r2;
      output Real residue;
    algorithm
      residue := r1.angle - r2.angle;
    end equalityConstraint;
  end Orientation;
  connector Frame
    Orientation R;
    flow Real torque;
  end Frame;
  model Joint
    Frame a, b;
    Real phi;
  equation
    Connections.branch(a.R, b.R);
    b.R.angle = a.R.angle + phi;
    a.torque + b.torque = 0;
  end Joint;
  Joint j1, j2;
equation
  Connections.root(j1.a.R);
  j1.a.R.angle = 0;
  j1.phi = time;
  connect(j1.b, j2.a);
  connect(j2.b, j1.a);
end ScalarResidue;
)");
  std::string errors = smc::test::compileErrors(model);
  EXPECT_NE(errors.find("ScalarResidue.mo:4:14: error: 'ScalarResidue.Orientation.equalityConstraint' must take two "
                        "records of its class and return one Real array, the residue (spec 9.4)"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("note: needed by this connect(), which the overdetermined connection graph breaks"),
            std::string::npos)
      << errors;
}

}  // namespace

namespace {

const smc::importer::ScalarVariable* variableNamed(const smc::importer::ModelDescription& md, const std::string& name) {
  for (const auto& v : md.variables)
    if (v.name == name) return &v;
  return nullptr;
}

// Alias elimination leaves one value per set of equal variables: the
// resistor's current and its pin's (i = p.i), and the two pins a
// connection joins, share a value reference in modelDescription.xml, and
// only one variable of each such set has a start. An opposite current
// (c.n.i = -c.p.i) has its own value reference and the opposite value.
TEST(AcausalCircuits, EqualVariablesShareOneValueReferenceAndOppositeOnesAreComputed) {
  std::string model = writeScratchModel("SeriesRcAliases.mo", seriesRc("SeriesRcAliases"));
  const std::string fmu = compileModel(model, "SeriesRcAliases.fmu");
  auto loaded = smc::test::loadFmu(fmu);
  ASSERT_TRUE(loaded);
  const auto& md = loaded->md;
  auto reference = [&](const std::string& name) {
    const auto* v = variableNamed(md, name);
    EXPECT_NE(v, nullptr) << name;
    return v ? v->valueReference : ~0u;
  };
  EXPECT_EQ(reference("r.i"), reference("r.p.i"));
  EXPECT_EQ(reference("r.n.v"), reference("c.p.v"));
  EXPECT_EQ(reference("c.i"), reference("c.p.i"));
  EXPECT_NE(reference("c.n.i"), reference("c.i"));
  std::map<smc::importer::fmi2::ValueReference, int> starts, members;
  for (const auto& v : md.variables) {
    if (v.type != smc::importer::VariableType::Real) continue;
    ++members[v.valueReference];
    if (v.start) ++starts[v.valueReference];
  }
  EXPECT_LT(members.size(), md.variables.size());
  for (const auto& [vr, count] : starts) EXPECT_EQ(count, 1) << "value reference " << vr;

  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 2, 0.5, true));
  for (double t : {0.5, 1.0, 2.0}) {
    const double i = (3 - 3 * (1 - std::exp(-t))) / 2;
    EXPECT_NEAR(valueAt(r, "r.p.i", t), i, 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "c.p.v", t), 3 * (1 - std::exp(-t)), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "c.n.i", t), -i, 1e-4) << "t = " << t;
  }
}

}  // namespace
