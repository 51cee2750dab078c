// Index reduction (src/causalize/IndexReduction.cpp): which equations
// Pantelides' algorithm differentiates and which states the dummy
// derivatives leave. The expectations follow the algorithm by hand: a
// constraint between two states is differentiated until its derivative
// meets an unknown, and the greedy choice makes dummies of derivatives of
// derivatives first, then by stateSelect, then of the later-declared
// variable.
#include "support/TestPipeline.h"

#include <gtest/gtest.h>


namespace {

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

std::string blt(const std::string& source) { return smc::test::bltOf(source); }
std::string errors(const std::string& source) { return smc::test::causalizeErrorsOf(source); }

// Two inertias turning together: phi1 = phi2 is differentiated twice, once
// into the velocity level and once more into the acceleration level, where
// it meets the torque; the second inertia's angle and speed follow.
std::string rigidPair(const std::string& secondInertia) {
  return "model RigidPair\n"
         "  Real phi1(start = 0, fixed = true), w1(start = 1, fixed = true);\n"
         "  Real " + secondInertia + ";\n"
         "  Real tau;\n"
         "  parameter Real J1 = 1, J2 = 3;\n"
         "equation\n"
         "  der(phi1) = w1;\n"
         "  J1 * der(w1) = tau;\n"
         "  der(phi2) = w2;\n"
         "  J2 * der(w2) = -tau - w2;\n"
         "  phi1 = phi2;\n"
         "end RigidPair;\n";
}

TEST(IndexReduction, RigidConstraintIsDifferentiatedTwiceAndKeepsTheFirstInertiaAsState) {
  std::string text = blt(rigidPair("phi2, w2"));
  EXPECT_TRUE(has(text,
                  "index reduction (4 differentiated equations)\n"
                  "  der(phi1) = der(phi2)\n"
                  "  der(der(phi1)) = der(der(phi2))\n"
                  "  der(der(phi1)) = der(w1)\n"
                  "  der(der(phi2)) = der(w2)\n"
                  "  dummy derivatives: der(phi2), der(w2), der(der(phi1)), der(der(phi2))\n"
                  "  not states: phi2, w2\n"))
      << text;
  EXPECT_TRUE(has(text, "  phi1: state\n  w1: state\n  phi2: algebraic\n  w2: algebraic\n")) << text;
  EXPECT_TRUE(has(text, "  der(phi1): derivative\n  der(w1): derivative\n  der(phi2): algebraic\n")) << text;
  EXPECT_TRUE(has(text, "phi2 := phi1\n")) << text;
}

TEST(IndexReduction, StateSelectPreferKeepsTheSecondInertiaInstead) {
  std::string text =
      blt(rigidPair("phi2(stateSelect = StateSelect.prefer), w2(stateSelect = StateSelect.prefer)"));
  EXPECT_TRUE(has(text, "  dummy derivatives: der(phi1), der(w1), der(der(phi1)), der(der(phi2))\n"
                        "  not states: phi1, w1\n"))
      << text;
  EXPECT_TRUE(has(text, "  phi1: algebraic\n  w1: algebraic\n  phi2: state\n  w2: state\n")) << text;
}

TEST(IndexReduction, StateSelectAvoidGivesUpTheAvoidedState) {
  std::string model = rigidPair("phi2, w2");
  model.replace(model.find("phi1(start"), 5, "phi1(stateSelect = StateSelect.avoid, ");
  std::string text = blt(model);
  EXPECT_TRUE(has(text, "  not states: phi1, w2\n")) << text;
}

// Both angles ask to be states, the constraint allows one: the later one
// gives way, with a warning at its declaration.
TEST(IndexReduction, StateSelectAlwaysThatCannotBeHonouredIsAWarning) {
  std::string model = rigidPair("phi2(stateSelect = StateSelect.always), w2");
  model.replace(model.find("phi1(start"), 5, "phi1(stateSelect = StateSelect.always, ");
  auto r = smc::test::causalizeSource(model);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "test.mo:3:3: warning: 'phi2' has stateSelect = StateSelect.always, but the "
                                 "model's constraints determine it; it is not a state"))
      << r.diagnostics;
}

TEST(IndexReduction, IndexOneModelIsLeftAlone) {
  std::string text = blt("model A\n  Real x(start = 1, fixed = true), y;\nequation\n  der(x) = -y;\n  y = 2 * x;\n"
                         "end A;\n");
  EXPECT_FALSE(has(text, "index reduction")) << text;
}

