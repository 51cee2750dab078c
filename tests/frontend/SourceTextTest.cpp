// Source text as files hold it: UTF-8 in quoted identifiers and strings
// (a byte that is not UTF-8 is named), line ends of every platform (LF,
// CRLF, a lone CR), a UTF-8 byte order mark at the start and nowhere else,
// and files in UTF-16 or UTF-32, refused at their start. Carets line up by
// characters.
#include "ParseHelpers.h"
#include "frontend/Utf8.h"

#include <gtest/gtest.h>

namespace {

using namespace smc;
using smc::test::Parsed;
using smc::test::parseText;

// The only diagnostic of parsing `text`, formatted as printed; fails the
// test when there is not exactly one.
std::string onlyError(const std::string& text) {
  Parsed parsed = parseText(text);
  EXPECT_FALSE(parsed.result);
  EXPECT_EQ(parsed.diags->diagnostics().size(), 1u) << parsed.messages();
  return parsed.messages();
}

TEST(SourceText, QuotedIdentifierMayHoldUtf8) {
  Parsed parsed = parseText("model M\n  Real 'temp\xC3\xA9rature';\n  Real '\xE2\x88\x86' = 'temp\xC3\xA9rature';\nend M;\n");
  ASSERT_TRUE(parsed.result) << parsed.messages();
  EXPECT_NE(test::findComponent(test::onlyClass(parsed), "'temp\xC3\xA9rature'"), nullptr);
  EXPECT_NE(test::findComponent(test::onlyClass(parsed), "'\xE2\x88\x86'"), nullptr);
}

TEST(SourceText, ByteThatIsNotUtf8IsNamedWhereItStands) {
  // Latin-1 'é' (0xE9) in a quoted name, a string and outside any token.
  EXPECT_EQ(onlyError("model M\n  Real 'temp\xE9rature';\nend M;\n"),
            "test.mo:2:13: error: invalid UTF-8 byte 0xE9 in quoted identifier; Modelica files are UTF-8\n"
            "  Real 'temp?rature';\n"
            "            ^\n");
  EXPECT_EQ(onlyError("model M\n  parameter String s = \"caf\xE9\";\nend M;\n"),
            "test.mo:2:28: error: invalid UTF-8 byte 0xE9 in string; Modelica files are UTF-8\n"
            "  parameter String s = \"caf?\";\n"
            "                           ^\n");
  EXPECT_EQ(onlyError("model M\n  Real x; \xFF\nend M;\n"),
            "test.mo:2:11: error: invalid UTF-8 byte 0xFF; Modelica files are UTF-8\n"
            "  Real x; ?\n"
            "          ^\n");
}

TEST(SourceText, LoneCarriageReturnsEndLines) {
  EXPECT_EQ(onlyError("model M\r  Real x\r  Real y;\rend M;\r"),
            "test.mo:3:3: error: expected ';' before 'Real'\n"
            "  Real y;\n"
            "  ^~~~\n");
}

TEST(SourceText, CrLfAndMixedLineEndsCountOneLineEach) {
  EXPECT_EQ(onlyError("model M\r\n  Real x;\r\n\r\n  Real y\nend M;\r"),
            "test.mo:5:1: error: expected ';' before 'end'\n"
            "end M;\n"
            "^~~\n");
}

TEST(SourceText, Utf8ByteOrderMarkAtTheStartIsSkipped) {
  Parsed parsed = parseText("\xEF\xBB\xBFmodel M\n  Real x;\nend M;\n");
  ASSERT_TRUE(parsed.result) << parsed.messages();
  // Columns of the first line start after the mark.
  EXPECT_EQ(onlyError("\xEF\xBB\xBFmodel M Real x end M;\n"),
            "test.mo:1:16: error: expected ';' before 'end'\n"
            "model M Real x end M;\n"
            "               ^~~\n");
}

TEST(SourceText, ByteOrderMarkInsideTheFileIsNamed) {
  EXPECT_EQ(onlyError("model M\n  Real x;\xEF\xBB\xBF\nend M;\n"),
            "test.mo:2:10: error: stray byte order mark (U+FEFF): only the start of a file may have one\n"
            "  Real x;\xEF\xBB\xBF\n"
            "         ^\n");
}

TEST(SourceText, Utf16AndUtf32FilesAreRefusedAtTheirStart) {
  auto utf16le = [](const std::string& ascii) {
    std::string out;
    for (char c : ascii) out += std::string{c, '\0'};
    return out;
  };
  const std::string model = "model M\n  Real x;\nend M;\n";
  const std::pair<std::string, std::string> files[] = {
      {"\xFF\xFE" + utf16le(model), "UTF-16LE"},
      {utf16le(model), "UTF-16LE"},
      {std::string("\xFE\xFF\0m", 4), "UTF-16BE"},
      {std::string("\0m\0o", 4), "UTF-16BE"},
      {std::string("\xFF\xFE\0\0m\0\0\0", 8), "UTF-32LE"},
      {std::string("\0\0\0m", 4), "UTF-32BE"},
  };
  for (const auto& [bytes, encoding] : files) {
    std::string error = onlyError(bytes);
    EXPECT_EQ(error.rfind("test.mo:1:1: error: this file looks like " + encoding +
                              " text, but Modelica files are UTF-8 (convert it, e.g. with 'iconv -f " + encoding +
                              " -t UTF-8')\n",
                          0),
              0u)
        << error;
    // The line shown is readable: its NUL bytes are spaces, bytes that are not UTF-8 '?'.
    EXPECT_EQ(error.find('\0'), std::string::npos);
  }
}

TEST(SourceText, NonAsciiCharacterOutsideQuotesIsNamedByCodePoint) {
  // A no-break space looks like a space.
  EXPECT_EQ(onlyError("model M\n  Real x\xC2\xA0= 1;\nend M;\n"),
            "test.mo:2:9: error: unexpected character '\xC2\xA0' (U+00A0)\n"
            "  Real x\xC2\xA0= 1;\n"
            "        ^\n");
}

TEST(SourceText, CaretCountsCharactersNotBytes) {
  // "été" is 5 bytes and 3 characters: 'y' is at byte column 16 (columns
  // count bytes), but the caret is under it, after 13 characters.
  EXPECT_EQ(onlyError("model M\n  Real '\xC3\xA9t\xC3\xA9' y;\nend M;\n"),
            "test.mo:2:16: error: expected ';' before 'y'\n"
            "  Real '\xC3\xA9t\xC3\xA9' y;\n"
            "             ^\n");
}

TEST(Utf8, SequencesAreValidatedAsRfc3629Says) {
  using frontend::utf8SequenceLength;
  EXPECT_EQ(utf8SequenceLength("a", 0), 1u);
  EXPECT_EQ(utf8SequenceLength("\xC3\xA9", 0), 2u);
  EXPECT_EQ(utf8SequenceLength("\xE2\x88\x86", 0), 3u);
  EXPECT_EQ(utf8SequenceLength("\xF0\x9F\x98\x80", 0), 4u);
  EXPECT_EQ(utf8SequenceLength("\xC0\x80", 0), 0u);          // overlong NUL
  EXPECT_EQ(utf8SequenceLength("\xE0\x80\xAF", 0), 0u);      // overlong '/'
  EXPECT_EQ(utf8SequenceLength("\xED\xA0\x80", 0), 0u);      // a surrogate
  EXPECT_EQ(utf8SequenceLength("\xF4\x90\x80\x80", 0), 0u);  // beyond U+10FFFF
  EXPECT_EQ(utf8SequenceLength("\xE2\x88", 0), 0u);          // truncated
  EXPECT_EQ(utf8SequenceLength("\x88", 0), 0u);              // a continuation byte
  EXPECT_EQ(frontend::firstInvalidUtf8("ab\xC3\xA9\xE9"), 4u);
  EXPECT_EQ(frontend::decodeUtf8("\xF0\x9F\x98\x80", 0), U'\U0001F600');
}

}  // namespace
