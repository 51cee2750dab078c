// Golden tests of `--dump=flat`: each golden/<name>.mo flattens to exactly
// golden/<name>.flat (written by hand from the flattening rules).
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

namespace fs = std::filesystem;

class FlatGolden : public testing::TestWithParam<std::string> {};

TEST_P(FlatGolden, DumpMatchesExpectation) {
  fs::path dir = fs::path(SMC_SOURCE_DIR) / "tests/flatten/golden";
  std::string source = smc::test::readFile((dir / (GetParam() + ".mo")).string());
  std::string expected = smc::test::readFile((dir / (GetParam() + ".flat")).string());
  ASSERT_FALSE(source.empty());
  auto result = smc::test::flattenSource(source, "", GetParam() + ".mo");
  ASSERT_TRUE(result.ok) << result.diagnostics;
  EXPECT_EQ(result.text, expected);
}

INSTANTIATE_TEST_SUITE_P(Golden, FlatGolden, testing::Values("Dahlquist", "Hierarchy", "Thermostat", "Functions"));

}  // namespace
