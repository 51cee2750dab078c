// The FMU state functions of smc's FMUs under `smc verify-state` (the
// paper's Algorithm 1, importer/VerifyState.h): every example and every
// shared model (continuous, hybrid, clocked and state machine ones, so that
// detours cross events, sample ticks and transitions) must pass the
// hypothesis test with the defaults (N = 100 trials). The seed is fixed so
// that a failure names a counterexample that can be replayed.
#include "e2e/E2eSupport.h"
#include "importer/VerifyState.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

namespace {

namespace fs = std::filesystem;

std::vector<std::string> modelsToVerify() {
  std::vector<std::string> paths;
  for (const auto& entry : fs::directory_iterator(std::string(SMC_SOURCE_DIR) + "/examples"))
    if (entry.path().extension() == ".mo") paths.push_back(entry.path().string());
  for (const char* dir : {"continuous", "clocked", "statemachines"})
    for (const auto& entry : fs::directory_iterator(smc::test::sharedModel(dir)))
      if (entry.path().extension() == ".mo") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

class VerifyStateOfModel : public ::testing::TestWithParam<std::string> {};

TEST_P(VerifyStateOfModel, PassesTheHypothesisTest) {
  const fs::path model = GetParam();
  std::string fmu = smc::test::compileModel(model.string(), model.stem().string() + ".verify.fmu");
  ASSERT_FALSE(fmu.empty());
  smc::importer::VerifyStateOptions options;
  options.fmuPath = fmu;
  options.seed = 2026;
  options.logSink = [](const smc::importer::LogMessage&) {};
  auto report = smc::importer::verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  std::ostringstream printed;
  smc::importer::printVerifyState(printed, *report);
  EXPECT_TRUE(report->rejected()) << printed.str();
  EXPECT_EQ(report->completed, 100u) << printed.str();
}

// An FMU linked with the runtime whose fmi2SetFMUstate leaves the first
// continuous state out (smc_runtime_broken_state): the detour's value of
// x survives the restore, so the first trial is a counterexample, and x is
// the variable it names.
TEST(VerifyStateOfBrokenFmu, StateThatLeavesOutAValueIsCaughtAndNamed) {
  std::string fmu = smc::test::compileModelWithRuntime(smc::test::example("Dahlquist.mo"), "Dahlquist.broken.fmu",
                                                       SMC_BROKEN_RUNTIME);
  smc::importer::VerifyStateOptions options;
  options.fmuPath = fmu;
  options.seed = 2026;
  options.logSink = [](const smc::importer::LogMessage&) {};
  auto report = smc::importer::verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_FALSE(report->rejected());
  EXPECT_EQ(report->counterexample->trial, 1u);
  ASSERT_TRUE(report->counterexample->firstDifferingVariable);
  EXPECT_EQ(report->counterexample->firstDifferingVariable->rfind("x: ", 0), 0u)
      << *report->counterexample->firstDifferingVariable;
  std::ostringstream printed;
  smc::importer::printVerifyState(printed, *report);
  EXPECT_NE(printed.str().find("first differing variable at t = 0.040000000000000001: x: "), std::string::npos)
      << printed.str();
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
  // The folder too: examples/ and the shared models both have a Dahlquist.
  const fs::path path = info.param;
  std::string name = path.parent_path().filename().string() + "_" + path.stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(ExamplesAndSharedModels, VerifyStateOfModel, ::testing::ValuesIn(modelsToVerify()), testName);

}  // namespace
