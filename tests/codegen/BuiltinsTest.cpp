// Expression semantics, end to end: a model whose outputs apply every
// operator and built-in function to parameters is compiled, loaded and
// initialised; each output must equal the value Modelica's definitions give
// (spec 3.4-3.7), computed here with <cmath> or by hand.
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "TestModels.h"
#include "codegen/Codegen.h"

#include <gtest/gtest.h>

#include <cmath>
#include <variant>

namespace smc::codegen {
namespace {

using namespace testing;
using flat::Builtin;
using flat::Op;

struct Case {
  std::string name;
  flat::BaseType type;
  ExprPtr value;
  std::variant<double, int, bool> expected;
};

class BuiltinsTest : public FmuFixture {
protected:
  BuiltinsTest() : model("Builtins") {
    a = model.parameter("a", real(-7.5));
    h = model.parameter("h", real(0.3));
    i = model.parameter("i", integer(-7), flat::BaseType::Integer);
    j = model.parameter("j", integer(3), flat::BaseType::Integer);
    flag = model.parameter("flag", boolean(true), flat::BaseType::Boolean);
  }

  // Adds one output per case, computed at initialization and at every
  // communication point.
  void addOutputs(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
      flat::VarId y = model.algebraic(c.name, true, c.type);
      model.model().initialization.push_back(assign(y, c.value));
      model.model().outputBlocks.push_back(assign(y, c.value));
    }
  }

  void expectValues(FmuRun& run, const std::vector<Case>& cases) {
    for (const Case& c : cases) {
      if (const double* x = std::get_if<double>(&c.expected)) {
        const double actual = run.real(c.name);
        EXPECT_NEAR(actual, *x, 1e-15 * std::max(1.0, std::fabs(*x))) << c.name;
      } else if (const int* n = std::get_if<int>(&c.expected)) {
        EXPECT_EQ(run.integer(c.name), *n) << c.name;
      } else {
        EXPECT_EQ(run.boolean(c.name), std::get<bool>(c.expected)) << c.name;
      }
    }
  }

  std::string build() { return FmuFixture::build(model.model(), "builtins.fmu", {}); }

