// Clocked partitions (spec 16.7, as the clocks stage hands them over: see
// flat::ClockedPartition) -> one ClockedBlock node each. A clocked
// algorithm section is one node of the partition's sort, like a tuple
// equation.
//
// A partition's equations are sorted on their own, for the partition's
// variables only: everything else (continuous and discrete variables, other
// partitions' variables, pre() values) is known there, because the
// partition runs as a whole after the blocks computing what it reads. The
// blocks are built as for continuous equations (assignments solved
// symbolically, linear or nonlinear loops), so structural errors name the
// partition's clock. Relations inside the equations are evaluated directly:
// the partition runs only in the event iteration of a tick, so they need no
// zero crossing.
//
// In the global sort the partition is one defining node: it defines its
// variables and reads its tick plus what its equations read outside the
// partition, so it lands after the blocks computing those and before every
// block reading its variables. A cycle through it is reported by
// buildBlocks.
#include "causalize/Blocks.h"
#include "causalize/ExprUtil.h"
#include "causalize/LoweringContext.h"

#include <fmt/format.h>

namespace smc::causal {

void Lowerer::lowerClockedPartitions() {
  for (const flat::ClockedPartition& partition : model.flat.clockedPartitions) {
    if (partition.variables.empty() && partition.equations.empty()) continue;
    EquationSystem system;
    system.what = fmt::format("the clocked partition of clock {}", partition.clock);
    system.range = partition.range;
    system.unknowns = partition.variables;
    bool lowered = true;
    for (const flat::Equation& eq : partition.equations) {
      if (isTupleEquation(eq)) {
        if (auto node = tupleNode(eq, false, false))
          system.nodes.push_back(std::move(*node));
        else
          lowered = false;
        continue;
      }
      system.equations.push_back({events.rewrite(eq.lhs, false), events.rewrite(eq.rhs, false), eq.range, eq.origin});
    }
    for (const flat::Algorithm& algorithm : partition.algorithms) system.nodes.push_back(clockedAlgorithmNode(algorithm));
    if (!lowered) continue;
    auto sorted = sortSystem(system, model.flat, diags);
    std::vector<Block> blocks;
    if (!sorted || !buildBlocks(system, *sorted, model, diags, blocks)) {
      ok = false;
      continue;
    }

    DefiningNode node;
    for (const flat::Equation& eq : system.equations) {
      collectUses(*eq.lhs, node.uses);
      collectUses(*eq.rhs, node.uses);
    }
    for (const DefiningNode& inner : system.nodes) node.uses.insert(inner.uses.begin(), inner.uses.end());
    for (VarId v : partition.variables) node.uses.erase(v);
    node.uses.insert(partition.tick);
    node.defines = partition.variables;
    node.description = system.what;
    node.range = partition.range;
    node.block = ClockedBlock{partition.tick, std::move(blocks), partition.variables, partition.clock, partition.range};
    out.clockedVariables.insert(partition.variables.begin(), partition.variables.end());
    out.nodes.push_back(std::move(node));
  }
}

}  // namespace smc::causal
