// Clocked values outside clocked equations (spec 16.5.1, 16.6, 16.9): a
// when-clause with a Boolean condition reads clocked variables through
// hold(), and only so; initial equations and algorithms never use clocked
// variables, since a clocked partition starts from its start values.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// u counts the ticks of a 0.1 s clock from 1 at t = 0: u = 1 + round(10 t)
// at the ticks, so hold(u) first exceeds 3 at the tick t = 0.3, and at
// t = 0.5 (when `time > 0.5` becomes true, after that instant's tick) it is 6.
const char* holdInBooleanWhen = R"(model HoldInWhen
  Integer u(start = 0);
  Real crossed(start = -1);
  Integer seen(start = 0);
equation
  when Clock(0.1) then
    u = previous(u) + 1;
  end when;
  when hold(u) > 3 then
    crossed = time;
  end when;
  when time > 0.5 then
    seen = hold(u);
  end when;
end HoldInWhen;
)";

TEST(ClocksOutsideClockedEquations, ABooleanWhenReadsAClockedVariableThroughHold) {
  std::string fmu = compileModel(writeScratchModel("HoldInWhen.mo", holdInBooleanWhen), "HoldInWhen.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.05, true));
  EXPECT_NEAR(valueAt(r, "crossed", 1.0), 0.3, 1e-12);
  EXPECT_EQ(valueAt(r, "seen", 0.45), 0);
  EXPECT_EQ(valueAt(r, "seen", 1.0), 6);
  EXPECT_EQ(valueAt(r, "u", 1.0), 11);
}

// An assert in an equation section reading a clocked variable: through
// hold() it is checked in continuous time, so it fails at the tick t = 0.4
// that makes u = 5; on previous(u) it is checked at u's ticks, so it fails
// at t = 0.5, where previous(u) = 5.
TEST(ClocksOutsideClockedEquations, AnAssertOnHeldOrPreviousValuesFailsAtTheTickThatBreaksIt) {
  const char* text = R"(model AssertOn%s
  Integer u(start = 0);
equation
  when Clock(0.1) then
    u = previous(u) + 1;
  end when;
  assert(%s(u) < 5, "u reached 5");
end AssertOn%s;
)";
  for (auto [op, at] : {std::pair<const char*, const char*>{"hold", "t=0.4"}, {"previous", "t=0.5"}}) {
    const std::string name = std::string("AssertOn") + op;
    char model[512];
    std::snprintf(model, sizeof model, text, op, op, op);
    std::string fmu = compileModel(writeScratchModel(name + ".mo", model), name + ".fmu");
    SimulationResult early = simulateOk(simulationOf(fmu, 0.35, 0.05, true));
    EXPECT_EQ(valueAt(early, "u", 0.35), 4) << op;
    std::string error = simulateError(simulationOf(fmu, 1, 0.05, true));
    EXPECT_NE(error.find("assertion failed: u reached 5"), std::string::npos) << op << ": " << error;
    EXPECT_NE(error.find(at), std::string::npos) << op << ": " << error;
  }
}

std::string errorsOf(const std::string& name, const std::string& text) {
  return compileErrors(writeScratchModel(name + ".mo", text));
}

TEST(ClocksOutsideClockedEquations, SampleInABooleanWhenConditionIsALocatedError) {
  std::string d = errorsOf("SampleInWhen", R"(model SampleInWhen
  Real x = time;
  Real y(start = 0);
equation
  when sample(x, Clock(0.1)) > 0.5 then
    y = time;
  end when;
end SampleInWhen;
)");
  EXPECT_TRUE(has(d, "SampleInWhen.mo:5:8: error: sample() in a when-clause with a Boolean condition: its value is "
                     "clocked")) << d;
  EXPECT_TRUE(has(d, "(spec 16.6)")) << d;
}

TEST(ClocksOutsideClockedEquations, PreviousInABooleanWhenBodyIsALocatedError) {
  std::string d = errorsOf("PreviousInWhen", R"(model PreviousInWhen
  Integer u(start = 0);
  Integer y(start = 0);
equation
  when Clock(0.1) then
    u = previous(u) + 1;
  end when;
  when time > 0.5 then
    y = previous(u);
  end when;
end PreviousInWhen;
)");
  EXPECT_TRUE(has(d, "PreviousInWhen.mo:9:9: error: previous() in a when-clause with a Boolean condition")) << d;
}

