// `smc check` accepts every FMU smc produces: each examples/*.mo is
// compiled in-process and the FMU must have no error (warnings allowed).
#include "check/Check.h"

#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <vector>

namespace smc::check::test {
namespace {

std::vector<std::string> exampleModels() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(SMC_SOURCE_DIR "/examples")) {
    if (entry.path().extension() == ".mo") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class ExampleFmu : public ::testing::TestWithParam<std::string> {};

TEST_P(ExampleFmu, PassesTheCheck) {
  std::string model = std::string(SMC_SOURCE_DIR) + "/examples/" + GetParam() + ".mo";
  std::string fmu = smc::test::compileModel(model, GetParam() + ".fmu");
  CheckResult result = checkFmu(fmu);
  std::ostringstream report;
  printResult(result, report);
  EXPECT_TRUE(result.readable) << report.str();
  EXPECT_EQ(result.errorCount(), 0u) << report.str();
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleFmu, ::testing::ValuesIn(exampleModels()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(ExampleFmus, ThereAreExamplesToCheck) { EXPECT_GE(exampleModels().size(), 10u); }

}  // namespace
}  // namespace smc::check::test
