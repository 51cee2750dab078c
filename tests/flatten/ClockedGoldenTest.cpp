// Golden tests of `--dump=flat` for the shared clocked models
// (SMC_SHARED_MODELS/clocked): each flattens to exactly golden/<name>.flat,
// written by hand from the flattening rules of spec 16 (clock operators
// kept as written with their defaults filled in, clocked when-clauses
// printed around their equations).
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

namespace fs = std::filesystem;

class ClockedGolden : public testing::TestWithParam<std::string> {};

TEST_P(ClockedGolden, SharedModelDumpMatchesExpectation) {
  fs::path model = fs::path(SMC_SHARED_MODELS) / "clocked" / (GetParam() + ".mo");
  fs::path golden = fs::path(SMC_SOURCE_DIR) / "tests/flatten/golden" / (GetParam() + ".flat");
  std::string source = smc::test::readFile(model.string());
  std::string expected = smc::test::readFile(golden.string());
  ASSERT_FALSE(source.empty()) << model;
  ASSERT_FALSE(expected.empty()) << golden;
  auto result = smc::test::flattenSource(source, "", GetParam() + ".mo");
  ASSERT_TRUE(result.ok) << result.diagnostics;
  EXPECT_EQ(result.text, expected);
}

INSTANTIATE_TEST_SUITE_P(Shared, ClockedGolden, testing::Values("SampledPI", "RateChanges"));

}  // namespace
