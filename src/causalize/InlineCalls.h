// Inlining of straight-line functions: a call of a Modelica function whose
// body only assigns (no branches, loops, asserts, external code), such as
// the operators of the MSL's Complex, replaced by the expression of its
// output in the call's arguments. Differentiation uses it for calls
// without a derivative annotation (spec 12.7.1), and algebraic loops to see
// that a loop over Complex operators is linear.
#pragma once

#include "flatten/FlatModel.h"

#include <vector>

namespace smc::causal {

// Output `output` of `fn` called with `args`, the bindings and assignments
// of its body substituted forward into one expression; null when the body
// is not straight-line assignments.
flat::ExprPtr inlinedOutput(const flat::Function& fn, uint32_t output, const std::vector<flat::ExprPtr>& args);

// `e` with every call of a straight-line function inlined, innermost first
// (an inlined body's own calls too, but never a function inside its own
// expansion, and no more once the result grows past a bound); `e` itself
// when it has none.
flat::ExprPtr inlineStraightLineCalls(const flat::ExprPtr& e, const std::vector<flat::Function>& functions);

}  // namespace smc::causal
