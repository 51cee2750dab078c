// See ChunkedParser.h.
#include "frontend/ChunkedParser.h"

#include "frontend/ResourceLimits.h"

#include <utility>

namespace smc::frontend {

ChunkedParser::ChunkedParser(ReleasingTokenStream& tokens, ItemHandler onItem)
    : ModelicaParser(&tokens), tokens_(tokens), onItem_(std::move(onItem)) {
  addParseListener(&listEnd_);
}

ChunkedParser::~ChunkedParser() {
  // Every node is in exactly one tracker; ANTLR's destructor frees the
  // current one.
  for (Chunk& chunk : chunks_) chunk.enclosing.reset();
  for (antlr4::tree::ParseTreeTracker& nodes : leftOver_) nodes.reset();
}

bool ChunkedParser::isList(antlr4::ParserRuleContext* context) {
  const size_t rule = context->getRuleIndex();
  return rule == RuleElement_list || rule == RuleEquation_section || rule == RuleAlgorithm_section;
}

void ChunkedParser::enterRule(antlr4::ParserRuleContext* context, size_t state, size_t ruleIndex) {
  size_t depth = 0;
  for (antlr4::tree::ParseTree* node = context; node && depth <= limits::kMaxRuleDepth; node = node->parent)
    ++depth;
  if (depth > limits::kMaxRuleDepth) {
    antlr4::Token* token = getCurrentToken();
    throw NestingTooDeep{token->getStartIndex(), token->getStopIndex() + 1};
  }
  // `_ctx` is still the parent. The first item's own node was made before
  // this call and stays with the enclosing nodes: one node per list.
  if (_ctx && isList(_ctx) && (chunks_.empty() || chunks_.back().list != _ctx)) {
    chunks_.push_back({_ctx, _ctx->children.size(), _input->index(), {}});
    std::swap(_tracker, chunks_.back().enclosing);
  }
  ModelicaParser::enterRule(context, state, ruleIndex);
}

antlr4::Token* ChunkedParser::consume() {
  antlr4::Token* token = ModelicaParser::consume();
  if (token->getType() == SEMICOLON && !chunks_.empty() && chunks_.back().list == _ctx) finishItem();
  return token;
}

void ChunkedParser::finishItem() {
  Chunk& chunk = chunks_.back();
  std::vector<antlr4::tree::ParseTree*>& children = chunk.list->children;
  if (children.size() == chunk.itemsFrom + 2)
    if (auto* item = dynamic_cast<antlr4::ParserRuleContext*>(children[chunk.itemsFrom]))
      onItem_(chunk.list, item);
  children.resize(chunk.itemsFrom);
  _tracker.reset();
  // The ';' just read stays: it is LT(-1), which ANTLR reads for the end of
  // the list's range and to place an error; the next item frees it.
  const size_t separator = _input->index() - 1;
  tokens_.discard(chunk.tokensFrom, separator);
  chunk.tokensFrom = separator;
}

void ChunkedParser::endList(antlr4::ParserRuleContext* context) {
  if (chunks_.empty() || chunks_.back().list != context) return;
  std::swap(_tracker, chunks_.back().enclosing);
  leftOver_.push_back(std::move(chunks_.back().enclosing));
  chunks_.pop_back();
}

}  // namespace smc::frontend