  ModelBuilder model;
  flat::VarId a, h, i, j, flag;
};

TEST_F(BuiltinsTest, OperatorsAndFunctionsFollowModelicaSemantics) {
  const auto R = flat::BaseType::Real;
  const auto I = flat::BaseType::Integer;
  const auto B = flat::BaseType::Boolean;
  const double hv = 0.3;
  const std::vector<Case> cases = {
      // Real mod/rem/div: x - floor(x/y)*y, x - div(x,y)*y, trunc(x/y).
      {"mod_r", R, call(Builtin::Mod, {var(a), real(2)}), 0.5},
      {"rem_r", R, call(Builtin::Rem, {var(a), real(2)}), -1.5},
      {"div_r", R, call(Builtin::Div, {var(a), real(2)}), -3.0},
      // Integer mod/rem/div with either sign.
      {"mod_i", I, call(Builtin::Mod, {var(i), var(j)}), 2},
      {"rem_i", I, call(Builtin::Rem, {var(i), var(j)}), -1},
      {"div_i", I, call(Builtin::Div, {var(i), var(j)}), -2},
      {"mod_neg", I, call(Builtin::Mod, {integer(7), integer(-3)}), -2},
      {"rem_neg", I, call(Builtin::Rem, {integer(7), integer(-3)}), 1},
      {"div_minus_one", I, call(Builtin::Div, {var(i), integer(-1)}), 7},
      // `/` is Real even for Integers; ^ is Real.
      {"slash", R, binary(Op::Div, var(i), var(j)), -7.0 / 3.0},
      {"pow_integer_exponent", R, binary(Op::Pow, var(a), integer(2)), 56.25},
      {"pow_real_exponent", R, binary(Op::Pow, real(2), var(h)), std::pow(2.0, hv)},
      {"integer_arithmetic", I,
       binary(Op::Sub, binary(Op::Add, binary(Op::Mul, var(i), var(j)), var(i)), var(j)), -31},
      {"negate_integer", I, unary(Op::Negate, var(i)), 7},
      {"integer_of_real", I, call(Builtin::Integer, {var(a)}), -8},
      {"sign_negative", I, call(Builtin::Sign, {var(a)}), -1},
      {"sign_zero", I, call(Builtin::Sign, {binary(Op::Sub, var(j), var(j))}), 0},
      {"max_integer", I, call(Builtin::Max, {var(i), var(j)}), 3},
      {"min_max_mixed", R, call(Builtin::Max, {var(a), call(Builtin::Min, {var(i), var(j)})}),
       -7.0},
      {"abs_real", R, call(Builtin::Abs, {var(a)}), 7.5},
      {"abs_integer", I, call(Builtin::Abs, {var(i)}), 7},
      {"floor", R, call(Builtin::Floor, {var(a)}), -8.0},
      {"ceil", R, call(Builtin::Ceil, {var(a)}), -7.0},
      {"sqrt", R, call(Builtin::Sqrt, {var(h)}), std::sqrt(hv)},
      {"sin", R, call(Builtin::Sin, {var(h)}), std::sin(hv)},
      {"cos", R, call(Builtin::Cos, {var(h)}), std::cos(hv)},
      {"tan", R, call(Builtin::Tan, {var(h)}), std::tan(hv)},
      {"asin", R, call(Builtin::Asin, {var(h)}), std::asin(hv)},
      {"acos", R, call(Builtin::Acos, {var(h)}), std::acos(hv)},
      {"atan", R, call(Builtin::Atan, {var(h)}), std::atan(hv)},
      {"atan2", R, call(Builtin::Atan2, {var(h), var(a)}), std::atan2(hv, -7.5)},
      {"sinh", R, call(Builtin::Sinh, {var(h)}), std::sinh(hv)},
      {"cosh", R, call(Builtin::Cosh, {var(h)}), std::cosh(hv)},
      {"tanh", R, call(Builtin::Tanh, {var(h)}), std::tanh(hv)},
      {"exp", R, call(Builtin::Exp, {var(h)}), std::exp(hv)},
      {"log", R, call(Builtin::Log, {var(h)}), std::log(hv)},
      {"log10", R, call(Builtin::Log10, {var(h)}), std::log10(hv)},
      // semiLinear(x, k+, k-): k+*x for x >= 0, k-*x below.
      {"semi_linear_positive", R, call(Builtin::SemiLinear, {var(h), real(2), integer(3)}), 0.6},
      {"semi_linear_negative", R, call(Builtin::SemiLinear, {var(a), real(2), real(3)}), -22.5},
      {"no_event_smooth", R,
       binary(Op::Add, call(Builtin::NoEvent, {var(a)}),
              call(Builtin::Smooth, {integer(1), var(a)})),
       -15.0},
      // if with an Integer and a Real arm is Real; the untaken arm (an
      // Integer division by zero) is never evaluated.
      {"if_mixed", R, ifExpr(var(flag), var(i), var(a)), -7.0},
      {"if_guarded", I,
       ifExpr(binary(Op::Greater, var(j), integer(0)), integer(1),
              call(Builtin::Div, {var(i), integer(0)})),
       1},
      {"relations", B,
       binary(Op::And, binary(Op::Less, var(i), var(j)),
              unary(Op::Not, binary(Op::GreaterEq, var(a), real(0)))),
       true},
      {"or_not_equal", B,
       binary(Op::Or, binary(Op::Equal, var(a), real(0)), binary(Op::NotEqual, var(i), var(j))),
       true},
      {"boolean_order", B, binary(Op::Greater, boolean(true), boolean(false)), true},
      {"boolean_equal", B, binary(Op::Equal, var(flag), boolean(false)), false},
  };
  addOutputs(cases);
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Builtins", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  expectValues(run, cases);
}

TEST_F(BuiltinsTest, TimeIsTheCommunicationPoint) {
  addOutputs({{"t", flat::BaseType::Real, timeExpr(), 0.0}});
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Builtins", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(0.25), fmi2OK) << run.log();
  EXPECT_EQ(run.real("t"), 0.25);
  ASSERT_EQ(run.step(0.5), fmi2OK) << run.log();
  EXPECT_EQ(run.real("t"), 0.75);
}

TEST_F(BuiltinsTest, IntegerDivisionByZeroFailsTheCallNamingTheExpression) {
  ExprPtr zero = binary(Op::Sub, var(j), var(j));
  addOutputs({{"q", flat::BaseType::Integer,
               located(call(Builtin::Mod, {var(i), zero}), at(9, 7)), 0}});
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Builtins", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  EXPECT_NE(run.initialize(), fmi2OK);
  // build() leaves the source file name empty: the model identifier stands in.
  EXPECT_NE(run.log().find("integer division by zero in mod() at Builtins.mo:9:7"),
            std::string::npos)
      << run.log();
}

// Each expression leaves the 32 bits of an Integer with i = -7, j = 3:
// the initialization fails naming it, and nothing wraps.
TEST_F(BuiltinsTest, IntegerOverflowFailsTheCallNamingTheExpression) {
  const ExprPtr big = integer(2147483647);
  const ExprPtr smallest = binary(Op::Sub, unary(Op::Negate, integer(2147483647)), integer(1));
  const ExprPtr zero = binary(Op::Sub, var(j), var(j));
  const ExprPtr minusOne = binary(Op::Sub, var(i), binary(Op::Add, var(i), integer(1)));
  // Each value and the start of the text quoted for it.
  const std::vector<std::pair<ExprPtr, std::string>> overflows = {
      {binary(Op::Add, big, var(j)), "2147483647 + j"},
      {binary(Op::Sub, smallest, var(j)), "-2147483647 - 1 - j"},
      {binary(Op::Mul, big, var(j)), "2147483647 * j"},
      {unary(Op::Negate, binary(Op::Add, smallest, zero)), "-("},
      {call(Builtin::Abs, {binary(Op::Add, smallest, zero)}), "abs("},
      {call(Builtin::Div, {smallest, minusOne}), "div("},
      {call(Builtin::Integer, {binary(Op::Mul, real(1e30), var(h))}), "integer(1e+30 * h)"},
      {call(Builtin::Integer, {binary(Op::Div, real(0), binary(Op::Sub, var(h), var(h)))}),
       "integer("},
  };
  for (const auto& [value, quoted] : overflows) {
    SCOPED_TRACE(quoted);
    ModelBuilder one("Builtins");  // the fixture's parameters, in its order
    one.parameter("a", real(-7.5));
    one.parameter("h", real(0.3));
    one.parameter("i", integer(-7), flat::BaseType::Integer);
    one.parameter("j", integer(3), flat::BaseType::Integer);
    flat::VarId y = one.algebraic("y", true, flat::BaseType::Integer);
    one.model().initialization.push_back(assign(y, located(value, at(4, 9))));
    const std::string fmu = FmuFixture::build(one.model(), "overflow.fmu", {});
    ASSERT_FALSE(fmu.empty());
    FmuRun run(fmu, "Builtins", scratch.file(""));
    ASSERT_EQ(run.error(), "");
    EXPECT_EQ(run.initialize(), fmi2Error);
    EXPECT_NE(run.log().find("Integer overflow: the value of '" + quoted), std::string::npos)
        << run.log();
    EXPECT_NE(run.log().find("at Builtins.mo:4:9 is outside the 32-bit range of an Integer"),
              std::string::npos)
        << run.log();
  }
}

TEST_F(BuiltinsTest, IntegerArithmeticAtTheEdgesOfTheRangeIsExact) {
  const auto I = flat::BaseType::Integer;
  const ExprPtr big = integer(2147483647);
  const std::vector<Case> cases = {
      {"largest", I, binary(Op::Add, binary(Op::Sub, big, var(j)), var(j)), 2147483647},
      {"smallest", I, binary(Op::Sub, unary(Op::Negate, big), binary(Op::Sub, var(j), integer(2))),
       -2147483647 - 1},
      {"div_by_minus_one", I, call(Builtin::Div, {big, integer(-1)}), -2147483647},
      {"integer_of_edge", I, call(Builtin::Integer, {real(-2147483648.0)}), -2147483647 - 1},
  };
  addOutputs(cases);
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Builtins", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  expectValues(run, cases);
}

}  // namespace
}  // namespace smc::codegen
