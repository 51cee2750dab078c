// IR generation: the LLVM mirror of model.h has the C layout, the IR text
// (`smc --dump=llvm`) has the callbacks, loops and descriptor, and bad input
// gives diagnostics instead of crashes or invalid IR.
#include "CodegenFixture.h"
#include "TestModels.h"
#include "codegen/Backend.h"
#include "codegen/Codegen.h"
#include "codegen/IrTypes.h"
#include "smc/model.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>
#include <llvm/IR/DataLayout.h>

#include <cstddef>
#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;

TEST(IrTypesTest, StructsHaveTheCLayoutOfModelH) {
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine(error);
  ASSERT_TRUE(machine) << error;
  const llvm::DataLayout layout = machine->createDataLayout();
  llvm::LLVMContext context;
  IrTypes types = makeIrTypes(context);

  const llvm::StructLayout* data = layout.getStructLayout(types.modelData);
  EXPECT_EQ(data->getSizeInBytes(), sizeof(SmcModelData));
  EXPECT_EQ(data->getElementOffset(kDataTime), offsetof(SmcModelData, time));
  EXPECT_EQ(data->getElementOffset(kDataReals), offsetof(SmcModelData, reals));
  EXPECT_EQ(data->getElementOffset(kDataIntegers), offsetof(SmcModelData, integers));
  EXPECT_EQ(data->getElementOffset(kDataBooleans), offsetof(SmcModelData, booleans));
  EXPECT_EQ(data->getElementOffset(kDataInstance), offsetof(SmcModelData, instance));
  EXPECT_EQ(data->getElementOffset(kDataPreReals), offsetof(SmcModelData, pre_reals));
  EXPECT_EQ(data->getElementOffset(kDataPreIntegers), offsetof(SmcModelData, pre_integers));
  EXPECT_EQ(data->getElementOffset(kDataPreBooleans), offsetof(SmcModelData, pre_booleans));
  EXPECT_EQ(data->getElementOffset(kDataInitial), offsetof(SmcModelData, initial));
  EXPECT_EQ(data->getElementOffset(kDataTerminal), offsetof(SmcModelData, terminal));
  EXPECT_EQ(data->getElementOffset(kDataNextTimeEvent), offsetof(SmcModelData, next_time_event));
  EXPECT_EQ(data->getElementOffset(kDataCallDepth), offsetof(SmcModelData, call_depth));
  EXPECT_EQ(data->getElementOffset(kDataExternalObjects), offsetof(SmcModelData, external_objects));
  EXPECT_EQ(types.modelData->getNumElements(), kDataExternalObjects + 1);

  const llvm::StructLayout* model = layout.getStructLayout(types.model);
  EXPECT_EQ(model->getSizeInBytes(), sizeof(SmcModel));
  const size_t offsets[kModelFieldCount] = {
      offsetof(SmcModel, model_identifier), offsetof(SmcModel, guid),
      offsetof(SmcModel, num_reals),        offsetof(SmcModel, num_integers),
      offsetof(SmcModel, num_booleans),     offsetof(SmcModel, num_states),
      offsetof(SmcModel, state_refs),       offsetof(SmcModel, derivative_refs),
      offsetof(SmcModel, state_nominals),   offsetof(SmcModel, real_flags),
      offsetof(SmcModel, integer_flags),    offsetof(SmcModel, boolean_flags),
      offsetof(SmcModel, real_names),       offsetof(SmcModel, integer_names),
      offsetof(SmcModel, boolean_names),    offsetof(SmcModel, num_loops),
      offsetof(SmcModel, loop_descriptions), offsetof(SmcModel, default_tolerance),
      offsetof(SmcModel, num_pre_real_ranges), offsetof(SmcModel, pre_real_ranges),
      offsetof(SmcModel, num_pre_integer_ranges), offsetof(SmcModel, pre_integer_ranges),
      offsetof(SmcModel, num_pre_boolean_ranges), offsetof(SmcModel, pre_boolean_ranges),
      offsetof(SmcModel, set_start_values), offsetof(SmcModel, initialize),
      offsetof(SmcModel, compute_derivatives), offsetof(SmcModel, compute_outputs),
      offsetof(SmcModel, num_event_indicators), offsetof(SmcModel, event_indicators),
      offsetof(SmcModel, event_update),     offsetof(SmcModel, source_files),
      offsetof(SmcModel, num_source_files),
      offsetof(SmcModel, real_sources),     offsetof(SmcModel, indicator_descriptions),
      offsetof(SmcModel, non_finite_is_warning), offsetof(SmcModel, num_strings),
      offsetof(SmcModel, string_values),         offsetof(SmcModel, string_names),
      offsetof(SmcModel, event_reads_outputs), offsetof(SmcModel, settles_after_initialization),
      offsetof(SmcModel, num_delays),          offsetof(SmcModel, delay_value_refs),
      offsetof(SmcModel, num_torn_booleans),   offsetof(SmcModel, torn_boolean_refs),
      offsetof(SmcModel, num_external_objects), offsetof(SmcModel, destroy_external_objects),
      offsetof(SmcModel, construct_external_objects), offsetof(SmcModel, replay_external_call),
      offsetof(SmcModel, num_jacobian_nonzeros), offsetof(SmcModel, jacobian_column_starts),
      offsetof(SmcModel, jacobian_rows),        offsetof(SmcModel, needs_call_guard),
      offsetof(SmcModel, has_homotopy),         offsetof(SmcModel, homotopy_lambda_ref)};
  EXPECT_EQ(types.model->getNumElements(), static_cast<unsigned>(kModelFieldCount));
  for (unsigned i = 0; i < kModelFieldCount; ++i)
    EXPECT_EQ(model->getElementOffset(i), offsets[i]) << "field " << i;
}

