// The Modelica parser as smc runs it: ANTLR's generated parser with two
// additions.
//
// Nesting. ANTLR's recursive descent recurses once per grammar rule; a rule
// nested deeper than limits::kMaxRuleDepth throws NestingTooDeep before the
// stack can overflow.
//
// Chunks. ANTLR keeps every node of the parse tree until the parser is
// destroyed, a hundred bytes and more for each rule entered, so the tree of
// a file of plain equations weighs some hundred times the file. Here each
// item of a list of elements, equations or statements is a chunk: once its
// ';' is read, the item handler builds its AST, then the item's nodes and
// tokens are freed and the list's node keeps only what precedes its items.
// A chunk's nodes are told from the others by handing ANTLR's node tracker
// (which owns every node) a fresh one for each chunk: nodes are made in
// parse order, so the nodes made since an item began are exactly its own.
// Memory then holds the nodes and tokens of the items being read and of
// their enclosing constructs, not of the whole file.
#pragma once

#include "frontend/ReleasingTokenStream.h"

#include "ModelicaParser.h"

#include <functional>
#include <vector>

namespace smc::frontend {

// Thrown from inside the parse; carries byte offsets because the token
// stream is gone by the time it is caught.
struct NestingTooDeep {
  size_t begin, end;
};

class ChunkedParser : public grammar::ModelicaParser {
public:
  // Called for each item read with its ';' and nothing else: `list` is an
  // element_list, equation_section or algorithm_section, `item` an element,
  // equation or statement; both are freed right after.
  using ItemHandler = std::function<void(antlr4::ParserRuleContext* list, antlr4::ParserRuleContext* item)>;

  ChunkedParser(ReleasingTokenStream& tokens, ItemHandler onItem);
  ~ChunkedParser() override;

  void enterRule(antlr4::ParserRuleContext* context, size_t state, size_t ruleIndex) override;
  antlr4::Token* consume() override;

private:
  // A list whose items are being read, with what enclosed it before.
  struct Chunk {
    antlr4::ParserRuleContext* list;
    size_t itemsFrom;   // the list's children before its items
    size_t tokensFrom;  // the first token of the list's items not yet freed
    antlr4::tree::ParseTreeTracker enclosing;  // the nodes made before the list's items
  };
  // Calls back when a list ends (ANTLR's exitRule is not virtual).
  class ListEnd : public antlr4::tree::ParseTreeListener {
  public:
    explicit ListEnd(ChunkedParser& parser) : parser_(parser) {}
    void enterEveryRule(antlr4::ParserRuleContext*) override {}
    void exitEveryRule(antlr4::ParserRuleContext* context) override { parser_.endList(context); }
    void visitTerminal(antlr4::tree::TerminalNode*) override {}
    void visitErrorNode(antlr4::tree::ErrorNode*) override {}

  private:
    ChunkedParser& parser_;
  };

  static bool isList(antlr4::ParserRuleContext* context);
  void finishItem();
  void endList(antlr4::ParserRuleContext* context);

  ReleasingTokenStream& tokens_;
  ItemHandler onItem_;
  std::vector<Chunk> chunks_;  // innermost last
  // Nodes made between a list's last item and its end (error recovery's),
  // which its node may still hold: freed with the parser.
  std::vector<antlr4::tree::ParseTreeTracker> leftOver_;
  ListEnd listEnd_{*this};
};

}  // namespace smc::frontend
