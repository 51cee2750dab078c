// User functions end to end: a model whose outputs call hand-built
// functions (while, for with either step sign and empty ranges, break,
// return, two outputs, recursion, default inputs, Boolean results) is
// compiled, loaded and initialized; every output must equal the value
// worked out by hand in the comments. Failing asserts and zero for-steps
// must fail the callback with a message naming the location.
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "FunctionModels.h"
#include "codegen/Codegen.h"

#include <gtest/gtest.h>

#include <cmath>

namespace smc::codegen {
namespace {

using namespace testing;
using flat::BaseType;
using flat::Op;

class FunctionsTest : public FmuFixture {
protected:
  FunctionsTest() : model("Functions") {
    model.model().flat.functions = {newtonSqrt(),  isqrt(),  stepSum(),
                                    divMod(),      isEven(), factorial(5),
                                    checkedSqrt(flat::AssertLevel::Error),
                                    checkedSqrt(flat::AssertLevel::Warning)};
  }
  enum Fn : uint32_t { Newton, Isqrt, StepSum, DivMod, IsEven, Factorial, Checked, Warned };

  // An output computed at initialization and at every communication point.
  flat::VarId output(const std::string& name, BaseType type, ExprPtr value) {
    flat::VarId y = model.algebraic(name, true, type);
    model.model().initialization.push_back(assign(y, value));
    model.model().outputBlocks.push_back(assign(y, value));
    return y;
  }

  std::string build() {
    CodegenOptions options;
    options.sourceFileName = "Functions.mo";
    return FmuFixture::build(model.model(), "functions.fmu", options);
  }

