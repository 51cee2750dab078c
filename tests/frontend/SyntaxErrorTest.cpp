// Syntax and lexical errors: each is reported at the file:line:column of the
// offending token with a short, readable message; several are reported per
// file; no AST is returned; and hostile input yields an error, not a crash.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

struct Expected {
  uint32_t line, column;
  std::string message;
};

void expectErrors(const std::string& text, const std::vector<Expected>& expected) {
  Parsed parsed = parseText(text);
  EXPECT_FALSE(parsed.result);
  const std::vector<Diagnostic>& got = parsed.diags->diagnostics();
  ASSERT_EQ(got.size(), expected.size()) << parsed.messages();
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(got[i].severity, Severity::Error);
    EXPECT_EQ(got[i].range.begin.line, expected[i].line);
    EXPECT_EQ(got[i].range.begin.column, expected[i].column);
    EXPECT_EQ(got[i].message, expected[i].message);
  }
}

TEST(SyntaxError, MissingSemicolonIsReportedBeforeTheNextToken) {
  expectErrors("model M\n  Real x\nend M;\n", {{3, 1, "expected ';' before 'end'"}});
  expectErrors("model M\n  Real x;\nequation\n  x = 1\nend M;\n",
               {{5, 1, "expected ';' before 'end'"}});
}

TEST(SyntaxError, FormattedLikeClang) {
  Parsed parsed = parseText("model M\n  Real x\nend M;\n", "dir/model.mo");
  ASSERT_EQ(parsed.diags->diagnostics().size(), 1u);
  EXPECT_EQ(parsed.messages(),
            "dir/model.mo:3:1: error: expected ';' before 'end'\n"
            "end M;\n"
            "^~~\n");
}

TEST(SyntaxError, SeveralErrorsInOneFile) {
  expectErrors(
      "model M\n"
      "  Real y = ;\n"
      "  Real z;\n"
      "equation\n"
      "  y = 2 2;\n"
      "  der(z) = ;\n"
      "end M;\n",
      {{2, 12, "expected expression before ';'"},
       {5, 9, "expected ';' before '2'"},
       {6, 12, "expected expression before ';'"}});
}

TEST(SyntaxError, WrongClosingKeywordNamesTheRightOne) {
  expectErrors("model M\nequation\n  when x > 1 then\n    x = 2;\n  end if;\nend M;\n",
               {{5, 7, "expected 'when' before 'if'"}});
}

