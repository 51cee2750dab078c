// FMUs whose module is split into partitions compiled on several cores
// (codegen/ModuleSplit.h, ParallelBackend.h): forcing the split on a model
// with chunks, a user function and an event must not change what the FMU
// computes, and the result must stay reproducible.
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <cmath>

namespace smc::codegen {
namespace {

using namespace testing;

// 300 lags (several chunks per callback), a function that the chunks call,
// and a step of the input at t = 0.25 (an event).
constexpr const char* kModel = R"(model Split
  function gain
    input Real x;
    output Real y;
  algorithm
    y := 2 * x;
  end gain;
  parameter Integer n = 300;
  Real u = if time < 0.25 then 0 else 1;
  Real x[n](each start = 0, each fixed = true);
equation
  der(x[1]) = gain(u - x[1]);
  for i in 2:n loop
    der(x[i]) = gain(x[i - 1] - x[i]);
  end for;
end Split;
)";

class PartitionedFmuTest : public FmuFixture {
protected:
  void SetUp() override {
    std::string messages;
    model = test::causalModelOf(kModel, &messages);
    ASSERT_TRUE(model) << messages;
  }

  std::string buildWith(size_t instructionsPerPartition, const std::string& file) {
    CodegenOptions options;
    options.sourceFileName = "Split.mo";
    options.instructionsPerPartition = instructionsPerPartition;
    return build(*model, file, options);
  }

  std::string sharedObjectOf(const std::string& fmu) {
    return zipEntry(fmu, "binaries/linux64/Split.so");
  }

  // x[1], x[10], x[300] at t = 0.5 (after the event).
  std::vector<double> simulate(const std::string& fmu) {
    FmuRun run(fmu, "Split", scratch.file(""));
    EXPECT_EQ(run.error(), "");
    EXPECT_EQ(run.initialize(), fmi2OK) << run.log();
    for (int i = 0; i < 50; ++i) EXPECT_EQ(run.step(0.01), fmi2OK) << run.log();
    return {run.real("x[1]"), run.real("x[10]"), run.real("x[300]")};
  }

  std::optional<causal::CausalModel> model;
};

TEST_F(PartitionedFmuTest, SplitFmuComputesExactlyWhatTheWholeModuleComputes) {
  const std::string whole = buildWith(kInstructionsPerPartition, "whole.fmu");
  const std::string split = buildWith(1, "split.fmu");  // as many partitions as allowed
  ASSERT_FALSE(whole.empty() || split.empty()) << errors();
  // The moved chunks' symbols show that the split happened, and only there.
  EXPECT_EQ(sharedObjectOf(whole).find("smc.part."), std::string::npos);
  EXPECT_NE(sharedObjectOf(split).find("smc.part."), std::string::npos);

  const std::vector<double> expected = simulate(whole);
  // der(x[1]) = 2 (1 - x[1]) from t = 0.25: x[1](0.5) = 1 - exp(-0.5).
  EXPECT_NEAR(expected[0], 1 - std::exp(-0.5), 1e-4);
  EXPECT_GT(expected[1], 0.0);
  EXPECT_EQ(simulate(split), expected);
}

TEST_F(PartitionedFmuTest, SplitFmuIsByteIdenticalWhenBuiltTwice) {
  const std::string first = buildWith(1, "first.fmu");
  const std::string second = buildWith(1, "second.fmu");
  ASSERT_FALSE(first.empty() || second.empty()) << errors();
  EXPECT_EQ(readFile(first), readFile(second));
}

}  // namespace
}  // namespace smc::codegen
