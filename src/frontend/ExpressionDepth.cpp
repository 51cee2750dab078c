// The nesting depth of an expression tree, measured without recursion, and
// its iterative destruction. The AST builder refuses expressions deeper
// than limits::kMaxExpressionDepth: the grammar limits each kind of nesting
// on its own (brackets, operator chains), but they compose — a chain of
// 1000 operands whose first one is a parenthesized chain of 1000, and so on
// — and every later stage walks the tree recursively.
#include "frontend/ExpressionDepth.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace smc::frontend {

namespace {

// Calls f on each direct child of `e`, in any order.
template <typename F>
void forEachChild(ast::Expr& e, F&& f) {
  for (ast::ExprPtr& arg : e.args) f(arg);
  for (ast::NamedArg& arg : e.named) f(arg.value);
  for (ast::ForIndex& index : e.iterators) f(index.range);
  for (auto& row : e.rows)
    for (ast::ExprPtr& item : row) f(item);
  for (ast::RefPart& part : e.ref.parts)
    for (ast::ExprPtr& subscript : part.subscripts) f(subscript);
}

}  // namespace

size_t expressionDepth(ast::Expr& root) {
  size_t deepest = 0;
  std::vector<std::pair<ast::Expr*, size_t>> work{{&root, 1}};
  while (!work.empty()) {
    auto [e, depth] = work.back();
    work.pop_back();
    deepest = std::max(deepest, depth);
    forEachChild(*e, [&, depth = depth](ast::ExprPtr& child) {
      if (child) work.emplace_back(child.get(), depth + 1);
    });
  }
  return deepest;
}

void destroyIteratively(ast::ExprPtr root) {
  std::vector<ast::ExprPtr> work;
  work.push_back(std::move(root));
  while (!work.empty()) {
    ast::ExprPtr e = std::move(work.back());
    work.pop_back();
    if (!e) continue;
    // Detach the children first, so `e` dies without recursing into them.
    forEachChild(*e, [&](ast::ExprPtr& child) { work.push_back(std::move(child)); });
  }
}

}  // namespace smc::frontend
