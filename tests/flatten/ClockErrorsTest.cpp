// Misuses of Clock variables, the Clock constructor and the clock operators
// (spec 16.3 - 16.5) are located errors.
#include "FlatFixture.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace smc::test;

namespace {

// A model declaring `decl` on line 2.
std::string oneLine(const std::string& decl) { return "model M\n" + decl + "\nend M;\n"; }

// A source that must fail to flatten (its class `model`, or the only one)
// with `message` among the diagnostics.
struct ErrorCase {
  std::string source;
  std::string message;
  std::string model = "";
};

void expectEachFails(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE("source:\n" + c.source);
    std::string d = flattenErrors(c.source, c.model);
    EXPECT_TRUE(has(d, c.message)) << d;
  }
}

TEST(ClockErrors, ClockCannotBeAParameterOrConstant) {
  expectEachFails({
      {oneLine("  parameter Clock c = Clock(0.1);"),
       "test.mo:2:3: error: Clock 'c' cannot be a parameter (spec 16.3)"},
      {oneLine("  constant Clock c = Clock(0.1);"),
       "test.mo:2:3: error: Clock 'c' cannot be a constant (spec 16.3)"},
  });
}

TEST(ClockErrors, ClockHasNoAttributes) {
  expectEachFails({
      {oneLine("  Clock c(start = 1);"),
       "test.mo:2:11: error: 'start' is not an attribute of Clock (in the declaration of 'c')"},
      {oneLine("  Clock c(fixed = true);"),
       "test.mo:2:11: error: 'fixed' is not an attribute of Clock (in the declaration of 'c')"},
  });
}

TEST(ClockErrors, ClockBindingMustBeAClockAndViceVersa) {
  expectEachFails({
      {oneLine("  Clock c = 1.5;"),
       "test.mo:2:13: error: the binding of Clock 'c' must be a Clock expression, not Real"},
      {oneLine("  Real y = Clock(0.1);"),
       "test.mo:2:12: error: 'y' is Real and cannot be bound to a Clock"},
      {"model M\n  Clock c;\nequation\n  c = 1.0;\nend M;\n",
       "test.mo:4:3: error: a Clock can only be equated with a Clock, not with Real"},
  });
}

TEST(ClockErrors, ConstructorArgumentsAreChecked) {
  expectEachFails({
      {oneLine("  Clock c = Clock(1.5, 10);"),
       "test.mo:2:13: error: 'Clock' takes 1 argument(s), 2 given"},
      {oneLine("  Clock c = Clock(intervalCounter = 0.5);"),
       "test.mo:2:37: error: the intervalCounter of Clock() must be Integer, not Real"},
      {oneLine("  Clock c = Clock(1, 0);"),
       "test.mo:2:22: error: the resolution of Clock() must be at least 1, got 0"},
      {oneLine("  Clock c = Clock(0.0);"),
       "test.mo:2:19: error: the interval of Clock() must be positive, got 0.0"},
      {oneLine("  Clock c = Clock(0);"),
       "test.mo:2:19: error: the intervalCounter of Clock() must be positive, got 0"},
      {oneLine("  Clock c = Clock(interval = 0.1, resolution = 2);"),
       "test.mo:2:35: error: argument 'resolution' belongs to another form of Clock() than the arguments before it"},
      {oneLine("  Clock c = Clock(period = 0.1);"),
       "test.mo:2:19: error: Clock() has no argument named 'period'"},
      {oneLine("  Clock c = Clock(\"fast\");"),
       "test.mo:2:19: error: the first argument of Clock() must be an Integer counter, a Real interval, "
       "a Boolean condition or a Clock, not a String (spec 16.3)"},
      {oneLine("  Clock c = Clock(condition = 1.0);"),
       "test.mo:2:31: error: the condition of Clock() must be Boolean, not Real"},
      {"model M\n  Clock c = Clock(0.1);\n  Clock d = Clock(c, 1);\nend M;\n",
       "test.mo:3:22: error: the solverMethod of Clock() must be String, not Integer"},
      {"model M\n  Clock c = Clock(0.1);\n  String m = \"ImplicitEuler\";\n  Clock d = Clock(c, m);\nend M;\n",
       "test.mo:4:22: error: the solverMethod of Clock() must be a String constant (spec 16.8.2)"},
      {oneLine("  Clock c = Clock(time > 1, -0.5);"),
       "test.mo:2:29: error: the startInterval of Clock() must not be negative, got -0.5"},
      {"model M\n  Clock c = Clock(0.1);\n  Clock d = Clock(c);\nend M;\n",
       "test.mo:3:13: error: Clock() needs its argument 'solverMethod'"},
  });
}