// A pendulum in Cartesian coordinates is index 3: the length constraint is
// differentiated twice, x' = vx and y' = vy once each. Of the second
// derivatives and the speeds' derivatives, the last-declared pair's
// become dummies with the double derivatives, so x and vx stay states.
TEST(IndexReduction, CartesianPendulumKeepsOneCoordinateAndItsSpeed) {
  std::string text = blt(
      "model Pendulum\n"
      "  parameter Real L = 1, m = 1, g = 9.81;\n"
      "  Real x(start = 0.6), y(start = -0.8), vx, vy, F;\n"
      "equation\n"
      "  der(x) = vx;\n  der(y) = vy;\n"
      "  m * der(vx) = -F * x / L;\n  m * der(vy) = -F * y / L - m * g;\n"
      "  x^2 + y^2 = L^2;\n"
      "end Pendulum;\n");
  EXPECT_TRUE(has(text, "  2 * x * der(x) + 2 * y * der(y) = 0.0\n")) << text;
  EXPECT_TRUE(has(text, "  dummy derivatives: der(y), der(vy), der(der(x)), der(der(y))\n  not states: y, vy\n"))
      << text;
}

TEST(IndexReduction, ReinitOfAStateTheConstraintsDetermineIsAnError) {
  std::string d = errors(
      "model R\n"
      "  Real a(start = 1, fixed = true), b, f;\n"
      "equation\n"
      "  der(a) = -a + f;\n  der(b) = -b - f;\n  a = b;\n"
      "  when time > 0.5 then\n    reinit(b, 2);\n  end when;\n"
      "end R;\n");
  EXPECT_TRUE(has(d, "test.mo:8:5: error: reinit(b, ...) needs 'b' to be a state, but index reduction computes it "
                     "from the model's constraints; give it stateSelect = StateSelect.always"))
      << d;
}

TEST(IndexReduction, ConstraintOnAnInputNeedsItsDerivative) {
  std::string d = errors(
      "model In\n"
      "  input Real u;\n"
      "  Real x(start = 0);\n"
      "  Real v;\n"
      "equation\n"
      "  der(x) = v;\n  x = u;\n"
      "end In;\n");
  EXPECT_TRUE(has(d, "test.mo:7:7: error: index reduction needs the derivative of the input 'u', which is not known"))
      << d;
  EXPECT_TRUE(has(d, "note: index reduction differentiates the equation 'x = u'")) << d;
}

// A discrete input changes only at events: its derivative is zero.
TEST(IndexReduction, ConstraintOnADiscreteInputNeedsNoDerivative) {
  std::string text = blt(
      "model DiscreteIn\n"
      "  input Integer k;\n"
      "  Real x(start = 0), v;\n"
      "equation\n"
      "  der(x) = v;\n  x = 2 * k;\n"
      "end DiscreteIn;\n");
  EXPECT_TRUE(has(text, "index reduction (1 differentiated equation)\n  der(x) = 0.0\n")) << text;
  EXPECT_TRUE(has(text, "  not states: x\n")) << text;
}

// Two relative positions of the same pair of flanges (a spring's and a
// sensor's), both preferred as states. Alias elimination replaces x2a by
// x2 (the connection x2a = x2), which leaves s1 = x2 - x1 and
// s2 = x2 - x1 equal: the dummy derivatives are chosen by numeric rank and
// only one of them stays a state. By hand: of the level's columns
// der(x2) = (1, 1) and der(x1) = (-1, -1) only one is independent, so after
// der(x2) the next independent candidate in order is der(s2) (prefer,
// declared later than s1).
TEST(IndexReduction, RelativePositionsTheConnectionsMakeEqualKeepOnlyOneAsState) {
  std::string text = blt(
      "model TwoViews\n"
      "  parameter Real k = 100, m = 1;\n"
      "  Real x1(start = 0, fixed = true), v1(start = 0, fixed = true), x2, x2a, v2(start = 0, fixed = true);\n"
      "  Real s1(stateSelect = StateSelect.prefer, start = 0.1, fixed = true), w1;\n"
      "  Real s2(stateSelect = StateSelect.prefer), w2;\n"
      "equation\n"
      "  s1 = x2 - x1;\n  w1 = der(s1);\n"
      "  s2 = x2a - x1;\n  w2 = der(s2);\n"
      "  x2a = x2;\n"
      "  v1 = der(x1);\n  m * der(v1) = k * s1;\n"
      "  v2 = der(x2);\n  m * der(v2) = -k * s1;\n"
      "end TwoViews;\n");
  EXPECT_TRUE(has(text, "  x2a = x2\n")) << text;
  EXPECT_TRUE(has(text, "  dummy derivatives: der(x2), der(s2)\n  not states: x2, s2\n")) << text;
  EXPECT_TRUE(has(text, "  s1: state\n")) << text;
}

