// IR and layout of clocked partitions: the partition's code sits behind
// one branch on its tick in event_update and nowhere else (continuous
// callbacks and initialize leave its variables alone), partition Reals are
// discrete for the event iteration, and ticks of a rational sample are
// computed as (k*interval)/resolution.
#include "ClockedModels.h"
#include "codegen/Codegen.h"
#include "codegen/Layout.h"

#include "smc/model.h"

#include <gtest/gtest.h>

#include <regex>

namespace smc::codegen {
namespace {

using namespace testing;

class ClockedIrTest : public ::testing::Test {
protected:
  ClockedIrTest() : diags(sources) { diags.setOutput(nullptr); }

  std::string dump(const ClockedModel& clocked) {
    if (!clocked.model) {
      ADD_FAILURE() << clocked.messages;
      return "";
    }
    CodegenOptions options;
    options.sourceFileName = clocked.model->flat.name + ".mo";
    return dumpLlvm(*clocked.model, options, diags).value_or("");
  }

  std::string errors() const {
    std::string text;
    for (const Diagnostic& d : diags.diagnostics()) text += d.message + "\n";
    return text;
  }

  SourceManager sources;
  DiagnosticEngine diags;
};

// The text of one function definition of the module.
std::string body(const std::string& ir, const std::string& name) {
  const size_t start = ir.find("define internal i32 @" + name + "(");
  if (start == std::string::npos) return "";
  return ir.substr(start, ir.find("\n}\n", start) - start);
}

// Occurrences of `what` at the start of a line (block labels).
size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  const std::string line = "\n" + what;
  for (size_t at = text.find(line); at != std::string::npos; at = text.find(line, at + 1)) ++n;
  return n;
}

TEST_F(ClockedIrTest, PartitionRunsBehindItsTickInEventUpdateOnly) {
  const std::string ir = dump(fastClock());
  ASSERT_FALSE(ir.empty()) << errors();
  const std::string update = body(ir, "smc_event_update");
  ASSERT_FALSE(update.empty()) << ir;
  EXPECT_EQ(count(update, "clocked.tick:"), 1u) << update;
  EXPECT_EQ(count(update, "clocked.done:"), 1u) << update;
  // The branch is on the loaded tick Boolean.
  EXPECT_TRUE(std::regex_search(
      update, std::regex(R"(br i1 %[\w.]+, label %clocked\.tick, label %clocked\.done)")))
      << update;
  for (const char* name :
       {"smc_initialize", "smc_compute_derivatives", "smc_compute_outputs", "smc_event_indicators"})
    EXPECT_EQ(body(ir, name).find("clocked."), std::string::npos) << name << "\n" << body(ir, name);
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
  const std::string update = body(ir, "smc_event_update");
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
  const std::string update = body(ir, "smc_event_update");
  auto begin = std::sregex_iterator(update.begin(), update.end(), tick);
  EXPECT_EQ(std::distance(begin, std::sregex_iterator()), 2) << update;
  const std::string initialize = body(ir, "smc_initialize");
  EXPECT_TRUE(std::regex_search(initialize, std::regex(R"(sample\.valid)"))) << initialize;
  // The resolution is checked before use, like the interval.
  EXPECT_NE(ir.find("the resolution of sample() at"), std::string::npos) << ir;
}

}  // namespace
}  // namespace smc::codegen
