// Connection sets (spec 9.2) as flattening writes them: potentials equal,
// flows summing to zero with +1 for inside and -1 for outside elements,
// unconnected flows zero, sets merged across connects and loops, connector
// arrays, and the errors of connecting unlike variables. Expectations follow
// from the rules of 9.2 applied by hand to each model.
#include "FlatFixture.h"
#include "driver/Compile.h"
#include "flatten/ConnectionSets.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

// A pin and a one-port that relates its two pins' currents.
const char* kPins =
    "  connector Pin\n"
    "    Real v;\n"
    "    flow Real i;\n"
    "  end Pin;\n"
    "  model Port\n"
    "    Pin p, n;\n"
    "  equation\n"
    "    p.i + n.i = 0;\n"
    "    p.v - n.v = p.i;\n"
    "  end Port;\n";

std::string model(const std::string& body) { return std::string("model M\n") + kPins + body + "end M;\n"; }

TEST(ConnectionSets, ThreeConnectedPinsShareOnePotentialAndOneFlowSum) {
  const std::string text = flatText(model(
      "  Port a, b, c;\n"
      "equation\n"
      "  connect(a.p, b.p);\n"
      "  connect(a.p, c.p);\n"));
  EXPECT_TRUE(has(text, "  a.p.v = b.p.v;\n  a.p.v = c.p.v;\n  a.p.i + b.p.i + c.p.i = 0.0;\n")) << text;
}

TEST(ConnectionSets, TwoInsidePinsGiveOppositeCurrents) {
  const std::string text = flatText(model(
      "  Port a, b;\n"
      "equation\n"
      "  connect(a.n, b.p);\n"));
  EXPECT_TRUE(has(text, "  a.n.v = b.p.v;\n  a.n.i = -b.p.i;\n")) << text;
}

TEST(ConnectionSets, UnconnectedFlowOfAnInsideConnectorIsZero) {
  const std::string text = flatText(model(
      "  Port a, b;\n"
      "equation\n"
      "  connect(a.n, b.p);\n"));
  // a.p and b.n are connected to nothing: their currents are zero; their
  // potentials are left to the ports' own equations.
  EXPECT_TRUE(has(text, "  a.p.i = 0.0;\n")) << text;
  EXPECT_TRUE(has(text, "  b.n.i = 0.0;\n")) << text;
  EXPECT_FALSE(has(text, "a.p.v = ")) << text;
}

TEST(ConnectionSets, OutsideConnectorEntersItsSetWithTheOppositeSign) {
  // Inside Pair, p is an outside connector and x.p an inside one: the flow
  // through the boundary equals the flow into x (-p.i + x.p.i = 0). In M,
  // pair.p is inside and joins a.n's set.
  const std::string text = flatText(model(
      "  model Pair\n"
      "    Pin p, n;\n"
      "    Port x, y;\n"
      "  equation\n"
      "    connect(p, x.p);\n"
      "    connect(x.n, y.p);\n"
      "    connect(y.n, n);\n"
      "  end Pair;\n"
      "  Port a;\n"
      "  Pair pair;\n"
      "equation\n"
      "  connect(a.n, pair.p);\n"
      "  connect(pair.n, a.p);\n"));
  EXPECT_TRUE(has(text, "  pair.p.v = pair.x.p.v;\n  pair.p.i = pair.x.p.i;\n")) << text;
  EXPECT_TRUE(has(text, "  pair.y.n.v = pair.n.v;\n  pair.y.n.i = pair.n.i;\n")) << text;
  EXPECT_TRUE(has(text, "  a.n.v = pair.p.v;\n  a.n.i = -pair.p.i;\n")) << text;
  EXPECT_TRUE(has(text, "  pair.n.v = a.p.v;\n  pair.n.i = -a.p.i;\n")) << text;
  EXPECT_FALSE(has(text, "= 0.0;")) << text;  // every flow is connected
}