class IrGenTest : public CodegenFixture {
protected:
  // The first diagnostic, or "" when there was none.
  std::string firstError() const {
    return diags.diagnostics().empty() ? "" : diags.diagnostics().front().message;
  }
};

TEST_F(IrGenTest, DumpHasTheCallbacksAndTheDescriptor) {
  const std::string ir = dump(dahlquist());
  ASSERT_FALSE(ir.empty()) << firstError();
  for (const char* expected :
       {"define internal void @smc_set_start_values(ptr %data)",
        "define internal i32 @smc_initialize(ptr %data)",
        "define internal i32 @smc_compute_derivatives(ptr %data)",
        "define internal i32 @smc_compute_outputs(ptr %data)",
        "define internal i32 @smc_event_indicators(ptr %data, ptr %indicators)",
        "define internal i32 @smc_event_update(ptr %data, ptr %states_reinitialized)",
        "@smc_model = hidden constant %SmcModel", "c\"Dahlquist\\00\"",
        // The Real names, back to back in value-reference order.
        "@smc_real_name_text = private unnamed_addr constant [13 x i8] c\"k\\00x\\00der(x)\\00y\\00\"",
        "target triple = \"x86_64-unknown-linux-gnu\""})
    EXPECT_NE(ir.find(expected), std::string::npos) << expected << "\n" << ir;
  std::smatch guid;
  ASSERT_TRUE(std::regex_search(
      ir, guid, std::regex(R"(@smc_guid = .*c"(\{[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\}))")));
  EXPECT_NE(guid[1].str(), "{00000000-0000-0000-0000-000000000000}");
}

// The field of the model's descriptor before has_homotopy and
// homotopy_lambda_ref, needs_call_guard: whether the
// runtime must run the callbacks under the guard that ModelicaError's
// longjmp and the call's run-time strings need.
std::string callGuardField(const std::string& ir) {
  std::smatch descriptor;
  if (!std::regex_search(ir, descriptor, std::regex(R"(@smc_model = hidden constant %SmcModel \{.*, (i32 [01]), i32 [01], i32 [0-9]+ \})")))
    return "no descriptor";
  return descriptor[1].str();
}

TEST_F(IrGenTest, APlainModelsCallbacksNeedNoGuard) {
  EXPECT_EQ(callGuardField(dump(dahlquist())), "i32 0");
}

TEST_F(IrGenTest, AModelThatBuildsStringsAtRunTimeNeedsTheGuard) {
  std::string messages;
  std::optional<causal::CausalModel> model = test::causalModelOf(R"(model Strings
  Real x = time;
equation
  assert(x < 10, "x is " + String(x));
end Strings;
)", &messages);
  ASSERT_TRUE(model) << messages;
  EXPECT_EQ(callGuardField(dump(*model)), "i32 1");
}

TEST_F(IrGenTest, DumpIsDeterministic) { EXPECT_EQ(dump(algebraicLoop()), dump(algebraicLoop())); }

TEST_F(IrGenTest, DifferentModelsGetDifferentGuids) {
  causal::CausalModel changed = dahlquist();
  changed.flat.variables[0].binding = real(2.5);  // k
  auto guidOf = [](const std::string& ir) {
    std::smatch m;
    std::regex_search(ir, m, std::regex(R"(@smc_guid = .*c"(\{[^}]*\}))"));
    return m[1].str();
  };
  EXPECT_NE(guidOf(dump(dahlquist())), guidOf(dump(changed)));
}

TEST_F(IrGenTest, AlgebraicLoopCallsTheSolverWithItsDescription) {
  const std::string ir = dump(algebraicLoop());
  ASSERT_FALSE(ir.empty()) << firstError();
  EXPECT_NE(ir.find("define internal i32 @smc_loop0_residual(ptr %data, ptr %x, ptr %residuals)"),
            std::string::npos);
  EXPECT_NE(ir.find("call i32 @smc_solve_algebraic_loop(ptr %data, i32 0, i32 2, ptr "
                    "@smc_loop0_unknowns, ptr @smc_loop0_residual)"),
            std::string::npos)
      << ir;
  // The same loop in compute_derivatives is loop 1, with its own solver
  // but the residual function emitted for loop 0.
  EXPECT_NE(ir.find("@smc_solve_algebraic_loop(ptr %data, i32 1, i32 2, ptr @smc_loop1_unknowns, ptr "
                    "@smc_loop0_residual)"),
            std::string::npos)
      << ir;
  EXPECT_EQ(ir.find("@smc_loop1_residual"), std::string::npos);
  EXPECT_NE(ir.find("equations at Loop.mo:5:3, Loop.mo:6:3 for a, b"), std::string::npos);
}

// The loop of algebraicLoop() torn by hand: the solver iterates on a alone
// and the residual function computes b := a before the residual a*b - x.
TEST_F(IrGenTest, TornLoopComputesItsExplicitPartInsideTheResidual) {
  causal::CausalModel model = algebraicLoop();
  for (auto* list : {&model.initialization, &model.derivativeBlocks}) {
    auto& loop = std::get<causal::AlgebraicLoop>(list->front());
    const flat::VarId b = loop.unknowns[1];
    loop.unknowns.pop_back();
    loop.residuals.pop_back();
    loop.ranges.pop_back();
    loop.torn = {causal::Assign{b, var(loop.unknowns[0]), at(6, 3)}};
  }
  const std::string ir = dump(model);
  ASSERT_FALSE(ir.empty()) << firstError();
  EXPECT_NE(ir.find("@smc_solve_algebraic_loop(ptr %data, i32 0, i32 1, ptr @smc_loop0_unknowns"),
            std::string::npos)
      << ir;
  const size_t residual = ir.find("define internal i32 @smc_loop0_residual(");
  ASSERT_NE(residual, std::string::npos) << ir;
  const std::string body = ir.substr(residual, ir.find("\n}\n", residual) - residual);
  // b is stored from a, after a is stored from x and before the residual.
  const size_t storeA = body.find("store double %1, ptr %a.slot"), storeB = body.find("store double %a, ptr %b.slot");
  EXPECT_NE(storeA, std::string::npos) << body;
  EXPECT_NE(storeB, std::string::npos) << body;
  EXPECT_LT(storeA, storeB) << body;
  EXPECT_LT(storeB, body.find("fmul double")) << body;
  EXPECT_NE(ir.find("equations at Loop.mo:5:3 for a (solved explicitly: equations at Loop.mo:6:3 for b)"),
            std::string::npos);
}

TEST_F(IrGenTest, TornLoopWithAnUnknownExplicitTargetIsAnInternalErrorNotACrash) {
  causal::CausalModel model = algebraicLoop();
  auto& loop = std::get<causal::AlgebraicLoop>(model.derivativeBlocks.front());
  loop.torn = {causal::Assign{9999, var(loop.unknowns[0]), at(6, 3)}};
  EXPECT_TRUE(dump(model).empty());
  EXPECT_NE(firstError().find("internal error: loop unknown 9999 does not exist"), std::string::npos)
      << firstError();
}

TEST_F(IrGenTest, IfExpressionBranchesInsteadOfSelecting) {
  ModelBuilder m("Branches");
  flat::VarId p = m.parameter("p", real(1.0));
  flat::VarId y = m.algebraic("y", true);
  m.model().outputBlocks = {assign(y, ifExpr(binary(flat::Op::Greater, var(p), real(0.0)),
                                             call(flat::Builtin::Sqrt, {var(p)}), real(0.0)))};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << firstError();
  EXPECT_NE(ir.find("br i1"), std::string::npos);
  EXPECT_NE(ir.find("phi double"), std::string::npos);
  EXPECT_EQ(ir.find("select"), std::string::npos);
}

TEST_F(IrGenTest, IfExpressionWithCheapArmsSelectsWithoutBranching) {
  ModelBuilder m("Selects");
  flat::VarId p = m.parameter("p", real(1.0));
  flat::VarId y = m.algebraic("y", true);
  m.model().outputBlocks = {assign(y, ifExpr(binary(flat::Op::Greater, var(p), real(0.0)),
                                             binary(flat::Op::Mul, var(p), real(2.0)),
                                             ifExpr(binary(flat::Op::Less, var(p), real(-1.0)), real(-1.0), var(p))))};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << firstError();
  EXPECT_NE(ir.find("select i1 %"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("phi double"), std::string::npos) << ir;
}

TEST_F(IrGenTest, IfExpressionWithADivisionBranches) {
  ModelBuilder m("DividesInOneArm");
  flat::VarId p = m.parameter("p", real(1.0));
  flat::VarId y = m.algebraic("y", true);
  m.model().outputBlocks = {assign(y, ifExpr(binary(flat::Op::Greater, var(p), real(0.0)),
                                             binary(flat::Op::Div, real(1.0), var(p)), real(0.0)))};
  const std::string ir = dump(m.model());
  ASSERT_FALSE(ir.empty()) << firstError();
  EXPECT_NE(ir.find("phi double"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("select i1 %"), std::string::npos) << ir;
}

// Models whose only block is `y := value`, for the error tests.
causal::CausalModel assigning(flat::BaseType type, ExprPtr value) {
  ModelBuilder m("Bad");
  flat::VarId y = m.algebraic("y", true, type);
  m.model().outputBlocks = {assign(y, std::move(value), at(3, 5))};
  return m.model();
}

TEST_F(IrGenTest, DerLeftInAnEquationIsAnInternalError) {
  causal::CausalModel model = assigning(flat::BaseType::Real, der(real(1.0)));
  EXPECT_TRUE(dump(model).empty());
  EXPECT_NE(firstError().find("der()"), std::string::npos) << firstError();
}

TEST_F(IrGenTest, TypeErrorsAreDiagnosed) {
  EXPECT_TRUE(dump(assigning(flat::BaseType::Real, binary(flat::Op::Add, boolean(true), real(1))))
                  .empty());
  EXPECT_TRUE(dump(assigning(flat::BaseType::Integer, real(1.5))).empty());
  EXPECT_TRUE(dump(assigning(flat::BaseType::Boolean, integer(1))).empty());
  EXPECT_TRUE(dump(assigning(flat::BaseType::Real, ifExpr(real(1), real(1), real(2)))).empty());
  EXPECT_TRUE(
      dump(assigning(flat::BaseType::Real, call(flat::Builtin::Sin, {boolean(true)}))).empty());
  EXPECT_EQ(diags.errorCount(), 5u);
  for (const Diagnostic& d : diags.diagnostics())
    EXPECT_EQ(d.message.find("internal error"), std::string::npos) << d.message;
  // The assignment's range locates a conversion error.
  EXPECT_NE(diags.diagnostics()[1].message.find("expected an Integer expression, found a Real one"),
            std::string::npos)
      << diags.diagnostics()[1].message;
  EXPECT_EQ(diags.diagnostics()[1].range.begin.line, 3u);
}

TEST_F(IrGenTest, WrongArityAndOversizedLiteralsAreDiagnosed) {
  EXPECT_TRUE(dump(assigning(flat::BaseType::Real, call(flat::Builtin::Atan2, {real(1)}))).empty());
  EXPECT_NE(firstError().find("'atan2' takes 2 arguments, not 1"), std::string::npos)
      << firstError();
  EXPECT_TRUE(dump(assigning(flat::BaseType::Integer, integer(1LL << 40))).empty());
  EXPECT_EQ(diags.errorCount(), 2u);
}

TEST_F(IrGenTest, InvalidModelIdentifierIsRejected) {
  CodegenOptions options;
  options.modelIdentifier = "not an identifier";
  EXPECT_FALSE(dumpLlvm(dahlquist(), options, diags));
  EXPECT_EQ(diags.errorCount(), 1u);
}

TEST(ModelIdentifierTest, DerivedFromTheModelNameAsACIdentifier) {
  EXPECT_EQ(modelIdentifierFor("Modelica.Blocks.Examples.PID"), "Modelica_Blocks_Examples_PID");
  EXPECT_EQ(modelIdentifierFor("'quoted name'"), "_quoted_name_");
  EXPECT_EQ(modelIdentifierFor("1st"), "_1st");
  EXPECT_EQ(modelIdentifierFor(""), "model");
}

}  // namespace
}  // namespace smc::codegen
