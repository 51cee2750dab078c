// Measuring and discarding expression trees that may be too deep to walk
// recursively (see ExpressionDepth.cpp).
#pragma once

#include "frontend/Ast.h"

#include <cstddef>

namespace smc::frontend {

// Nodes on the longest path from `root` to a leaf (a literal has depth 1).
size_t expressionDepth(ast::Expr& root);

// Frees the tree with an explicit work list instead of nested destructors.
void destroyIteratively(ast::ExprPtr root);

}  // namespace smc::frontend
