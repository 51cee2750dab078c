// Golden tests of the AST dump: each tests/frontend/golden/X.mo is parsed and
// its dump compared with X.ast, written by hand from the source (line and
// column of each node, infix expressions parenthesised as AstDump.cpp
// documents).
#include "ParseHelpers.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace smc::test {
namespace {

std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(GoldenDump, EveryGoldenModelDumpsExactlyAsWritten) {
  std::filesystem::path dir = SMC_FRONTEND_TEST_DIR "/golden";
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".mo") continue;
    SCOPED_TRACE(entry.path().string());
    std::filesystem::path expectedPath = entry.path();
    expectedPath.replace_extension(".ast");
    ASSERT_TRUE(std::filesystem::exists(expectedPath)) << "missing " << expectedPath;
    Parsed parsed = parseFile(entry.path().string());
    ASSERT_TRUE(parsed.result) << parsed.messages();
    EXPECT_EQ(dumpAst(*parsed.result), readText(expectedPath));
    ++compared;
  }
  EXPECT_GE(compared, 2);
}

}  // namespace
}  // namespace smc::test
