// Parsing by chunks (frontend/ChunkedParser.h): each element, equation and
// statement is handed over as soon as its ';' is read, and then its parse
// tree nodes and tokens are gone; the token stream gives up a discarded
// token loudly rather than a dangling pointer.
#include "ParseHelpers.h"
#include "frontend/ByteCharStream.h"
#include "frontend/ChunkedParser.h"
#include "frontend/ReleasingTokenStream.h"

#include "ModelicaLexer.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace smc::frontend;

TEST(ChunkedParse, ItemsAreHandedOverInOrderAndLeaveTheirListsEmpty) {
  const std::string text =
      "model M\n  Real x;\n  Real y;\nequation\n  x = 1;\n  y = 2;\nalgorithm\n  z := 3;\nend M;\n";
  ByteCharStream input(text);
  smc::grammar::ModelicaLexer lexer(&input);
  ReleasingTokenStream tokens(lexer);
  std::vector<std::string> items;
  std::vector<antlr4::ParserRuleContext*> lists;
  ChunkedParser parser(tokens, [&](antlr4::ParserRuleContext* list, antlr4::ParserRuleContext* item) {
    items.push_back(parser.getRuleNames()[list->getRuleIndex()] + ": " + item->getText());
    lists.push_back(list);
  });
  parser.stored_definition();
  EXPECT_EQ(items, (std::vector<std::string>{"element_list: Realx", "element_list: Realy",
                                              "equation_section: x=1", "equation_section: y=2",
                                              "algorithm_section: z:=3"}));
  // Each list node keeps what precedes its items (`equation`, `algorithm`) only.
  for (antlr4::ParserRuleContext* list : lists)
    for (antlr4::tree::ParseTree* child : list->children)
      EXPECT_NE(dynamic_cast<antlr4::tree::TerminalNode*>(child), nullptr) << child->toStringTree(&parser);
}

TEST(ChunkedParse, ItemsOfNestedClassesComeBeforeTheirEnclosingItem) {
  const std::string text = "package P\n  model M\n    Real x;\n  end M;\n  constant Real c = 1;\nend P;\n";
  ByteCharStream input(text);
  smc::grammar::ModelicaLexer lexer(&input);
  ReleasingTokenStream tokens(lexer);
  std::vector<std::string> items;
  ChunkedParser parser(tokens, [&](antlr4::ParserRuleContext*, antlr4::ParserRuleContext* item) {
    items.push_back(item->getText());
  });
  parser.stored_definition();
  EXPECT_EQ(items, (std::vector<std::string>{"Realx", "modelMendM", "constantRealc=1"}));
}

// Items are built as they are read, nested ones first, yet their
// diagnostics come where a walk of the whole tree would meet them.
TEST(ChunkedParse, DiagnosticsComeInTheOrderOfTheWalk) {
  std::string name = "a";
  for (int i = 0; i < 1000; ++i) name += ".a";
  smc::test::Parsed parsed = smc::test::parseText("package P \"bad \\q\"\n"
                                                  "  model M\n"
                                                  "    Real x(start = " + name + ");\n"
                                                  "  equation\n"
                                                  "    x = \"s\\q\";\n"
                                                  "  end N;\n"
                                                  "  Real z = 99999999999999999999;\n"
                                                  "end P;\n");
  std::vector<std::string> got;
  for (const smc::Diagnostic& d : parsed.diags->diagnostics())
    got.push_back(std::to_string(d.range.begin.line) + ": " + d.message);
  EXPECT_EQ(got, (std::vector<std::string>{"1: unknown escape sequence '\\q' in string",
                                            "3: name has 1001 parts (limit 1000)",
                                            "5: unknown escape sequence '\\q' in string",
                                            "6: class 'M' is closed by 'end N'",
                                            "7: integer literal '99999999999999999999' is out of range"}));
}

TEST(ReleasingTokenStream, DiscardedTokensAreGoneAndTheOthersKept) {
  const std::string text = "a b c d e f";
  ByteCharStream input(text);
  smc::grammar::ModelicaLexer lexer(&input);
  ReleasingTokenStream tokens(lexer);
  for (int i = 0; i < 4; ++i) tokens.consume();
  tokens.discard(1, 3);  // b and c
  EXPECT_EQ(tokens.get(0)->getStartIndex(), 0u);  // a, before the stretch, is kept
  EXPECT_EQ(tokens.LT(-1)->getStartIndex(), 6u);  // d
  EXPECT_EQ(tokens.LT(1)->getStartIndex(), 8u);   // e
  EXPECT_THROW(tokens.get(1), std::logic_error);
  EXPECT_THROW(tokens.get(2), std::logic_error);
  EXPECT_EQ(tokens.LT(3)->getType(), antlr4::Token::EOF);
  EXPECT_EQ(tokens.LT(9)->getType(), antlr4::Token::EOF);
}

}  // namespace