TEST(ClockErrors, OperatorArgumentsAreChecked) {
  const std::string head = "model M\n  parameter Real p = 1;\n  Integer m = 2;\n  Clock c = Clock(0.1);\n  Real x = time;\n";
  auto at6 = [&](const std::string& line) { return head + line + "\nend M;\n"; };
  expectEachFails({
      {at6("  Real y = subSample(x, 1.5);"),
       "test.mo:6:25: error: the factor of subSample() must be Integer, not Real"},
      {at6("  Real y = subSample(x, m);"),
       "test.mo:6:25: error: the factor of subSample() must be an Integer parameter expression (spec 16.5)"},
      {at6("  Real y = superSample(x, -1);"),
       "test.mo:6:27: error: the factor of superSample() must not be negative, got -1"},
      {at6("  Real y = shiftSample(x, 1, 0);"),
       "test.mo:6:30: error: the resolution of shiftSample() must be at least 1, got 0"},
      {at6("  Real y = backSample(x, -2);"),
       "test.mo:6:26: error: the backCounter of backSample() must not be negative, got -2"},
      {at6("  Real y = shiftSample(x);"),
       "test.mo:6:12: error: shiftSample() needs its argument 'shiftCounter'"},
      {at6("  Real y = hold(v = x);"),
       "test.mo:6:17: error: hold() has no argument named 'v'"},
      {at6("  Real y = hold(x, x);"),
       "test.mo:6:12: error: 'hold' takes 1 argument(s), 2 given"},
      {at6("  Real y = previous(x + 1);"),
       "test.mo:6:21: error: the argument of previous() must be a variable reference (spec 16.4)"},
      {at6("  Real y = previous(p);"),
       "test.mo:6:21: error: the argument of previous() must be a clocked variable, and 'p' is a parameter"},
      {at6("  Real y = hold(c);"),
       "test.mo:6:17: error: the first argument of hold() cannot be a Clock (spec 16.4)"},
      {at6("  Real y = sample(x, c = p);"),
       "test.mo:6:26: error: the clock of sample(u, c) must be Clock, not Real"},
      {at6("  Real y = interval({x, x});"),
       "test.mo:6:21: error: the argument of interval() must be a scalar or a Clock"},
      {at6("  Boolean b = pre(c);"),
       "test.mo:6:19: error: the argument of pre() cannot be a Clock"},
  });
  // A Real second argument makes it the time-event sample(), so no message
  // may speak of a Clock.
  std::string d = flattenErrors(at6("  Real y = sample(x, p);"));
  EXPECT_FALSE(has(d, "Clock")) << d;
}

TEST(ClockErrors, ClockOperatorsAreNotAllowedInFunctions) {
  expectEachFails({
      {"function f\n  input Real u;\n  output Real y;\nalgorithm\n  y := previous(u);\nend f;\n"
       "model M\n  Real y = f(time);\nend M;\n",
       "test.mo:5:8: error: previous() cannot be used inside a function (spec 12.2)", "M"},
      {"function f\n  input Real u;\n  output Real y;\nalgorithm\n  y := interval();\nend f;\n"
       "model M\n  Real y = f(time);\nend M;\n",
       "test.mo:5:8: error: interval() cannot be used inside a function (spec 12.2)", "M"},
      {"function f\n  input Real u;\n  output Real y;\nprotected\n  Clock c;\nalgorithm\n  y := u;\nend f;\n"
       "model M\n  Real y = f(time);\nend M;\n",
       "test.mo:5:3: error: 'c' is a Clock, which a function variable cannot be (spec 16.3)", "M"},
  });
}

TEST(ClockErrors, SolverMethodAnnotationMustBeAString) {
  std::string d = flattenErrors("model M\n  annotation(solverMethod = 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:29: error: annotation solverMethod must be a String")) << d;
}

}  // namespace