  ModelBuilder model;
};

TEST_F(FunctionsTest, LoopsBranchesAndOutputsComputeTheHandWorkedValues) {
  output("sqrt2", BaseType::Real, functionCall(Newton, {real(2)}));
  // Newton from 2 with tolerance 0.1: 2 -> 1.5 -> 17/12, where the change
  // (1/12) is below 0.1*17/12 and the loop stops.
  output("coarse", BaseType::Real, functionCall(Newton, {real(2), real(0.1)}));
  output("isqrt17", BaseType::Integer, functionCall(Isqrt, {integer(17)}));
  output("isqrt16", BaseType::Integer, functionCall(Isqrt, {integer(16)}));
  output("isqrt0", BaseType::Integer, functionCall(Isqrt, {integer(0)}));
  // 10 + 7 + 4 + 1; 1 + 3 + 5; empty both ways; a single iteration.
  output("down", BaseType::Integer, functionCall(StepSum, {integer(10), integer(-3), integer(1)}));
  output("up", BaseType::Integer, functionCall(StepSum, {integer(1), integer(2), integer(6)}));
  output("emptyUp", BaseType::Integer, functionCall(StepSum, {integer(5), integer(1), integer(1)}));
  output("emptyDown", BaseType::Integer,
         functionCall(StepSum, {integer(1), integer(-1), integer(5)}));
  output("once", BaseType::Integer, functionCall(StepSum, {integer(3), integer(5), integer(3)}));
  // div truncates: -7 = (-3)*2 + (-1); the statement after return never runs.
  output("quotient", BaseType::Integer, functionCall(DivMod, {integer(-7), integer(2)}, 0));
  output("remainder", BaseType::Integer, functionCall(DivMod, {integer(-7), integer(2)}, 1));
  output("even4", BaseType::Boolean, functionCall(IsEven, {integer(4)}));
  output("even7", BaseType::Boolean, functionCall(IsEven, {integer(7)}));
  output("fact5", BaseType::Integer, functionCall(Factorial, {integer(5)}));
  output("fact1", BaseType::Integer, functionCall(Factorial, {integer(1)}));

  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Functions", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_NEAR(run.real("sqrt2"), std::sqrt(2.0), 4e-16);
  EXPECT_NEAR(run.real("coarse"), 17.0 / 12.0, 1e-15);
  EXPECT_EQ(run.integer("isqrt17"), 4);
  EXPECT_EQ(run.integer("isqrt16"), 4);
  EXPECT_EQ(run.integer("isqrt0"), 0);
  EXPECT_EQ(run.integer("down"), 22);
  EXPECT_EQ(run.integer("up"), 9);
  EXPECT_EQ(run.integer("emptyUp"), 0);
  EXPECT_EQ(run.integer("emptyDown"), 0);
  EXPECT_EQ(run.integer("once"), 3);
  EXPECT_EQ(run.integer("quotient"), -3);
  EXPECT_EQ(run.integer("remainder"), -1);
  EXPECT_TRUE(run.boolean("even4"));
  EXPECT_FALSE(run.boolean("even7"));
  EXPECT_EQ(run.integer("fact5"), 120);
  EXPECT_EQ(run.integer("fact1"), 1);
}

TEST_F(FunctionsTest, FunctionOfTimeIsEvaluatedAtEveryCommunicationPoint) {
  output("y", BaseType::Real, functionCall(Newton, {binary(Op::Add, real(1), timeExpr())}));
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Functions", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("y"), 1.0);
  for (int i = 1; i <= 30; ++i) {
    ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
    EXPECT_NEAR(run.real("y"), std::sqrt(1 + 0.1 * i), 1e-14) << "t = " << run.time();
  }
}

TEST_F(FunctionsTest, TupleAssignmentInAnAlgorithmSkipsEmptySlots) {
  flat::VarId q = model.algebraic("q", true, BaseType::Integer);
  flat::VarId r = model.algebraic("r", true, BaseType::Integer);
  flat::VarId r2 = model.algebraic("r2", true, BaseType::Integer);
  flat::Statement both;
  both.kind = flat::StatementKind::TupleAssign;
  both.targets = {q, r};
  both.value = functionCall(DivMod, {integer(17), integer(5)});
  flat::Statement second = both;
  second.targets = {std::nullopt, r2};
  second.value = functionCall(DivMod, {integer(9), integer(4)});
  causal::AlgorithmBlock algorithm;
  algorithm.statements = {both, second};
  algorithm.outputs = {q, r, r2};
  model.model().initialization = {algorithm};
  model.model().outputBlocks = {algorithm};
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Functions", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("q"), 3);   // 17 = 3*5 + 2
  EXPECT_EQ(run.integer("r"), 2);
  EXPECT_EQ(run.integer("r2"), 1);  // 9 = 2*4 + 1
}

TEST_F(FunctionsTest, FailingAssertInAFunctionFailsTheCallerWithItsMessage) {
  flat::VarId p = model.parameter("p", real(-1));
  output("y", BaseType::Real, functionCall(Checked, {var(p)}));
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  {
    FmuRun run(fmu, "Functions", scratch.file(""));
    ASSERT_EQ(run.error(), "");
    EXPECT_NE(run.initialize(), fmi2OK);
    EXPECT_NE(run.log().find("x must not be negative (assert at Functions.mo:7:5)"),
              std::string::npos)
        << run.log();
  }
  FmuRun run(fmu, "Functions", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.setReal("p", 6.25), fmi2OK);
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("y"), 2.5);
}

// The assertion only warns and the function goes on; its result,
// sqrt(-4), is then a NaN that no variable may hold.
TEST_F(FunctionsTest, AssertWarningInAFunctionOnlyWarnsAndItsNaNResultIsAnError) {
  output("y", BaseType::Real, functionCall(Warned, {real(-4)}));
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Functions", scratch.file(""), /*loggingOn=*/true);
  ASSERT_EQ(run.error(), "");
  EXPECT_EQ(run.initialize(), fmi2Error);
  EXPECT_NE(run.log().find("status 1: assertion warning at t=0: x must not be negative"),
            std::string::npos)
      << run.log();
  EXPECT_NE(run.log().find("y is NaN"), std::string::npos) << run.log();
}

TEST_F(FunctionsTest, ZeroForStepFailsTheCallNamingTheLoop) {
  flat::VarId step = model.parameter("step", integer(0), BaseType::Integer);
  output("sum", BaseType::Integer, functionCall(StepSum, {integer(1), var(step), integer(3)}));
  const std::string fmu = build();
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Functions", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  EXPECT_NE(run.initialize(), fmi2OK);
  EXPECT_NE(run.log().find("for-loop range with step 0 at Functions.mo:4:3"), std::string::npos)
      << run.log();
}

}  // namespace
}  // namespace smc::codegen