TEST(ConnectionSets, ALoopOfConnectsGivesNoRedundantEquation) {
  const std::string text = flatText(model(
      "  Port a, b, c;\n"
      "equation\n"
      "  connect(a.p, b.p);\n"
      "  connect(b.p, c.p);\n"
      "  connect(c.p, a.p);\n"));
  EXPECT_TRUE(has(text, "  a.p.v = b.p.v;\n  a.p.v = c.p.v;\n  a.p.i + b.p.i + c.p.i = 0.0;\n")) << text;
  EXPECT_FALSE(has(text, "c.p.v = a.p.v")) << text;
  EXPECT_FALSE(has(text, "a.p.v = a.p.v")) << text;
}

TEST(ConnectionSets, ConnectorArraysConnectElementwiseAndInForLoops) {
  const std::string text = flatText(model(
      "  model Bus\n"
      "    Pin q[2];\n"
      "  equation\n"
      "    q[1].v = 1;\n"
      "    q[2].v = 2;\n"
      "  end Bus;\n"
      "  Port s[3], t[2];\n"
      "  Bus b;\n"
      "equation\n"
      "  for k in 1:2 loop\n"
      "    connect(s[k].n, s[k + 1].p);\n"
      "  end for;\n"
      "  connect(b.q, t.p);\n"));
  EXPECT_TRUE(has(text, "  s[1].n.v = s[2].p.v;\n  s[1].n.i = -s[2].p.i;\n")) << text;
  EXPECT_TRUE(has(text, "  s[2].n.v = s[3].p.v;\n  s[2].n.i = -s[3].p.i;\n")) << text;
  EXPECT_TRUE(has(text, "  b.q[1].v = t[1].p.v;\n  b.q[1].i = -t[1].p.i;\n")) << text;
  EXPECT_TRUE(has(text, "  b.q[2].v = t[2].p.v;\n  b.q[2].i = -t[2].p.i;\n")) << text;
}

TEST(ConnectionSets, ConnectorArraysOfDifferentSizesAreALocatedError) {
  const std::string errors = flattenErrors(model(
      "  Port s[3], t[2];\n"
      "equation\n"
      "  connect(s.p, t.n);\n"));
  EXPECT_TRUE(has(errors, "14:3: error: cannot connect 's.p' (size [3]) and 't.n' (size [2]): the array "
                          "dimensions must match (spec 9.1)"))
      << errors;
}

TEST(ConnectionSets, ConnectionToADisabledComponentVanishesWithItsFlow) {
  const std::string text = flatText(model(
      "  parameter Boolean use = false;\n"
      "  Port a;\n"
      "  Port b if use;\n"
      "equation\n"
      "  connect(a.n, b.p);\n"));
  EXPECT_FALSE(has(text, "b.p")) << text;
  EXPECT_TRUE(has(text, "  a.n.i = 0.0;\n")) << text;
}

TEST(Cardinality, CountsTheConnectsNamingTheConnectorFromInsideAndOutside) {
  // a.p is named by two connects in M, b.p by one, c.p by none; inside
  // Probe, q is connected once more to its own pin.
  const std::string text = flatText(model(
      "  model Probe\n"
      "    Pin p, q;\n"
      "    Integer n;\n"
      "    Integer m;\n"
      "  equation\n"
      "    n = cardinality(p);\n"
      "    m = cardinality(q);\n"
      "    connect(q, p);\n"
      "    if cardinality(p) == 1 then\n"
      "      p.v = 0;\n"
      "    end if;\n"
      "  end Probe;\n"
      "  Probe a, b, c;\n"
      "  Port x;\n"
      "equation\n"
      "  connect(a.p, x.p);\n"
      "  connect(b.p, x.p);\n"
      "  connect(a.p, x.n);\n"));
  EXPECT_TRUE(has(text, "  a.n = 3;\n  a.m = 1;\n")) << text;
  EXPECT_TRUE(has(text, "  b.n = 2;\n  b.m = 1;\n")) << text;
  EXPECT_TRUE(has(text, "  c.n = 1;\n  c.m = 1;\n  c.p.v = 0;\n")) << text;
  EXPECT_FALSE(has(text, "  a.p.v = 0;")) << text;
}

