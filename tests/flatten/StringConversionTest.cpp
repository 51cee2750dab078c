// String() (spec 3.7.1.2) and homotopy() (spec 3.7.4.4) as flattening
// lowers them: String() of literals folds to the text; of run-time values
// it stays a call, with the options named; an enumeration literal gives its
// name. homotopy() blends its arguments by the hidden homotopy parameter:
// `actual` at lambda = 1, `simplified` at 0. getInstanceName() is a literal.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

TEST(StringConversion, LiteralsFoldToTheirText) {
  const std::string text = flatText(
      "model M\n"
      "  type E = enumeration(first, second);\n"
      "  Real x(start = 0, fixed = true);\n"
      "equation\n"
      "  der(x) = 1;\n"
      "  assert(x < 10, String(1.5) + \"|\" + String(2.0 / 3, significantDigits = 3) + \"|\" +\n"
      "    String(42, minimumLength = 5) + \"|\" + String(true, minimumLength = 6, leftJustified = false) +\n"
      "    \"|\" + String(E.second) + \"|\" + String(E.first, minimumLength = 7, leftJustified = false) + \"|\" +\n"
      "    String(3.14159, format = \"-8.3f\") + \"|\" +\n"
      "    String(255, format = \"#x\") + \"|\" + String(7, format = \"+.1e\") + \"|\" + String(-5, format = \"04d\"));\n"
      "end M;\n");
  EXPECT_TRUE(has(text, "assert(x < 10, \"1.5|0.667|42   |  true|second|  first|3.142   |0xff|+7.0e+00|-005\");")) << text;
}

TEST(StringConversion, RunTimeValuesKeepTheCallWithNamedOptions) {
  const std::string text = flatText(
      "model M\n"
      "  parameter Integer w = 3;\n"
      "  Real x(start = 0, fixed = true);\n"
      "equation\n"
      "  der(x) = 1;\n"
      "  assert(x < 10, \"x = \" + String(x, significantDigits = 4, minimumLength = w));\n"
      "  assert(x < 20, String(x, format = \"10.4e\"));\n"
      "end M;\n");
  EXPECT_TRUE(has(text, "assert(x < 10, \"x = \" + String(x, significantDigits = 4, minimumLength = w));")) << text;
  EXPECT_TRUE(has(text, "assert(x < 20, String(x, format = \"10.4e\"));")) << text;
}

// Spec 3.7.4.6: the simulated model's name, then the path of the instance
// whose class writes the call.
TEST(StringConversion, GetInstanceNameIsTheModelNameAndTheInstancePath) {
  const std::string text = flatText(
      "model Vehicle\n"
      "  model Controller\n"
      "    Real x(start = 0, fixed = true);\n"
      "  equation\n"
      "    der(x) = 1;\n"
      "    assert(x < 10, \"in \" + getInstanceName());\n"
      "  end Controller;\n"
      "  model Engine\n"
      "    Controller controller;\n"
      "  end Engine;\n"
      "  Engine engine;\n"
      "equation\n"
      "  assert(time < 10, getInstanceName());\n"
      "end Vehicle;\n");
  EXPECT_TRUE(has(text, "assert(engine.controller.x < 10, \"in Vehicle.engine.controller\");")) << text;
  EXPECT_TRUE(has(text, "assert(time < 10, \"Vehicle\");")) << text;
}

TEST(StringConversion, UnsupportedAndWrongUsesAreLocated) {
  const char* header =
      "model M\n"
      "  type E = enumeration(first, second);\n"
      "  E e = E.first;\n"
      "  Integer i = 1;\n"
      "  Real x = time;\n"
      "equation\n";
  struct Case {
    const char* equation;
    const char* message;
  };
  const Case cases[] = {
      {"  assert(x < 1, String(x, format = \"%g\"));\n",
       "7:36: error: \"%g\" is not a format String() can use for a Real: [flags][width][.precision] followed by one "
       "of e E f F g G (spec 3.7.1.2)"},
      {"  assert(x < 1, String(x, format = \"d\"));\n", "7:36: error: \"d\" is not a format String() can use for a Real"},
      {"  assert(x < 1, String(i, format = \"5.2s\"));\n",
       "7:36: error: \"5.2s\" is not a format String() can use for an Integer: [flags][width][.precision] followed by "
       "one of e E f F g G d i o u x X c"},
      {"  assert(x < 1, String(x, format = \"1001f\"));\n", "7:36: error: \"1001f\" is not a format"},
      {"  assert(x < 1, String(x, format = \"f\", minimumLength = 3));\n",
       "7:17: error: String() takes either format or the options significantDigits, minimumLength and leftJustified"},
      {"  assert(x < 1, String(x > 0, format = \"d\"));\n", "7:31: error: String() of a Boolean takes no format"},
      {"  assert(x < 1, String(i, significantDigits = 3));\n",
       "7:27: error: significantDigits applies only to String() of a Real"},
      {"  assert(x < 1, String(e, significantDigits = 2));\n",
       "7:27: error: String() of an enumeration value takes minimumLength and leftJustified, not 'significantDigits'"},
      {"  assert(x < 1, String(x, y = 1));\n", "7:27: error: unexpected named argument 'y' in a call to 'String'"},
      {"  assert(x < 1, x);\n", "7:17: error: the message of assert() must be a String"},
  };
  for (const Case& c : cases) {
    const std::string errors = flattenErrors(std::string(header) + c.equation + "end M;\n");
    EXPECT_TRUE(has(errors, c.message)) << c.equation << errors;
  }
}

TEST(Homotopy, BlendsActualAndSimplifiedByTheHomotopyParameter) {
  const std::string text = flatText(
      "model M\n"
      "  Real a = homotopy(time * time, time);\n"
      "  Real b = homotopy(simplified = 0, actual = 2 * time);\n"
      "end M;\n");
  EXPECT_TRUE(has(text, "  parameter Real $homotopy.lambda = 1.0;\n")) << text;
  EXPECT_TRUE(has(text, "  a = if $homotopy.lambda >= 1.0 then time * time else if $homotopy.lambda <= 0.0 then "
                        "time else time * time + (1.0 - $homotopy.lambda) * (time - time * time);\n"))
      << text;
  EXPECT_TRUE(has(text, "  b = if $homotopy.lambda >= 1.0 then 2 * time else if $homotopy.lambda <= 0.0 then 0 "
                        "else 2 * time + (1.0 - $homotopy.lambda) * (0 - 2 * time);\n"))
      << text;
}

TEST(Homotopy, InAFunctionIsItsActualArgument) {
  const std::string text = flatText(
      "model M\n"
      "  function f\n"
      "    input Real u;\n"
      "    output Real y = homotopy(u * u, u);\n"
      "  end f;\n"
      "  Real a = f(time);\n"
      "end M;\n");
  EXPECT_FALSE(has(text, "lambda")) << text;
}

}  // namespace
