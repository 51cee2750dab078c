// IR of hybrid models and user functions: the event callbacks and their
// place in smc_model, when-blocks firing per mode (nothing in continuous
// callbacks, only branches active at initialization in initialize),
// reinit, failure messages with locations, function signatures, and the
// errors that bad input must give instead of a crash or invalid IR.
#include "CodegenFixture.h"
#include "FunctionModels.h"
#include "HybridModels.h"
#include "codegen/Codegen.h"

#include <gtest/gtest.h>

#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;
using flat::Op;

class HybridIrTest : public CodegenFixture {};

TEST_F(HybridIrTest, DescriptorCountsIndicatorsAndPointsAtTheEventCallbacks) {
  const std::string ir = dump(bouncingBall());
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_TRUE(std::regex_search(
      ir, std::regex(R"(@smc_model = .*ptr @smc_compute_outputs, i32 1, ptr @smc_event_indicators, )"
                     R"(ptr @smc_event_update, )")))
      << ir;
}

TEST_F(HybridIrTest, IndicatorIsStoredAndReinitFlagsTheStates) {
  const std::string ir = dump(bouncingBall());
  ASSERT_FALSE(ir.empty()) << errors();
  const std::string indicators = functionBody(ir, "smc_event_indicators");
  EXPECT_NE(indicators.find("%indicator0 = getelementptr inbounds double, ptr %indicators, i32 0"),
            std::string::npos)
      << indicators;
  const std::string update = functionBody(ir, "smc_event_update");
  EXPECT_NE(update.find("store i32 1, ptr %states_reinitialized"), std::string::npos) << update;
  EXPECT_NE(update.find("pre_reals"), std::string::npos);     // -e*pre(v)
  EXPECT_NE(update.find("pre_integers"), std::string::npos);  // pre(bounces) + 1
  EXPECT_NE(update.find("pre_booleans"), std::string::npos);  // the condition's edge
}

TEST_F(HybridIrTest, ContinuousCallbacksNeverRunWhenBlocks) {
  causal::CausalModel model = thermostat();
  // Even a when-block misplaced into a continuous list stays inert there.
  model.derivativeBlocks.push_back(model.eventBlocks[2]);
  const std::string ir = dump(model);
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_EQ(functionBody(ir, "smc_compute_derivatives").find("when."), std::string::npos);
  EXPECT_EQ(countLinesStartingWith(functionBody(ir, "smc_event_update"), "when.fire"), 2u);
}

TEST_F(HybridIrTest, InitializeFiresOnlyBranchesActiveAtInitialization) {
  const std::string ir = dump(whenInitial());
  ASSERT_FALSE(ir.empty()) << errors();
  const std::string init = functionBody(ir, "smc_initialize");
  EXPECT_EQ(countLinesStartingWith(init, "when.fire"), 1u) << init;
  EXPECT_NE(init.find("%initial = load i32"), std::string::npos) << init;
  // Without samples there is no time event.
  EXPECT_NE(init.find("store double 0x7FF0000000000000, ptr %next_time_event.field"), std::string::npos)
      << init;
  EXPECT_EQ(countLinesStartingWith(functionBody(ir, "smc_event_update"), "when.fire"), 2u);
}

TEST_F(HybridIrTest, InitialAndTerminalReadTheirFlagsAndPreItsSlot) {
  ModelBuilder m("Flags");
  flat::VarId n = m.discrete("n", flat::BaseType::Integer, integer(0), true);
  flat::VarId ending = m.hidden("$cond0", flat::BaseType::Boolean);
  flat::Expr terminal{};
  terminal.kind = flat::ExprKind::Terminal;
  m.model().eventBlocks = {
      assign(ending, binary(Op::Or, std::make_shared<const flat::Expr>(terminal), initialExpr())),
      assign(n, pre(n))};
  const std::string update = functionBody(dump(m.model()), "smc_event_update");
  ASSERT_FALSE(update.empty()) << errors();
  EXPECT_NE(update.find("%terminal = load i32, ptr %terminal.field"), std::string::npos) << update;
  EXPECT_NE(update.find("%initial = load i32, ptr %initial.field"), std::string::npos);
  EXPECT_NE(update.find("%\"pre(n)\" = load i32"), std::string::npos);
}

