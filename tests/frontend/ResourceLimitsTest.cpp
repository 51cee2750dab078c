// Hostile input to the frontend: error output that stays readable when a
// line is megabytes long or a file yields thousands of errors, and nesting
// that is refused inside the parser before anything recursive overflows.
#include "ParseHelpers.h"
#include "frontend/ResourceLimits.h"

#include <gtest/gtest.h>

#include <sstream>

namespace smc::test {
namespace {

TEST(ResourceLimits, LongSourceLineIsShownAsAWindowAroundTheCaret) {
  SourceManager sources;
  std::string line = "  x = " + std::string(10000, 'a') + " ? " + std::string(10000, 'b') + ";";
  FileId file = sources.addBuffer("long.mo", "model M\n" + line + "\nend M;\n");
  DiagnosticEngine diags(sources);
  std::ostringstream out;
  diags.setOutput(&out);
  const uint32_t column = 6 + 10000 + 2;  // the '?'
  diags.error({{file, 2, column}, {file, 2, column + 1}}, "unexpected '?'");
  std::istringstream printed(out.str());
  std::string header, source, caret;
  std::getline(printed, header);
  std::getline(printed, source);
  std::getline(printed, caret);
  EXPECT_EQ(header, "long.mo:2:10008: error: unexpected '?'");
  EXPECT_LE(source.size(), 200u);
  ASSERT_EQ(source.substr(0, 3), "...");
  // The caret still points at the '?' of the shown window.
  size_t at = caret.find('^');
  ASSERT_NE(at, std::string::npos);
  ASSERT_LT(at, source.size());
  EXPECT_EQ(source[at], '?');
}

TEST(ResourceLimits, ErrorsPastTheLimitAreCountedButNotPrinted) {
  SourceManager sources;
  FileId file = sources.addBuffer("m.mo", "model M\nend M;\n");
  DiagnosticEngine diags(sources);
  std::ostringstream out;
  diags.setOutput(&out);
  for (uint32_t i = 1; i <= 80; ++i) diags.error({{file, 1, i}, {file, 1, i + 1}}, "bad");
  EXPECT_EQ(diags.errorCount(), 80u);
  std::string text = out.str();
  size_t printed = 0;
  for (size_t at = text.find("error: bad"); at != std::string::npos;
       at = text.find("error: bad", at + 1))
    ++printed;
  EXPECT_EQ(printed, 50u);
  EXPECT_NE(text.find("more than 50 errors; the rest are not shown"), std::string::npos);
}

TEST(ResourceLimits, ParsingStopsOnceErrorsPassTheLimit) {
  // Error recovery reports a mismatch at every extra sign; the parser stops
  // after the 51st instead of walking all 50 000 of them.
  std::string signs(50000, '-');
  Parsed parsed = parseText("model M\n  Real x = " + signs + "1;\nend M;\n");
  EXPECT_FALSE(parsed.result);
  EXPECT_EQ(parsed.diags->errorCount(), 51u);
  EXPECT_EQ(parsed.diags->diagnostics()[0].range.begin.line, 2u);
}

void expectNestingRefused(const std::string& expression) {
  Parsed parsed = parseText("model M\n  Real x;\nequation\n  x = " + expression + ";\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_FALSE(parsed.diags->diagnostics().empty());
  const Diagnostic& first = parsed.diags->diagnostics()[0];
  EXPECT_NE(first.message.find("nesting is too deep"), std::string::npos) << first.message;
  EXPECT_EQ(first.range.begin.line, 4u);
}

std::string repeated(const std::string& piece, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

TEST(ResourceLimits, DeeplyNestedExpressionsOfEveryKindAreRefused) {
  const int deep = 100000;
  expectNestingRefused(repeated("-(", deep) + "1" + repeated(")", deep));
  expectNestingRefused(repeated("sin(", deep) + "1" + repeated(")", deep));
  expectNestingRefused(repeated("{", deep) + "1" + repeated("}", deep));
  expectNestingRefused(repeated("x[", deep) + "1" + repeated("]", deep));
  expectNestingRefused(repeated("if time > 0 then 1 else ", deep) + "0");
}

TEST(ResourceLimits, ChainsNestedInChainsAreRefusedByTheirDepth) {
  // 30 levels of parentheses around chains of 100: each under its own limit,
  // the tree 1 + 30 * 99 deep (each level adds 99 additions; parentheses
  // add no node).
  std::string expression = "1";
  for (int level = 0; level < 30; ++level) expression = "(" + expression + ")" + repeated(" + 1", 99);
  Parsed parsed = parseText("model M\n  Real x;\nequation\n  x = " + expression + ";\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_EQ(parsed.diags->diagnostics().size(), 1u) << parsed.messages().substr(0, 500);
  const Diagnostic& error = parsed.diags->diagnostics()[0];
  EXPECT_EQ(error.message, "expression nested 2971 levels deep (limit 1200)");
  EXPECT_EQ(error.range.begin.line, 4u);
  EXPECT_EQ(error.range.begin.column, 7u);
}

TEST(ResourceLimits, ChainAtTheOperandLimitParses) {
  Parsed parsed = parseText("model M\n  Real x;\nequation\n  x = 1" + repeated(" + 1", 999) + ";\nend M;\n");
  EXPECT_TRUE(parsed.result) << parsed.messages().substr(0, 500);
}

TEST(ResourceLimits, DeeplyNestedClassesAreRefused) {
  const int deep = 20000;
  std::string text;
  for (int i = 0; i < deep; ++i) text += "package P" + std::to_string(i) + "\n";
  for (int i = deep; i-- > 0;) text += "end P" + std::to_string(i) + ";\n";
  Parsed parsed = parseText(text);
  EXPECT_FALSE(parsed.result);
  ASSERT_FALSE(parsed.diags->diagnostics().empty());
  EXPECT_NE(parsed.diags->diagnostics()[0].message.find("nesting is too deep"), std::string::npos);
}

TEST(ResourceLimits, OverlongDottedNameIsRefused) {
  std::string name = "a";
  for (int i = 0; i < 100000; ++i) name += ".a";
  Parsed parsed = parseText("model M\n  Real x;\nequation\n  x = " + name + ";\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_EQ(parsed.diags->diagnostics().size(), 1u);
  EXPECT_EQ(parsed.diags->diagnostics()[0].message, "name has 100001 parts (limit 1000)");
  EXPECT_EQ(parsed.diags->diagnostics()[0].range.begin.column, 7u);
}

TEST(ResourceLimits, DottedNameAtTheLimitParses) {
  std::string name = "a";
  for (int i = 1; i < 1000; ++i) name += ".a";
  Parsed parsed = parseText("model M\n  Real x;\nequation\n  x = " + name + ";\nend M;\n");
  EXPECT_TRUE(parsed.result) << parsed.messages().substr(0, 500);
}

}  // namespace
}  // namespace smc::test
