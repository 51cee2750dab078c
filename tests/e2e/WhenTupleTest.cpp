// `(a, b) = f(x)` inside a when-equation (spec 8.3.5): one call gives every
// target when the clause fires, and the clause's other equations see the
// new values whatever their order (how the MSL's noise blocks draw a
// random number and the generator's next state).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

TEST(WhenTuple, OneCallGivesEveryTargetAndTheOtherEquationsSeeThem) {
  const char* text = R"(model Draw
  function step
    input Integer s;
    output Real r;
    output Integer next;
  algorithm
    next := mod(s * 7 + 3, 101);
    r := next / 101;
  end step;
  Integer state(start = 5, fixed = true);
  discrete Real r(start = 0, fixed = true);
  discrete Real y(start = 0, fixed = true);
equation
  when sample(0.1, 0.1) then
    y = 2 * r;
    (r, state) = step(pre(state));
  end when;
end Draw;
)";
  SimulationResult r = simulateOk(simulationOf(compileModel(writeScratchModel("Draw.mo", text), "Draw.fmu"), 0.25, 0.05, true));
  // 5 -> 38 -> 67 (7s + 3 mod 101); y is twice the r of the same event.
  EXPECT_EQ(valueAt(r, "state", 0.05), 5);
  EXPECT_EQ(valueAt(r, "state", 0.15), 38);
  EXPECT_EQ(valueAt(r, "state", 0.25), 67);
  EXPECT_DOUBLE_EQ(valueAt(r, "r", 0.15), 38.0 / 101);
  EXPECT_DOUBLE_EQ(valueAt(r, "y", 0.15), 2 * (38.0 / 101));
  EXPECT_DOUBLE_EQ(valueAt(r, "y", 0.25), 2 * (67.0 / 101));
}

// `f(x);` as an equation of a when-clause (spec 8.3.5) runs f each time
// the clause fires, and only then: the C function logs its argument, built
// from the time of the event, once per firing of sample(0.25, 0.5). As an
// equation it sees n's value at the event, which the clause's other
// equation gives (the call is ordered after it).
TEST(WhenTuple, AFunctionCallEquationRunsEachTimeTheClauseFires) {
  const char* text = R"(model Announce
  function say
    input String message;
    external "C" smc_test_announce(message) annotation(Include = "
#include \"ModelicaUtilities.h\"
void smc_test_announce(const char* m) { ModelicaMessage(m); }");
  end say;
  discrete Integer n(start = 0, fixed = true);
equation
  when sample(0.25, 0.5) then
    say("tick " + String(n) + " at " + String(time));
    n = pre(n) + 1;
  end when;
end Announce;
)";
  auto options = simulationOf(compileModel(writeScratchModel("Announce.mo", text), "Announce.fmu"), 1, 0.125, true);
  std::vector<std::string> messages;
  options.logSink = [&](const smc::importer::LogMessage& m) {
    if (m.category == "logModelicaMessages") messages.emplace_back(m.message);
  };
  SimulationResult r = simulateOk(options);
  EXPECT_EQ(messages, (std::vector<std::string>{"tick 1 at 0.25", "tick 2 at 0.75"}));
  EXPECT_EQ(valueAt(r, "n", 1), 2);
}

// Outside a when-clause `f(x);` is evaluated with the model, as the
// statement would be in an algorithm (Fluid's checkBoundary asserts so):
// its assert fails in the step where y = t passes 0.45, from 0.4 to 0.5.
TEST(WhenTuple, AFunctionCallEquationOutsideAWhenClauseRunsWithTheModel) {
  const char* text = R"(model Checked
  function check
    input Real x;
  algorithm
    assert(x < 0.45, "too far");
  end check;
  Real y(start = 0, fixed = true);
equation
  der(y) = 1;
  check(y);
end Checked;
)";
  std::string error =
      simulateError(simulationOf(compileModel(writeScratchModel("CheckedCall.mo", text), "CheckedCall.fmu"), 1, 0.1, true));
  EXPECT_NE(error.find("fmi2DoStep returned fmi2Error at t=0.4"), std::string::npos) << error;
  EXPECT_NE(error.find("assertion failed: too far"), std::string::npos) << error;
}

}  // namespace