TEST_F(HybridIrTest, AlgorithmUpdatesItsRelationsOnlyOutsideContinuousMode) {
  // algorithm x := 2*time; y := if x > 1 then 1 else 0; with the relation
  // `x > 1` updated by the algorithm itself just before its use.
  ModelBuilder m("Relations");
  flat::VarId x = m.algebraic("x", false);
  flat::VarId y = m.algebraic("y", true);
  flat::VarId relation = m.hidden("x > 1", flat::BaseType::Boolean);
  causal::AlgorithmBlock algorithm;
  algorithm.statements = {assignStatement(x, binary(Op::Mul, real(2), timeExpr())),
                          assignStatement(relation, binary(Op::Greater, var(x), real(1))),
                          assignStatement(y, ifExpr(var(relation), real(1), real(0)))};
  algorithm.outputs = {x, relation, y};
  algorithm.relationUpdates = {relation};
  m.model().zeroCrossings = {
      causal::ZeroCrossing{relation, binary(Op::Sub, var(x), real(1)), {}}};
  m.model().outputBlocks = {algorithm};
  m.model().eventBlocks = {algorithm};
  m.model().initialization = {algorithm};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << errors();
  const std::string store = "store i32 %";  // the relation is the only Boolean stored
  EXPECT_EQ(functionBody(ir, "smc_compute_outputs").find(store), std::string::npos)
      << functionBody(ir, "smc_compute_outputs");
  EXPECT_NE(functionBody(ir, "smc_event_update").find(store), std::string::npos);
  EXPECT_NE(functionBody(ir, "smc_initialize").find(store), std::string::npos);
}

// The runtime names a made-up variable by the construct it stands for: an
// event iteration that does not converge, or a loop, reads these names.
TEST_F(HybridIrTest, HiddenVariablesAreNamedByTheirConstructInMessages) {
  causal::CausalModel counter = sampledCounter(0.0, 0.1);
  ASSERT_FALSE(counter.samples.empty());
  counter.samples[0].range = at(4, 8);
  const std::string ir = dump(counter);
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_NE(ir.find("c\"sample() at SampledCounter.mo:4:8\\00"), std::string::npos) << ir;
  EXPECT_NE(ir.find("\\00the tick counter of sample() at SampledCounter.mo:4:8\\00"),
            std::string::npos)
      << ir;
  const std::string ball = dump(bouncingBall());
  EXPECT_NE(ball.find("relation '"), std::string::npos) << ball;
}

TEST_F(HybridIrTest, ModelWithoutEventsHasBothEventCallbacks) {
  const std::string ir = dump(dahlquist());
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_NE(ir.find("i32 0, ptr @smc_event_indicators, ptr @smc_event_update, "),
            std::string::npos);
  EXPECT_EQ(functionBody(ir, "smc_event_indicators").find("store"), std::string::npos);
}

TEST_F(HybridIrTest, DivisionByZeroReportsItsLocation) {
  ModelBuilder m("Bad");
  flat::VarId n = m.parameter("n", integer(3), flat::BaseType::Integer);
  flat::VarId y = m.algebraic("y", true, flat::BaseType::Integer);
  m.model().outputBlocks = {
      assign(y, located(call(flat::Builtin::Div, {integer(1), var(n)}), at(3, 9)))};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_NE(ir.find("c\"integer division by zero in div() at Bad.mo:3:9\\00\""), std::string::npos)
      << ir;
  EXPECT_NE(ir.find("call void @smc_report_failure(ptr %data, ptr @smc_message0)"),
            std::string::npos);
}

