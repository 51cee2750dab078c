// When-equations (spec 8.3.5) -> WhenBlock nodes. Each condition element is
// held in a Boolean variable computed before the block (a discrete Boolean
// written alone is used as it is; any other element gets a hidden
// `$whenK.j` and an update node), so the block can compare it with its
// pre() value. Relations in conditions are zero crossings; the actions run
// only at events, so relations inside them are not. The block defines the
// variables its Assign actions write (reinit targets are states, which are
// known), and reads its condition variables and the actions' expressions.
#include "causalize/ExprUtil.h"
#include "causalize/LoweringContext.h"

#include <fmt/format.h>

#include <algorithm>

namespace smc::causal {

namespace {

void addOnce(std::vector<VarId>& list, VarId v) {
  if (std::find(list.begin(), list.end(), v) == list.end()) list.push_back(v);
}

}  // namespace

void Lowerer::lowerWhenEquations() {
  for (const flat::WhenEquation& when : model.flat.whenEquations) {
    size_t k = ++whenCount;
    size_t element = 0;
    WhenBlock block;
    block.range = when.range;
    std::set<VarId> uses;
    for (const flat::WhenBranch& branch : when.branches) {
      WhenBlock::Branch lowered;
      for (const ExprPtr& condition : branch.conditions) {
        lowered.activeAtInitialization =
            lowered.activeAtInitialization || containsKind(*condition, flat::ExprKind::Initial);
        ExprPtr rewritten = events.rewrite(condition, true);
        bool needsUpdate = false;
        VarId var = conditionVariable(rewritten, fmt::format("$when{}.{}", k, ++element), needsUpdate);
        if (needsUpdate) {
          DefiningNode node;
          node.block = Assign{var, rewritten, condition->range};
          node.defines = {var};
          collectUses(*rewritten, node.uses);
          node.description = fmt::format("the when-condition '{}'", flat::toString(*condition, model.flat));
          node.range = condition->range;
          out.nodes.push_back(std::move(node));
        }
        lowered.conditionVars.push_back(var);
        uses.insert(var);
      }
      for (const flat::Action& action : branch.actions) {
        flat::Action a = action;
        if (a.value) a.value = events.rewrite(a.value, false);
        if (a.message) a.message = events.rewrite(a.message, false);
        switch (a.kind) {
          case flat::ActionKind::Assign:
            if (checkAssignable(a.target, a.range, "the when-equation")) addOnce(block.targets, a.target);
            break;
          case flat::ActionKind::Reinit: checkReinitTarget(a.target, a.range); break;
          case flat::ActionKind::Assert:
          case flat::ActionKind::Terminate: break;
        }
        if (a.value) collectUses(*a.value, uses);
        if (a.message) collectUses(*a.message, uses);
        lowered.actions.push_back(std::move(a));
      }
      block.branches.push_back(std::move(lowered));
    }
    DefiningNode node;
    for (VarId t : block.targets) uses.erase(t);
    node.uses = std::move(uses);
    node.defines = block.targets;
    node.block = std::move(block);
    node.description = "the when-equation";
    node.range = when.range;
    out.nodes.push_back(std::move(node));
  }
}

}  // namespace smc::causal