TEST(SyntaxError, MissingEndIfIsFoundAtTheClassEnd) {
  Parsed parsed = parseText("model M\nequation\n  if c then\n    x = 2;\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_FALSE(parsed.diags->diagnostics().empty());
  const Diagnostic& first = parsed.diags->diagnostics()[0];
  EXPECT_EQ(first.message, "expected 'if' before 'M'");
  EXPECT_EQ(first.range.begin.line, 5u);
  EXPECT_EQ(first.range.begin.column, 5u);
}

TEST(SyntaxError, ReservedWordUsedAsName) {
  expectErrors("model M\n  parameter Real in = 2;\nend M;\n",
               {{2, 18, "expected '[' or identifier before 'in' ('in' is a reserved word)"}});
}

TEST(SyntaxError, UnexpectedEndOfFile) {
  expectErrors("model M\n  Real x;\n", {{3, 1, "expected 'end' before end of file"}});
}

TEST(SyntaxError, UnterminatedStringLiteral) {
  Parsed parsed = parseText("model M\n  Real x = \"abc;\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_FALSE(parsed.diags->diagnostics().empty());
  const Diagnostic& first = parsed.diags->diagnostics()[0];
  EXPECT_EQ(first.message, "unterminated string literal");
  EXPECT_EQ(first.range.begin.line, 2u);
  EXPECT_EQ(first.range.begin.column, 12u);
}

TEST(SyntaxError, UnterminatedCommentAndStrayCharacter) {
  Parsed parsed = parseText("model M\n  Real x # = 1; /* open\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_GE(parsed.diags->diagnostics().size(), 2u);
  EXPECT_EQ(parsed.diags->diagnostics()[0].message, "unexpected character '#'");
  EXPECT_EQ(parsed.diags->diagnostics()[0].range.begin.column, 10u);
  EXPECT_EQ(parsed.diags->diagnostics()[1].message, "unterminated comment: missing '*/'");
  EXPECT_EQ(parsed.diags->diagnostics()[1].range.begin.column, 17u);
}

TEST(SyntaxError, NonAsciiLetterInANameIsOneError) {
  // "é" (two bytes) may appear in strings, comments and quoted names only.
  expectErrors("model M\n  Real \xC3\xA9x;\nend M;\n", {{2, 8, "unexpected character '\xC3\xA9' (U+00E9)"}});
  expectErrors("model M\n  Real x$%;\nend M;\n", {{2, 9, "unexpected characters '$%'"}});
}

TEST(SyntaxError, UnknownEscapeIsLocatedAtItsBackslash) {
  expectErrors("model M\n  String s = \"ab\\qc\";\nend M;\n",
               {{2, 17, "unknown escape sequence '\\q' in string"}});
}

TEST(SyntaxError, UnterminatedQuotedIdentifier) {
  Parsed parsed = parseText("model M\n  Real 'abc;\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_FALSE(parsed.diags->diagnostics().empty());
  EXPECT_EQ(parsed.diags->diagnostics()[0].message,
            "unterminated quoted identifier: missing \"'\"");
  EXPECT_EQ(parsed.diags->diagnostics()[0].range.begin.column, 8u);
}

TEST(SyntaxError, LiteralsOutOfRange) {
  expectErrors("model M\n  Real x = 99999999999999999999 + 1e999;\nend M;\n",
               {{2, 12, "integer literal '99999999999999999999' is out of range"},
                {2, 35, "real literal '1e999' is out of range"}});
}

TEST(SyntaxError, ErrorColumnsCountBytesAfterUnicode) {
  // "∆" is three bytes: `y` is the 14th character but starts at byte 16.
  expectErrors("model M\n  Real x \"\xE2\x88\x86\" y;\nend M;\n",
               {{2, 16, "expected ';' before 'y'"}});
}

TEST(SyntaxError, DeepNestingIsRefusedWithoutCrashing) {
  std::string deep = "model M\n  Real x = " + std::string(5000, '(') + "1" +
                     std::string(5000, ')') + ";\nend M;\n";
  Parsed parsed = parseText(deep);
  EXPECT_FALSE(parsed.result);
  ASSERT_EQ(parsed.diags->diagnostics().size(), 1u);
  EXPECT_NE(parsed.diags->diagnostics()[0].message.find("nesting is too deep"),
            std::string::npos);
  EXPECT_EQ(parsed.diags->diagnostics()[0].range.begin.line, 2u);
}

TEST(SyntaxError, ModerateNestingIsFine) {
  std::string nested = "model M\n  Real x = " + std::string(60, '(') + "1" +
                       std::string(60, ')') + ";\nend M;\n";
  Parsed parsed = parseText(nested);
  EXPECT_TRUE(parsed.result) << parsed.messages();
}

TEST(SyntaxError, OverlongOperatorChainIsRefused) {
  std::string chain = "x";
  for (int i = 0; i < 6000; ++i) chain += " + x";
  Parsed parsed = parseText("model M\n  Real y = " + chain + ";\nend M;\n");
  EXPECT_FALSE(parsed.result);
  ASSERT_EQ(parsed.diags->diagnostics().size(), 1u);
  EXPECT_EQ(parsed.diags->diagnostics()[0].message,
            "expression has 6001 operands in one operator chain (limit 1000)");
}

TEST(SyntaxError, ArbitraryBytesNeverCrash) {
  // Control bytes, invalid UTF-8 and a NUL, inside and outside strings.
  static const char text[] = "model M\n  Real x = \"\xFF\xFE\" \x01\x00\x80;\nend M;\n";
  std::string junk(text, sizeof text - 1);
  Parsed parsed = parseText(junk);
  EXPECT_FALSE(parsed.result);
  EXPECT_FALSE(parsed.diags->diagnostics().empty());
}

}  // namespace
}  // namespace smc::test
