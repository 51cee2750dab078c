// Mixed discrete/continuous systems (spec 8.6): an algebraic loop through
// both Real unknowns and variables that change only at events (the mode
// of a friction element, an ideal diode's state, the relations they
// test). The loop is solved the way the specification's event iteration
// is defined: the Real equations read the discrete variables' values of
// the previous event iteration, the discrete variables are then computed
// from the Reals, and the event iteration repeats until they no longer
// change. Between events they are frozen anyway, so continuous mode sees
// a plain Real system.
#pragma once

#include <cstddef>
#include <vector>

namespace smc::causal {

// In every strongly connected component of the dependency graph (edges[g]:
// the graph nodes g reads from) that holds both kinds, removes the edges
// from its continuous nodes into its nodes that compute discrete variables
// (discreteNode), so that re-running Tarjan's algorithm separates them;
// discrete nodes keep their edges among themselves (a cycle of those alone
// stays a cycle). A component is cut only when each of its other nodes is
// an equation (solvableNode), which a Real loop can solve. Returns the
// nodes whose incoming edges were cut: what they compute is read at its
// previous iteration's value.
std::vector<size_t> cutMixedLoops(const std::vector<std::vector<size_t>>& components,
                                  const std::vector<bool>& discreteNode, const std::vector<bool>& solvableNode,
                                  std::vector<std::vector<size_t>>& edges);

// A clocked partition (a node g with tickNode[g], the node computing its
// tick flag; kNoTick for other nodes) whose every cycle runs through its
// own tick: the condition of the event clock that ticks it reads its
// variables (spec 16.3: `Clock(abs(angle - hold(offset)) > d)` with
// `offset = sample(angle)` on that clock). The clock ticks where the
// condition rises, the partition updates what the condition reads, and
// the next event iteration sees the condition with the new values; so the
// edges from the cycle's other nodes into the partition are removed (they
// read its variables as they were before it ticked in the current event
// iteration). A partition on a cycle that avoids its tick (it reads, at
// the same tick, what depends on its own variables) is an algebraic loop
// and keeps its edges. Returns the partitions cut, whose variables the
// event iteration then compares until they settle.
inline constexpr size_t kNoTick = static_cast<size_t>(-1);
std::vector<size_t> cutClockFeedback(const std::vector<std::vector<size_t>>& components,
                                     const std::vector<size_t>& tickNode, std::vector<std::vector<size_t>>& edges);

}  // namespace smc::causal