TEST_F(HybridIrTest, FunctionIsInternalWithDataInputsAndOutputPointers) {
  ModelBuilder m("Calls");
  flat::VarId y = m.algebraic("y", true);
  m.model().flat.functions = {newtonSqrt()};
  m.model().outputBlocks = {assign(y, functionCall(0, {timeExpr()}))};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_NE(ir.find("define internal i32 @function.Lib.newtonSqrt(ptr %data, double %a, double "
                    "%tolerance, ptr %root.out)"),
            std::string::npos)
      << ir;
  // The caller fills in the default tolerance and fails when the callee does.
  const std::string outputs = functionBody(ir, "smc_compute_outputs");
  EXPECT_NE(outputs.find("double 1.000000e-13"), std::string::npos) << outputs;
  EXPECT_NE(outputs.find("call i32 @function.Lib.newtonSqrt(ptr %data"), std::string::npos);
  EXPECT_NE(outputs.find("br i1 %"), std::string::npos);
}

TEST_F(HybridIrTest, FunctionAssertCallsTheRuntimeWithMessageAndLocation) {
  ModelBuilder m("Checked");
  flat::VarId y = m.algebraic("y", true);
  m.model().flat.functions = {checkedSqrt(flat::AssertLevel::Error)};
  m.model().outputBlocks = {assign(y, functionCall(0, {real(2)}))};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_NE(ir.find("c\"x must not be negative (assert at Checked.mo:7:5)\\00\""),
            std::string::npos)
      << ir;
  EXPECT_NE(functionBody(ir, "function.Lib.checkedSqrt").find("call void @smc_assert_failed(ptr %data, i32 0"),
            std::string::npos);
}

// Models whose only block is `y := value`, for the error tests.
causal::CausalModel assigning(flat::BaseType type, ExprPtr value) {
  ModelBuilder m("Bad");
  flat::VarId y = m.algebraic("y", true, type);
  m.model().outputBlocks = {assign(y, std::move(value), at(3, 5))};
  return m.model();
}

TEST_F(HybridIrTest, SampleOrTupleLeftInAnExpressionIsAnError) {
  flat::Expr sample{};
  sample.kind = flat::ExprKind::Sample;
  sample.args = {real(0), real(1)};
  EXPECT_TRUE(
      dump(assigning(flat::BaseType::Boolean, std::make_shared<const flat::Expr>(sample))).empty());
  EXPECT_NE(errors().find("sample() reached the code generator"), std::string::npos) << errors();
  flat::Expr tuple{};
  tuple.kind = flat::ExprKind::Tuple;
  EXPECT_TRUE(
      dump(assigning(flat::BaseType::Real, std::make_shared<const flat::Expr>(tuple))).empty());
  EXPECT_NE(errors().find("a tuple (a, b) is only allowed"), std::string::npos) << errors();
}

TEST_F(HybridIrTest, MisusedConstructsInFunctionsAreLocatedErrors) {
  auto withFunction = [](flat::Function fn) {
    ModelBuilder m("Bad");
    flat::VarId y = m.algebraic("y", true);
    m.model().flat.functions = {std::move(fn)};
    m.model().outputBlocks = {assign(y, functionCall(0, {real(1)}))};
    return m.model();
  };
  {  // time inside a function
    FunctionBuilder f("f");
    f.input("x", flat::BaseType::Real);
    VarId out = f.output("y", flat::BaseType::Real);
    f.body({assignStatement(out, located(timeExpr(), at(4, 12)))});
    EXPECT_TRUE(dump(withFunction(f.build())).empty());
  }
  {  // assignment to an input
    FunctionBuilder f("g");
    VarId x = f.input("x", flat::BaseType::Real);
    f.output("y", flat::BaseType::Real);
    flat::Statement s = assignStatement(x, real(2));
    s.range = at(5, 3);
    f.body({s});
    EXPECT_TRUE(dump(withFunction(f.build())).empty());
  }
  {  // break outside a loop, and a message that is not a String
    FunctionBuilder f("h");
    VarId x = f.input("x", flat::BaseType::Real);
    f.output("y", flat::BaseType::Real);
    flat::Statement check = assertStatement(boolean(true), "");
    check.message = real(1);
    f.body({jumpStatement(flat::StatementKind::Break), check, assignStatement(x, real(0))});
    EXPECT_TRUE(dump(withFunction(f.build())).empty());
  }
  const std::vector<std::string> expected = {
      "'time' cannot be used inside a function", "assignment to 'x', an input of 'g'",
      "'break' outside a for- or while-loop",
      "a message must be a String, not a Real expression",
      "assignment to 'x', an input of 'h'"};
  ASSERT_EQ(diags.errorCount(), expected.size()) << errors();
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_NE(diags.diagnostics()[i].message.find(expected[i]), std::string::npos)
        << diags.diagnostics()[i].message;
  EXPECT_EQ(diags.diagnostics()[0].range.begin.line, 4u);
  EXPECT_EQ(diags.diagnostics()[1].range.begin.line, 5u);
}

