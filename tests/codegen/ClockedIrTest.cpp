// IR and layout of clocked partitions: the partition's code sits behind
// one branch on its tick in event_update and nowhere else (continuous
// callbacks and initialize leave its variables alone), partition Reals are
// discrete for the event iteration, and ticks of a rational sample are
// computed as (k*interval)/resolution.
#include "ClockedModels.h"
#include "CodegenFixture.h"
#include "codegen/Codegen.h"
#include "codegen/Layout.h"

#include "smc/model.h"

#include <gtest/gtest.h>

#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;

class ClockedIrTest : public CodegenFixture {
protected:
  std::string dump(const ClockedModel& clocked) {
    const causal::CausalModel* model = causalOrFail(clocked);
    return model ? CodegenFixture::dump(*model) : "";
  }
};

TEST_F(ClockedIrTest, PartitionRunsBehindItsTickInEventUpdateOnly) {
  const std::string ir = dump(fastClock());
  ASSERT_FALSE(ir.empty()) << errors();
  const std::string update = functionBody(ir, "smc_event_update");
  ASSERT_FALSE(update.empty()) << ir;
  EXPECT_EQ(countLinesStartingWith(update, "clocked.tick:"), 1u) << update;
  EXPECT_EQ(countLinesStartingWith(update, "clocked.done:"), 1u) << update;
  // The branch is on the loaded tick Boolean.
  EXPECT_TRUE(std::regex_search(
      update, std::regex(R"(br i1 %[\w.]+, label %clocked\.tick, label %clocked\.done)")))
      << update;
  for (const char* name :
       {"smc_initialize", "smc_compute_derivatives", "smc_compute_outputs", "smc_event_indicators"})
    EXPECT_EQ(functionBody(ir, name).find("clocked."), std::string::npos) << name << "\n" << functionBody(ir, name);
}

TEST_F(ClockedIrTest, PartitionRelationIsEvaluatedDirectly) {
  const ClockedModel clocked = fastClock();
  ASSERT_TRUE(clocked.model) << clocked.messages;
  EXPECT_TRUE(clocked.model->zeroCrossings.empty());
  const std::string ir = dump(clocked);
  ASSERT_FALSE(ir.empty()) << errors();
  EXPECT_TRUE(
      std::regex_search(ir, std::regex(R"(@smc_model = .*ptr @smc_compute_outputs, i32 0, )")))
      << ir;
  // n > 5 on Integers, inside the partition's block.
  const std::string update = functionBody(ir, "smc_event_update");
  const std::string partition = update.substr(update.find("\nclocked.tick:"));
  EXPECT_NE(partition.find("icmp sgt i32"), std::string::npos) << update;
}

TEST_F(ClockedIrTest, PartitionRealsAreDiscreteAndKeepTheirStart) {
  const ClockedModel clocked = sampledDecay();
  ASSERT_TRUE(clocked.model) << clocked.messages;
  std::optional<Layout> layout = buildLayout(*clocked.model, diags);
  ASSERT_TRUE(layout) << errors();
  const VarInfo* xd = nullptr;
  for (const VarInfo& info : layout->vars)
    if (clocked.model->flat.variables[info.id].name == "xd") xd = &info;
  ASSERT_NE(xd, nullptr);
  EXPECT_EQ(xd->variability, FmiVariability::Discrete);
  EXPECT_NE(xd->flags & SMC_VAR_DISCRETE, 0);
  EXPECT_EQ(xd->initial, FmiInitial::Exact);  // the partition does not run at initialization
  EXPECT_EQ(xd->causality, FmiCausality::Output);
}

TEST_F(ClockedIrTest, RationalSampleTicksMultiplyThenDivide) {
  const std::string ir = dump(clockedCounter());
  ASSERT_FALSE(ir.empty()) << errors();
  // (k * 1.0) / 10.0 + 0.0 in update and next-time-event alike.
  const std::regex tick(
      R"((%[\w.]+) = fmul double %[\w.]+, 1\.000000e\+00\n\s+(%[\w.]+) = fdiv double \1, )"
      R"(1\.000000e\+01\n\s+%tick[\w.]* = fadd double 0\.000000e\+00, \2)");
  const std::string update = functionBody(ir, "smc_event_update");
  auto begin = std::sregex_iterator(update.begin(), update.end(), tick);
  EXPECT_EQ(std::distance(begin, std::sregex_iterator()), 2) << update;
  const std::string initialize = functionBody(ir, "smc_initialize");
  EXPECT_TRUE(std::regex_search(initialize, std::regex(R"(sample\.valid)"))) << initialize;
  // The resolution is checked before use, like the interval.
  EXPECT_NE(ir.find("the resolution of sample() at"), std::string::npos) << ir;
}

// `v = if g then e else pre(v)` (a state's equation) stores only when g
// holds, and consecutive ones with the same g share one branch: an
// inactive state costs one test.
TEST_F(ClockedIrTest, AssignmentsGuardedByOneFlagShareOneBranchWithoutElseStores) {
  const std::string ir = dump(guardedState());
  ASSERT_FALSE(ir.empty()) << errors();
  const std::string update = functionBody(ir, "smc_event_update");
  EXPECT_EQ(countLinesStartingWith(update, "state.active:"), 1u) << update;
  EXPECT_EQ(countLinesStartingWith(update, "state.next:"), 1u) << update;
  // Both stores sit behind the branch; the path around it stores nothing.
  const size_t active = update.find("\nstate.active:");
  const size_t next = update.find("\nstate.next:");
  ASSERT_LT(active, next);
  const std::string body = update.substr(active, next - active);
  size_t stores = 0;
  for (size_t at = body.find("store i32"); at != std::string::npos; at = body.find("store i32", at + 1)) ++stores;
  EXPECT_EQ(stores, 2u) << body;
  EXPECT_TRUE(std::regex_search(update, std::regex(R"(br i1 %[\w.]+, label %state\.active, label %state\.next)")))
      << update;
}

}  // namespace
}  // namespace smc::codegen