TEST(ClocksOutsideClockedEquations, AClockedWhenInsideAnAlgorithmIsALocatedError) {
  std::string d = errorsOf("ClockedWhenInAlgorithm", R"(model ClockedWhenInAlgorithm
  Integer n(start = 0);
algorithm
  when Clock(0.1) then
    n := n + 1;
  end when;
end ClockedWhenInAlgorithm;
)");
  EXPECT_TRUE(has(d, "ClockedWhenInAlgorithm.mo:4:8: error: a Clock condition makes a clocked when-clause, which has "
                     "no elsewhen and cannot be used inside an algorithm (spec 16.6)")) << d;
}

TEST(ClocksOutsideClockedEquations, AClockedVariableInAnInitialEquationIsALocatedError) {
  std::string d = errorsOf("ClockedInitial", R"(model ClockedInitial
  Real x(start = 1);
initial equation
  x = 3;
equation
  when Clock(0.1) then
    x = previous(x) + 1;
  end when;
end ClockedInitial;
)");
  EXPECT_TRUE(has(d, "ClockedInitial.mo:4:3: error: 'x' is a clocked variable, which cannot be used in an initial "
                     "equation (spec 16.9)")) << d;
}

TEST(ClocksOutsideClockedEquations, AClockedVariableInAnInitialAlgorithmIsALocatedError) {
  std::string d = errorsOf("ClockedInitialAlgorithm", R"(model ClockedInitialAlgorithm
  Real x(start = 1);
  Real z;
initial algorithm
  z := 2;
  x := 3;
equation
  der(z) = 0;
  when Clock(0.1) then
    x = previous(x) + 1;
  end when;
end ClockedInitialAlgorithm;
)");
  EXPECT_TRUE(has(d, "ClockedInitialAlgorithm.mo:6:3: error: 'x' is a clocked variable, which cannot be used in an "
                     "initial algorithm (spec 16.9)")) << d;
}

TEST(ClocksOutsideClockedEquations, AClockOperatorInAnInitialEquationIsALocatedError) {
  std::string d = errorsOf("PreviousInitial", R"(model PreviousInitial
  Real x(start = 1);
initial equation
  previous(x) = 3;
equation
  when Clock(0.1) then
    x = previous(x) + 1;
  end when;
end PreviousInitial;
)");
  EXPECT_TRUE(has(d, "PreviousInitial.mo:4:3: error: clock operators cannot be used in an initial equation "
                     "(spec 16.9)")) << d;
}

// The argument of der() is a clock conversion moved into a hidden
// variable of smc's own: the message speaks of the user's expression.
TEST(ClocksOutsideClockedEquations, DerOfAHeldSampleIsALocatedErrorNamingNoHiddenVariable) {
  std::string d = errorsOf("DerOfHold", R"(model DerOfHold
  Real x = time;
  Real y = der(hold(sample(x, Clock(0.1))));
end DerOfHold;
)");
  EXPECT_TRUE(has(d, "DerOfHold.mo:3:12: error: der() needs a continuous Real variable, but its argument here is "
                     "not continuous")) << d;
  EXPECT_FALSE(has(d, "$clocked")) << d;
}

// What hold() of a clocked variable gives is continuous-time, so an initial
// equation may read it: before the first tick it is the start value.
TEST(ClocksOutsideClockedEquations, AnInitialEquationMayReadTheHeldValue) {
  std::string fmu = compileModel(writeScratchModel("HeldInitial.mo", R"(model HeldInitial
  Real xd(start = 4);
  Real y;
  Real z;
equation
  when Clock(0.5) then
    xd = previous(xd) + 1;
  end when;
  y = hold(xd);
  der(z) = 0;
initial equation
  z = y;
end HeldInitial;
)"), "HeldInitial.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.25, true));
  EXPECT_EQ(valueAt(r, "z", 1.0), 4);
  EXPECT_EQ(valueAt(r, "y", 0.75), 6);
}

}  // namespace
