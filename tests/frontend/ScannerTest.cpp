// The hand-written Scanner against the lexer ANTLR generates from the lexer
// rules of grammar/Modelica.g4: the same tokens (type, channel, offsets,
// line, column) on every model file of the repository and the shared
// models, on a large MSL package, on malformed input of every kind, and on
// thousands of deterministic mutations of those texts.
#include "frontend/ByteCharStream.h"
#include "frontend/Scanner.h"

#include "ModelicaLexer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Lexeme {
  size_t type, channel, start, stop, line, column;
  bool operator==(const Lexeme&) const = default;
};

std::string describe(const Lexeme& l) {
  std::ostringstream out;
  out << "type " << l.type << " channel " << l.channel << " [" << l.start << ", " << l.stop << "] at " << l.line
      << ":" << l.column;
  return out.str();
}

template <typename Source>
std::vector<Lexeme> lexemes(Source& source) {
  std::vector<Lexeme> out;
  for (;;) {
    std::unique_ptr<antlr4::Token> t = source.nextToken();
    out.push_back({t->getType(), t->getChannel(), t->getStartIndex(), t->getStopIndex(), t->getLine(),
                   t->getCharPositionInLine()});
    if (t->getType() == antlr4::Token::EOF) return out;
  }
}

std::vector<Lexeme> byAntlr(const std::string& text) {
  smc::frontend::ByteCharStream input(text);
  smc::grammar::ModelicaLexer lexer(&input);
  lexer.removeErrorListeners();
  return lexemes(lexer);
}

std::vector<Lexeme> byScanner(const std::string& text) {
  smc::frontend::Scanner scanner(text);
  return lexemes(scanner);
}

// The first difference, or "" when the streams agree.
std::string firstDifference(const std::string& text) {
  std::vector<Lexeme> expected = byAntlr(text), actual = byScanner(text);
  for (size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
    if (i >= expected.size()) return "extra token " + describe(actual[i]);
    if (i >= actual.size()) return "missing token " + describe(expected[i]);
    if (!(expected[i] == actual[i]))
      return "token " + std::to_string(i) + ": ANTLR " + describe(expected[i]) + ", scanner " + describe(actual[i]);
  }
  return "";
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<fs::path> modelFiles() {
  std::vector<fs::path> out;
  for (const char* root : {SMC_SOURCE_DIR "/examples", SMC_SOURCE_DIR "/tests", SMC_SHARED_MODELS}) {
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file() && entry.path().extension() == ".mo") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Scanner, GivesTheGeneratedLexersTokensOnEveryModelFile) {
  std::vector<fs::path> files = modelFiles();
  ASSERT_GT(files.size(), 20u);
  for (const fs::path& file : files) EXPECT_EQ(firstDifference(readFile(file)), "") << file;
}

TEST(Scanner, GivesTheGeneratedLexersTokensOnALargeLibraryPackage) {
  const fs::path blocks = SMC_SOURCE_DIR "/../shared/msl/Modelica/Blocks/package.mo";
  if (!fs::exists(blocks)) GTEST_SKIP() << "no MSL at " << blocks;
  EXPECT_EQ(firstDifference(readFile(blocks)), "");
}

TEST(Scanner, GivesTheGeneratedLexersTokensOnEdgeCases) {
  const std::vector<std::string> cases = {
      "", " ", "\n\n  x", "1", "1.", "1.e5", "1.5E-3", "1e", "1e+", ".5", ".5e2", "1.*2", "a.*b", "a./b",
      "a.+b", "a.-b", "a.^b", "x..y", "1..2", "a:=b", "a<>b<=c>=d==e", "end", "endx", "[end]", "a[end-1, 2]",
      "[[end]] end", "] end [", "'q'", "''", "'\"a'", "'a\"'", "'a\\'b'", "'a\\qb'", "'a b", "'tem\xC3\xA9'",
      "\"s\"", "\"a\\\"b\"", "\"unterminated", "\"ends in backslash\\", "\"multi\nline\"", "/* c */x",
      "/* c", "/*/ x", "/**/", "/* a * / b */ c", "// line\nx", "//", "x/y", "a#b", "\xEF\xBB\xBF model",
      "`", "\t\r\f\v", "model M\r\n  Real x;\r\nend M;", "'a'b'c'", "\"\\", "'\\", "/***/", "/* ** */",
      "1.2.3", "a.b.c", "x.'q'", "der(x)=1;", "\x80\xFF", "'\x01'",
  };
  for (const std::string& text : cases) EXPECT_EQ(firstDifference(text), "") << "text: " << text;
}

// Random edits of real model text with the characters that delimit
// tokens: every mutated text must still lex the same both ways.
TEST(Scanner, GivesTheGeneratedLexersTokensOnMutatedText) {
  std::vector<fs::path> files = modelFiles();
  ASSERT_FALSE(files.empty());
  std::mt19937 random(20261206);
  const std::string alphabet = "\"'\\/*.eE+-0123456789[]end \n\t#`\x80:=<>^";
  for (int round = 0; round < 3000; ++round) {
    std::string text = readFile(files[random() % files.size()]);
    if (text.size() > 4000) text.resize(4000);
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int k = 0; k < edits && !text.empty(); ++k) {
      const size_t at = random() % text.size();
      switch (random() % 3) {
        case 0: text.insert(at, 1, alphabet[random() % alphabet.size()]); break;
        case 1: text.erase(at, 1); break;
        default: text[at] = alphabet[random() % alphabet.size()]; break;
      }
    }
    std::string difference = firstDifference(text);
    ASSERT_EQ(difference, "") << "round " << round << ", text:\n" << text;
  }
}

}  // namespace
