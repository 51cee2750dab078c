// The simulation system: unknowns are the derivatives, the continuous
// algebraics and the discrete variables (relation and condition variables
// included; sample flags and counters are set by the generated code and
// known); knowns are time, states, inputs and parameters. One sort gives
// the event-mode order (eventBlocks: every block). Continuous mode runs
// only the blocks computing a continuous unknown, with every discrete
// variable frozen: filtering the event order keeps a valid order, since a
// continuous block depends on discrete ones only through frozen values.
// Among the continuous blocks, those the derivatives need (transitively)
// are derivativeBlocks, the rest outputBlocks (with the algorithms that
// compute nothing and run for their asserts and calls), and those the
// event indicators need are indicatorBlocks.
#include "causalize/Blocks.h"
#include "causalize/ExprUtil.h"
#include "causalize/Sort.h"
#include "causalize/Systems.h"

#include <map>

namespace smc::causal {

namespace {

bool isContinuousUnknown(Role role) { return role == Role::Algebraic || role == Role::Derivative; }

// Marks the continuous blocks that computing `vars` needs, transitively.
std::vector<bool> neededBlocks(const std::set<VarId>& vars, const std::map<VarId, size_t>& blockOf,
                               const std::vector<std::set<VarId>>& uses, const std::vector<bool>& continuous) {
  std::vector<bool> needed(uses.size(), false);
  std::vector<size_t> work;
  auto require = [&](VarId v) {
    auto it = blockOf.find(v);
    if (it != blockOf.end() && continuous[it->second] && !needed[it->second]) {
      needed[it->second] = true;
      work.push_back(it->second);
    }
  };
  for (VarId v : vars) require(v);
  while (!work.empty()) {
    size_t b = work.back();
    work.pop_back();
    for (VarId v : uses[b]) require(v);
  }
  return needed;
}

}  // namespace

std::set<VarId> loopDiscreteVariables(const CausalModel& model, const EquationSystem& system) {
  std::set<VarId> nodeDefined;
  for (const DefiningNode& node : system.nodes) nodeDefined.insert(node.defines.begin(), node.defines.end());
  std::set<VarId> out;
  for (VarId v : system.unknowns)
    if (model.roles[v] == Role::Discrete &&
        (model.flat.variables[v].type != flat::BaseType::Real || nodeDefined.count(v)))
      out.insert(v);
  return out;
}

bool buildSimulation(CausalModel& model, const LoweredModel& lowered, DiagnosticEngine& diags) {
  EquationSystem system;
  system.what = "the model";
  system.equations = lowered.equations;
  system.nodes = lowered.nodes;
  system.noUnknownHint = "index reduction found no differentiation of the equations that makes the system regular";
  for (VarId v = 0; v < model.flat.variables.size(); ++v) {
    Role role = model.roles[v];
    if ((isContinuousUnknown(role) || role == Role::Discrete) && !lowered.sampleVariables.count(v))
      system.unknowns.push_back(v);
  }
  system.discrete = loopDiscreteVariables(model, system);
  auto sorted = sortSystem(system, model.flat, diags);
  if (!sorted) return false;
  for (const SortedBlock& block : *sorted) {
    model.iteratedDiscretes.insert(block.iterated.begin(), block.iterated.end());
    model.clockFeedbackDiscretes.insert(block.clockFeedback.begin(), block.clockFeedback.end());
  }
  std::vector<Block> blocks;
  if (!buildBlocks(system, *sorted, model, diags, blocks)) return false;

  std::map<VarId, size_t> blockOf;
  std::vector<std::set<VarId>> uses;
  std::vector<bool> continuous(blocks.size(), false);
  for (size_t b = 0; b < blocks.size(); ++b) {
    const std::vector<VarId> outputs = blockOutputs(blocks[b]);
    for (VarId v : outputs) {
      blockOf[v] = b;
      continuous[b] = continuous[b] || isContinuousUnknown(model.roles[v]);
    }
    // An algorithm that computes nothing is there for its effects (an
    // assert on a continuous variable, a function called as an equation):
    // it runs with the outputs, after every step, not only at events.
    continuous[b] = continuous[b] || (outputs.empty() && std::holds_alternative<AlgorithmBlock>(blocks[b]));
    uses.push_back(blockUses(system, (*sorted)[b]));
  }
  std::set<VarId> derivatives(model.derivatives.begin(), model.derivatives.end());
  std::vector<bool> forDerivatives = neededBlocks(derivatives, blockOf, uses, continuous);
  std::set<VarId> indicatorVars;
  for (const ZeroCrossing& z : model.zeroCrossings) collectUses(*z.indicator, indicatorVars);
  std::vector<bool> forIndicators = neededBlocks(indicatorVars, blockOf, uses, continuous);

  for (size_t b = 0; b < blocks.size(); ++b) {
    if (forIndicators[b]) model.indicatorBlocks.push_back(blocks[b]);
    if (continuous[b]) (forDerivatives[b] ? model.derivativeBlocks : model.outputBlocks).push_back(blocks[b]);
    model.eventBlocks.push_back(std::move(blocks[b]));
  }
  return true;
}

}  // namespace smc::causal