// i = R(phi) * (0, iq): two constraints between the currents, the angle
// and the command. Every choice of two dummies is structurally sound, but
// only the currents' derivatives have columns of known, constant
// coefficients; making phi and iq the dummies instead would ask the
// solver for an angle from currents that are 0 at the start.
TEST(IndexReduction, DerivativesWithConstantCoefficientsBecomeDummiesFirst) {
  std::string text = blt(
      "model RotatedCommand\n"
      "  parameter Real L = 0.1, T = 0.01;\n"
      "  Real i[2], v[2];\n"
      "  Real iq(start = 0, fixed = true), phi(start = 0, fixed = true);\n"
      "equation\n"
      "  T * der(iq) = 1 - iq;\n  der(phi) = 10;\n"
      "  i[1] = -sin(phi) * iq;\n  i[2] = cos(phi) * iq;\n"
      "  L * der(i) = v;\n"
      "end RotatedCommand;\n");
  EXPECT_TRUE(has(text, "  not states: i[1], i[2]\n")) << text;
  EXPECT_TRUE(has(text, "  iq: state\n  phi: state\n")) << text;
}

TEST(IndexReduction, SingularModelIsStillReportedAsSingular) {
  std::string d = errors("model S\n  Real x, y;\nequation\n  x = 1;\n  x = 2;\nend S;\n");
  EXPECT_TRUE(has(d, "structurally singular") || has(d, "no unknown to solve for")) << d;
}


// stateSelect = prefer on a variable no der() mentions (a spring-damper's
// relative speed): it competes to be a state all the same, and wins over
// the default one the equation w = v ties it to.
TEST(IndexReduction, APreferredVariableNeverDifferentiatedBecomesTheState) {
  std::string text = smc::test::bltOf(
      "model PreferredSpeed\n"
      "  Real s(start = 1, fixed = true);\n  Real v(start = 0, fixed = true);\n"
      "  Real w(stateSelect = StateSelect.prefer);\n"
      "equation\n"
      "  der(s) = v;\n  der(v) = -s;\n  w = v;\n"
      "end PreferredSpeed;\n");
  EXPECT_TRUE(has(text, "  s: state\n  v: algebraic\n  w: state\n")) << text;
  EXPECT_TRUE(has(text, "  der(w) = der(v)\n  dummy derivatives: der(v)\n  not states: v\n  new states: w\n")) << text;
}

// When making the preferred variable a candidate needs a derivative that
// cannot be had (a function whose body loops), the model is reduced as
// written, without a message.
TEST(IndexReduction, APreferredVariableThatCannotBeDifferentiatedStaysAlgebraic) {
  std::string text = smc::test::bltOf(
      "model Fallback\n"
      "  function twice\n    input Real x;\n    output Real y;\n  algorithm\n    y := 0;\n"
      "    for i in 1:2 loop\n      y := y + x;\n    end for;\n  end twice;\n"
      "  Real s(start = 1, fixed = true);\n  Real v(start = 0, fixed = true);\n"
      "  Real w(stateSelect = StateSelect.prefer);\n"
      "equation\n"
      "  der(s) = v;\n  der(v) = -s;\n  w = twice(v);\n"
      "end Fallback;\n");
  EXPECT_TRUE(has(text, "  s: state\n  v: state\n  w: algebraic\n")) << text;
  EXPECT_FALSE(has(text, "index reduction")) << text;
}

// An array with `each stateSelect = prefer` that could become states only
// in part (two elements tied to one state) stays as written: the structure
// cannot tell which element is safe to integrate (PreferredStates.h).
TEST(IndexReduction, APreferredArrayThatCouldOnlyPartlyBecomeStatesStaysAlgebraic) {
  std::string text = smc::test::bltOf(
      "model HalfPreferred\n"
      "  Real a(start = 0, fixed = true);\n  Real q[2](each stateSelect = StateSelect.prefer);\n"
      "equation\n"
      "  der(a) = 1;\n  q[1] = 2 * a;\n  q[2] = 3 * a;\n"
      "end HalfPreferred;\n");
  EXPECT_TRUE(has(text, "  a: state\n  q[1]: algebraic\n  q[2]: algebraic\n")) << text;
  EXPECT_FALSE(has(text, "index reduction")) << text;
}

}  // namespace