TEST_F(HybridIrTest, ReinitOfANonStateIsAnError) {
  causal::CausalModel model = bouncingBall();
  auto& when = std::get<causal::WhenBlock>(model.eventBlocks[4]);
  when.branches[0].actions[0].target = 0;  // the parameter g
  when.branches[0].actions[0].range = at(14, 5);
  EXPECT_TRUE(dump(model).empty());
  ASSERT_GE(diags.errorCount(), 1u);
  EXPECT_NE(diags.diagnostics()[0].message.find("reinit() of 'g', which is not a state"),
            std::string::npos)
      << errors();
  EXPECT_EQ(diags.diagnostics()[0].range.begin.line, 14u);
}

TEST_F(HybridIrTest, WhenStatementInsideAFunctionAndNestedWhenAreErrors) {
  flat::Statement inner;
  inner.kind = flat::StatementKind::When;
  inner.conditions = {boolean(true)};
  inner.branches = {{}};
  flat::Statement outer = inner;
  outer.branches = {{inner}};
  {
    FunctionBuilder f("f");
    f.input("x", flat::BaseType::Real);
    f.output("y", flat::BaseType::Real);
    f.body({inner});
    ModelBuilder m("Bad");
    flat::VarId y = m.algebraic("y", true);
    m.model().flat.functions = {f.build()};
    m.model().outputBlocks = {assign(y, functionCall(0, {real(1)}))};
    EXPECT_TRUE(dump(m.model()).empty());
  }
  {
    ModelBuilder m("Nested");
    flat::VarId n = m.discrete("n", flat::BaseType::Integer, integer(0), true);
    causal::AlgorithmBlock algorithm;
    algorithm.statements = {outer};
    algorithm.outputs = {n};
    m.model().eventBlocks = {algorithm};
    EXPECT_TRUE(dump(m.model()).empty());
  }
  ASSERT_EQ(diags.errorCount(), 2u) << errors();
  EXPECT_NE(diags.diagnostics()[0].message.find("a when-statement cannot be used inside a function"),
            std::string::npos);
  EXPECT_NE(diags.diagnostics()[1].message.find("cannot be nested"), std::string::npos);
}

TEST_F(HybridIrTest, CallWithWrongArgumentsIsAnError) {
  ModelBuilder m("Bad");
  flat::VarId y = m.algebraic("y", true);
  m.model().flat.functions = {newtonSqrt()};
  m.model().outputBlocks = {assign(y, functionCall(0, {})),  // `a` has no default
                            assign(y, functionCall(0, {real(1), real(2), real(3)})),
                            assign(y, functionCall(0, {real(1)}, 1))};  // one output only
  EXPECT_TRUE(dump(m.model()).empty());
  ASSERT_EQ(diags.errorCount(), 3u) << errors();
  EXPECT_NE(errors().find("gives no value for its input 'a', which has no default"),
            std::string::npos);
  EXPECT_NE(errors().find("'Lib.newtonSqrt' takes 2 inputs, not 3"), std::string::npos);
  EXPECT_NE(errors().find("'Lib.newtonSqrt' has 1 output; its value number 2 is used"),
            std::string::npos);
}

}  // namespace
}  // namespace smc::codegen
