// The clocks stage on models parsed and flattened by the real pipeline: the
// shared clocked models (SampledPI, RateChanges) and a few inline sources.
// These depend on flattening producing clocked constructs (Clock variables,
// clock operators, Equation::clock) and, for the last test, on the
// causalizer accepting clocked partitions.
#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <map>

namespace smc::test {
namespace {

struct PipelineRun : FlatRun {
  std::optional<clocks::Partitioning> partitioning;
  std::optional<flat::FlatModel> lowered;
};

// Parses, flattens, infers and lowers `source` (an empty optional marks
// the stage that failed).
std::unique_ptr<PipelineRun> runPipeline(const std::string& source) {
  auto run = std::make_unique<PipelineRun>();
  flattenInto(*run, source);
  if (!run->flat || run->diags.hasErrors()) return run;
  run->partitioning = clocks::inferClocks(*run->flat, run->diags);
  if (!run->partitioning) return run;
  run->lowered = clocks::lowerClocks(*run->flat, *run->partitioning, run->diags);
  return run;
}

std::string sharedModel(const std::string& name) {
  return readFile(std::string(SMC_SHARED_MODELS) + "/clocked/" + name + ".mo");
}

std::vector<std::string> variableNames(const flat::FlatModel& model, const std::vector<flat::VarId>& vars) {
  std::vector<std::string> out;
  for (flat::VarId v : vars) out.push_back(model.variables[v].name);
  return out;
}

TEST(ClockPipeline, SharedSampledPIHasOneControllerPartitionOnClockPointOne) {
  auto run = runPipeline(sharedModel("SampledPI"));
  ASSERT_TRUE(run->partitioning) << run->printed();
  const auto& p = *run->partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  EXPECT_EQ(p.baseClocks[0].text, "Clock(0.1)");
  ASSERT_EQ(p.subPartitions.size(), 1u);
  EXPECT_EQ(variableNames(*run->flat, p.subPartitions[0].variables),
            (std::vector<std::string>{"xd", "e", "integral", "ud"}));
  // der(x), u = hold(ud), y = x stay continuous-time.
  EXPECT_EQ(p.continuousEquations.size(), 3u);
  ASSERT_TRUE(run->lowered) << run->printed();
  ASSERT_EQ(run->lowered->clockedPartitions.size(), 1u);
  EXPECT_EQ(run->lowered->clockedPartitions[0].equations.size(), 4u);
}

TEST(ClockPipeline, SharedRateChangesGridTicksEveryTenthOfASecond) {
  auto run = runPipeline(sharedModel("RateChanges"));
  ASSERT_TRUE(run->partitioning) << run->printed();
  const auto& p = *run->partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  ASSERT_EQ(p.subPartitions.size(), 4u);
  EXPECT_EQ(p.subPartitions[0].clockText, "Clock(0.2)");
  EXPECT_EQ(p.subPartitions[1].clockText, "subSample(Clock(0.2), 3)");
  EXPECT_EQ(p.subPartitions[2].clockText, "superSample(Clock(0.2), 2)");
  EXPECT_EQ(p.subPartitions[3].clockText, "shiftSample(Clock(0.2), 1)");
  // As in ClockInference.RateChangesGrid...: L = 2, gcd 1.
  auto grid = clocks::computeGrid(p.baseClocks[0], p.subPartitions);
  EXPECT_DOUBLE_EQ(grid.interval, 0.2);
  EXPECT_DOUBLE_EQ(grid.resolution, 2.0);
  EXPECT_EQ(grid.periods, (std::vector<int64_t>{2, 6, 1, 2}));
  EXPECT_EQ(grid.offsets, (std::vector<int64_t>{0, 0, 0, 2}));
  ASSERT_TRUE(run->lowered) << run->printed();
  for (const flat::Variable& v : run->lowered->variables) EXPECT_NE(v.type, flat::BaseType::Clock) << v.name;
}

TEST(ClockPipeline, ConflictingClocksPointAtTheSourceLines) {
  auto run = runPipeline(
      "model Conflict\n"
      "  Real a;\n"
      "  Real b;\n"
      "equation\n"
      "  a = sample(time, Clock(0.1));\n"
      "  b = a + sample(time, Clock(0.2));\n"
      "end Conflict;\n");
  ASSERT_TRUE(run->flat) << run->printed();
  EXPECT_FALSE(run->partitioning);
  std::string printed = run->printed();
  EXPECT_NE(printed.find("test.mo:6:"), std::string::npos) << printed;
  EXPECT_NE(printed.find("error: conflicting clocks in one partition: Clock(0.2) and Clock(0.1)"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("test.mo:5:"), std::string::npos) << printed;
}

// tests/e2e/models/InferredFactors.mo: the inferred factors are 5 and 3,
// and all three partitions share one base clock.
TEST(ClockPipeline, InferredFactorsJoinExactClocks) {
  auto run = runPipeline(readFile(std::string(SMC_SOURCE_DIR) + "/tests/e2e/models/InferredFactors.mo"));
  ASSERT_TRUE(run->partitioning) << run->printed();
  const auto& p = *run->partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  ASSERT_EQ(p.subPartitions.size(), 3u);
  std::map<std::string, std::string> clockOf;
  for (const auto& sub : p.subPartitions)
    for (const std::string& name : variableNames(*run->flat, sub.variables)) clockOf[name] = sub.clockText;
  EXPECT_EQ(clockOf["slow"], "Clock(10, 1000)");
  EXPECT_EQ(clockOf["fast"], "superSample(Clock(10, 1000), 5)");
  EXPECT_EQ(clockOf["sum"], "subSample(superSample(Clock(10, 1000), 5), 3)");
}

TEST(ClockPipeline, InferredFactorsThatCannotBeFoundAreLocatedErrors) {
  struct Case {
    const char* equations;
    const char* message;
  };
  const Case cases[] = {
      {"  a = sample(time, Clock(10, 1000));\n  b = superSample(a) + sample(time, Clock(3, 1000));\n",
       "test.mo:6:7: error: the inferred factor of superSample() is not a positive Integer: the output clock's "
       "interval is 3/10 times the input's"},
      {"  a = sample(time, Clock(0.1));\n  b = subSample(a);\n",
       "test.mo:6:7: error: cannot infer the factor of subSample(): give it, or give both its input and its output "
       "an exact clock"},
  };
  for (const Case& c : cases) {
    auto run = runPipeline(std::string("model M\n  Real a;\n  Real b;\nequation\n") + c.equations + "end M;\n");
    ASSERT_TRUE(run->flat) << run->printed();
    EXPECT_FALSE(run->partitioning);
    EXPECT_NE(run->printed().find(c.message), std::string::npos) << run->printed();
  }
}

TEST(ClockPipeline, EventClockWithIntervalLowersToConditionAndTickTime) {
  auto run = runPipeline(
      "model EventClock\n"
      "  Clock rising = Clock(time > 0.5, 0.25);\n"
      "  Integer n(start = 0);\n"
      "  Real dt;\n"
      "equation\n"
      "  when rising then\n"
      "    n = previous(n) + 1;\n"
      "    dt = interval();\n"
      "  end when;\n"
      "end EventClock;\n");
  ASSERT_TRUE(run->lowered) << run->printed();
  const flat::FlatModel& m = *run->lowered;
  ASSERT_EQ(m.clockedPartitions.size(), 1u);
  EXPECT_EQ(m.clockedPartitions[0].variables.size(), m.clockedPartitions[0].equations.size());
  EXPECT_EQ(m.variables[m.clockedPartitions[0].tick].name, "$clock1.tick");
}

TEST(ClockPipeline, LoweredSampledPIIsAcceptedByTheCausalizer) {
  auto run = runPipeline(sharedModel("SampledPI"));
  ASSERT_TRUE(run->lowered) << run->printed();
  auto causal = causal::causalize(std::move(*run->lowered), run->diags);
  EXPECT_TRUE(causal) << run->printed();
}

}  // namespace
}  // namespace smc::test
