// Tearing of nonlinear algebraic loops.
//
// A loop of n equations is split into a few iteration variables (the
// tearing set) and the rest, which are solved explicitly, in order, from
// the iteration variables and from each other. The numerical solver then
// iterates on the tearing set only and evaluates the explicit assignments
// inside its residual function: a ring of n equations becomes one Newton
// unknown instead of n, with a 1 x 1 Jacobian instead of an n x n one.
//
// An equation is solved explicitly only for an unknown it is linear in,
// with a coefficient of constants and parameters only, so that neither a
// Newton iterate nor the values around the loop can make it vanish, and
// not zero at translation (a parameter `r[3] = 0`, ExprUtil.h). The loop is first matched
// anew, preferring such pairs (the BLT matching is blind to them). The
// explicit equations must not depend on each other in a cycle: the tearing
// set is a feedback vertex set of the matched pairs' dependency graph,
// chosen greedily (a pair that cannot be solved explicitly is always in it;
// then, among the pairs left on cycles, the one with the largest product of
// incoming and outgoing dependencies, preferring an unknown with a start
// value, which then starts the iteration). The residuals are the tearing
// pairs' own equations, so their Jacobian with respect to the tearing set
// is a Schur complement of the loop's structurally regular one.
#pragma once

#include "causalize/CausalModel.h"

#include <vector>

namespace smc::causal {

// The loop of `equations` over `unknowns` (as many; every unknown Real).
AlgebraicLoop tearLoop(const std::vector<const flat::Equation*>& equations, const std::vector<VarId>& unknowns,
                       const flat::FlatModel& model);

}  // namespace smc::causal
