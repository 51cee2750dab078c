// Every shared model (with independently derived simulation results) and
// every MSL-style fixture under tests/frontend/data must parse without a
// single diagnostic.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace smc::test {
namespace {

std::vector<std::string> modelicaFilesUnder(const std::string& root) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().extension() == ".mo")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

void expectAllParseCleanly(const std::vector<std::string>& files) {
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    Parsed parsed = parseFile(file);
    EXPECT_TRUE(parsed.result.has_value());
    EXPECT_TRUE(parsed.diags->diagnostics().empty()) << parsed.messages();
    if (parsed.result) {
      EXPECT_FALSE(parsed.result->classes.empty());
    }
  }
}

TEST(ParseModels, EverySharedModelParsesWithoutDiagnostics) {
  std::vector<std::string> files = modelicaFilesUnder(SMC_SHARED_MODELS);
  ASSERT_FALSE(files.empty()) << "no .mo files under " << SMC_SHARED_MODELS;
  expectAllParseCleanly(files);
}

TEST(ParseModels, MslStyleFixturesParseWithoutDiagnostics) {
  std::vector<std::string> files = modelicaFilesUnder(SMC_FRONTEND_TEST_DIR "/data");
  ASSERT_FALSE(files.empty());
  expectAllParseCleanly(files);
}

TEST(ParseModels, SharedModelHasExpectedTopLevelShape) {
  // BouncingBall.mo, read by hand: 6 components, one equation section with
  // 3 equations (two der equations and a when), and an experiment annotation.
  Parsed parsed = parseFile(SMC_SHARED_MODELS "/continuous/BouncingBall.mo");
  const ast::ClassDef& ball = onlyClass(parsed);
  EXPECT_EQ(ball.name, "BouncingBall");
  EXPECT_EQ(ball.kind, ast::ClassKind::Model);
  EXPECT_EQ(ball.components.size(), 6u);
  ASSERT_EQ(ball.equationSections.size(), 1u);
  const ast::EquationList& equations = ball.equationSections[0].equations;
  ASSERT_EQ(equations.size(), 3u);
  EXPECT_EQ(equations[2].kind, ast::EquationKind::When);
  ASSERT_EQ(equations[2].branches.size(), 1u);
  EXPECT_EQ(equations[2].branches[0].size(), 2u);
  ASSERT_TRUE(ball.annotation);
  ASSERT_EQ(ball.annotation->modification.arguments.size(), 1u);
  EXPECT_EQ(ball.annotation->modification.arguments[0].path.str(), "experiment");
}

TEST(ParseModels, EmptyFileIsAnEmptyStoredDefinition) {
  Parsed parsed = parseText("  // nothing but a comment\n");
  ASSERT_TRUE(parsed.result) << parsed.messages();
  EXPECT_TRUE(parsed.result->classes.empty());
  EXPECT_FALSE(parsed.result->within.has_value());
}

TEST(ParseModels, ByteOrderMarkIsSkippedAndTakesNoColumns) {
  Parsed parsed = parseText("\xEF\xBB\xBFmodel M Real x; end M;");
  const ast::ClassDef& cls = onlyClass(parsed);
  ASSERT_EQ(cls.components.size(), 1u);
  // The mark is not part of the text: `model` is where an editor shows it.
  EXPECT_EQ(cls.range.begin.column, 1u);
}

}  // namespace
}  // namespace smc::test