TEST(Cardinality, InABindingIsLocatedAsNotSupportedYet) {
  const std::string errors = flattenErrors(model(
      "  model Probe\n"
      "    Pin p;\n"
      "    Integer n = cardinality(p);\n"
      "  end Probe;\n"
      "  Probe a;\n"));
  EXPECT_TRUE(has(errors, "14:17: error: not supported yet: cardinality() in a binding or a modifier")) << errors;
}

TEST(ConnectionSets, ConnectingAFlowToAPotentialIsALocatedError) {
  const std::string errors = flattenErrors(
      "model M\n"
      "  connector A\n"
      "    Real v;\n"
      "    flow Real i;\n"
      "  end A;\n"
      "  connector B\n"
      "    flow Real v;\n"
      "    Real i;\n"
      "  end B;\n"
      "  A a;\n"
      "  B b;\n"
      "equation\n"
      "  connect(a, b);\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "13:3: error: cannot connect the flow variable")) << errors;
  EXPECT_TRUE(has(errors, "which is not a flow variable (spec 9.3)")) << errors;
}

// Spec 9.3: connected parameters give no equation but must be equal.
TEST(ConnectionSets, ConnectedParametersMustBeEqual) {
  const char* source = R"(model M
  connector C
    parameter Real k;
    constant Integer n = 1;
    Real v;
    flow Real i;
  end C;
  model Part
    parameter Real k0 = 1;
    C c(k = k0);
  equation
    c.i = c.v - 1;
  end Part;
  Part a(k0 = 2);
  Part b(k0 = KB);
equation
  connect(a.c, b.c);
end M;
)";
  auto replace = [&](const std::string& value) {
    std::string text = source;
    text.replace(text.find("KB"), 2, value);
    return text;
  };
  std::string d = flattenErrors(replace("3"));
  EXPECT_TRUE(has(d, "test.mo:17:3: error: the connected parameters 'a.c.k' and 'b.c.k' differ (spec 9.3)")) << d;
  // Equal now, checked again when the model runs (an importer may set k0).
  std::string text = flatText(replace("2"));
  EXPECT_TRUE(has(text, "assert(a.c.k == b.c.k, \"the connected parameters 'a.c.k' and 'b.c.k' differ (spec 9.3)\");"))
      << text;
  EXPECT_FALSE(has(text, "a.c.n == b.c.n")) << text;  // constants: decided here
}

TEST(ConnectionSets, FlowOutsideAConnectorIsAnError) {
  const std::string errors = flattenErrors("model M\n  flow Real i;\nequation\n  i = 1;\nend M;\n");
  EXPECT_TRUE(has(errors, "2:3: error: 'flow' is only allowed on the elements of a connector")) << errors;
}

TEST(ConnectionSets, DumpListsEachSetWithInsideOutsideAndItsEquations) {
  Flattened f = flattenToModel(model(
      "  model Pair\n"
      "    Pin p;\n"
      "    Port x;\n"
      "  equation\n"
      "    connect(p, x.p);\n"
      "  end Pair;\n"
      "  Pair pair;\n"));
  ASSERT_TRUE(f.model) << f.diagnostics;
  EXPECT_EQ(smc::flatten::dumpConnectionSets(*f.model),
            "potential set {<pair.p.v, outside>, <pair.x.p.v, inside>}\n"
            "  pair.p.v = pair.x.p.v;\n"
            "flow set {<pair.p.i, outside>, <pair.x.p.i, inside>}\n"
            "  pair.p.i = pair.x.p.i;\n"
            "flow set {<pair.p.i, inside>}\n"
            "  pair.p.i = 0.0;\n"
            "flow set {<pair.x.n.i, inside>}\n"
            "  pair.x.n.i = 0.0;\n");
}

}  // namespace
