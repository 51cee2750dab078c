// Direct dependencies of outputs on knowns (see Dependencies.h).
//
// What the runtime does on a Set at a communication point (runtime/src,
// fmi2_values.c and simulation.c): the Set marks values stale, and the next
// Get runs an event iteration at the current time (every block of
// eventBlocks, repeated until no discrete value changes) and then the
// continuous blocks. So an output sees a new input when a chain of blocks
// leads from the input to the output, and the dependency graph is: each
// variable -> what the block computing it reads. The rules:
//  - inputs and states are knowns: reached, they are listed; a state
//    changes on a Set only through a reinit() of a when-block that fires
//    then, so a state's only edges are those reinit()s;
//  - pre(v) reads v: the event iteration copies values to pre() between
//    its passes and converges to pre(v) = v for discrete v, so pre() is no
//    boundary here;
//  - a when-block or clocked partition runs on a Set only if one of its
//    triggers (branch condition variables, the partition's tick) can change
//    then, i.e. reaches a known or `time` (a relation on time may switch
//    exactly at a communication point). Sample flags are not computed by
//    blocks: the Set's event iteration finds their counters already past
//    the current tick (the tick was handled by the step ending here), so
//    they stay false, and a periodic clock or `when sample(...)` never
//    fires on a Set. A block that cannot fire keeps its targets: they have
//    no edges. Whether a block can fire may depend on another block firing,
//    so liveness is grown to a fixed point starting from "none fires";
//  - an algorithm block is taken whole: every variable it assigns depends
//    on everything it reads (over-approximation, as is an algebraic loop,
//    whose unknowns all depend on everything the loop reads);
//  - parameters, constants, sample flags and counters are not knowns and
//    have no edges.
#include "causalize/Dependencies.h"

#include <set>

namespace smc::causal {

namespace {

using Reads = std::set<VarId>;

// A when-block or clocked partition, and the variables whose change makes it run.
struct Conditional {
  const void* block;
  std::vector<VarId> triggers;
};

class DependencyGraph {
 public:
  explicit DependencyGraph(const CausalModel& model)
      : model_(model), timeNode_(static_cast<VarId>(model.flat.variables.size())) {
    for (const Block& block : model.eventBlocks) collectConditionals(block);
    growLiveness();
  }

  // The knowns `unknown` reaches, ascending.
  std::vector<VarId> knownsOf(VarId unknown) const {
    std::vector<VarId> knowns;
    for (VarId v : reached(unknown))
      if (isKnown(v)) knowns.push_back(v);
    return knowns;
  }

 private:
  bool isKnown(VarId v) const {
    return v < timeNode_ && (model_.roles[v] == Role::Input || model_.roles[v] == Role::State);
  }

  void collectConditionals(const Block& block) {
    if (const auto* when = std::get_if<WhenBlock>(&block)) {
      Conditional c{when, {}};
      for (const WhenBlock::Branch& branch : when->branches)
        c.triggers.insert(c.triggers.end(), branch.conditionVars.begin(), branch.conditionVars.end());
      conditionals_.push_back(std::move(c));
    } else if (const auto* clocked = std::get_if<ClockedBlock>(&block)) {
      conditionals_.push_back({clocked, {clocked->tick}});
      for (const Block& inner : clocked->blocks) collectConditionals(inner);
    }
  }

  // Rebuilds the edges for the current live set until no further
  // conditional block becomes live (each round adds edges only, so it ends).
  void growLiveness() {
    bool changed = true;
    while (changed) {
      buildEdges();
      changed = false;
      for (const Conditional& c : conditionals_) {
        if (live_.count(c.block)) continue;
        for (VarId trigger : c.triggers) {
          if (changesOnSet(trigger)) {
            live_.insert(c.block);
            changed = true;
            break;
          }
        }
      }
    }
  }

  bool changesOnSet(VarId v) const {
    for (VarId r : reached(v))
      if (r == timeNode_ || isKnown(r)) return true;
    return false;
  }

  // Every node reachable from `start` (itself included).
  Reads reached(VarId start) const {
    Reads seen{start};
    std::vector<VarId> work{start};
    while (!work.empty()) {
      VarId v = work.back();
      work.pop_back();
      for (VarId next : edges_[v])
        if (seen.insert(next).second) work.push_back(next);
    }
    return seen;
  }

  // eventBlocks hold every block; the continuous lists are subsets of it,
  // read too so that a model assembled without eventBlocks is not
  // under-approximated.
  void buildEdges() {
    edges_.assign(timeNode_ + 1, {});
    for (const auto* blocks : {&model_.eventBlocks, &model_.derivativeBlocks, &model_.outputBlocks})
      for (const Block& block : *blocks) addBlock(block);
  }

  void addExpr(const flat::Expr& e, Reads& out) const {
    if (e.kind == flat::ExprKind::Var) out.insert(e.var);
    if (e.kind == flat::ExprKind::Time) out.insert(timeNode_);
    for (const ExprPtr& arg : e.args)
      if (arg) addExpr(*arg, out);
  }

  void addStatements(const std::vector<flat::Statement>& statements, Reads& reads,
                     Reads& assigned) const {
    for (const flat::Statement& s : statements) {
      for (const ExprPtr* slot : {&s.value, &s.rangeStart, &s.rangeStep, &s.rangeStop})
        if (*slot) addExpr(**slot, reads);
      for (const ExprPtr& c : s.conditions)
        if (c) addExpr(*c, reads);
      if (s.kind == flat::StatementKind::Assign || s.kind == flat::StatementKind::Reinit)
        assigned.insert(s.target);
      if (s.kind == flat::StatementKind::For) assigned.insert(s.iterator);
      for (const std::optional<VarId>& target : s.targets)
        if (target) assigned.insert(*target);
      for (const auto& branch : s.branches) addStatements(branch, reads, assigned);
    }
  }

  void addBlock(const Block& block) {
    if (const auto* assign = std::get_if<Assign>(&block)) {
      addExpr(*assign->value, edges_[assign->target]);
    } else if (const auto* loop = std::get_if<AlgebraicLoop>(&block)) {
      Reads reads;
      for (const auto* list : {&loop->residuals, &loop->rhs})
        for (const ExprPtr& e : *list) addExpr(*e, reads);
      for (const AlgebraicLoop::Coefficient& a : loop->matrix) addExpr(*a.value, reads);
      for (const Assign& assign : loop->torn) addExpr(*assign.value, reads);
      const VarId hub = addHub(std::move(reads));
      for (VarId unknown : loop->unknowns) edges_[unknown].insert(hub);
      for (const Assign& assign : loop->torn) edges_[assign.target].insert(hub);
    } else if (const auto* when = std::get_if<WhenBlock>(&block)) {
      addWhen(*when);
    } else if (const auto* algorithm = std::get_if<AlgorithmBlock>(&block)) {
      Reads reads, assigned(algorithm->outputs.begin(), algorithm->outputs.end());
      addStatements(algorithm->statements, reads, assigned);
      assigned.insert(algorithm->relationUpdates.begin(), algorithm->relationUpdates.end());
      const VarId hub = addHub(std::move(reads));
      for (VarId v : assigned) edges_[v].insert(hub);
    } else {
      const auto& clocked = std::get<ClockedBlock>(block);
      if (!live_.count(&clocked)) return;
      for (const Block& inner : clocked.blocks) addBlock(inner);
      for (VarId v : clocked.variables) edges_[v].insert(clocked.tick);
    }
  }

  // A node past `time` standing for a block whose every output depends on
  // all of `reads`: n outputs then cost n + reads edges, not n * reads
  // (a loop of 10 000 unknowns would otherwise take gigabytes).
  VarId addHub(Reads reads) {
    edges_.push_back(std::move(reads));
    return static_cast<VarId>(edges_.size() - 1);
  }

  // Which branch fires depends on every branch's conditions; an assigned or
  // reinit-ed value also on its expression.
  void addWhen(const WhenBlock& when) {
    if (!live_.count(&when)) return;
    Reads conditions;
    for (const WhenBlock::Branch& branch : when.branches)
      conditions.insert(branch.conditionVars.begin(), branch.conditionVars.end());
    for (const WhenBlock::Branch& branch : when.branches) {
      for (const flat::Action& action : branch.actions) {
        if (action.kind != flat::ActionKind::Assign && action.kind != flat::ActionKind::Reinit)
          continue;
        Reads& target = edges_[action.target];
        target.insert(conditions.begin(), conditions.end());
        if (action.value) addExpr(*action.value, target);
      }
    }
  }

  const CausalModel& model_;
  const VarId timeNode_;  // one node past the variables, standing for `time`; hubs follow it
  std::vector<Conditional> conditionals_;
  std::set<const void*> live_;
  std::vector<Reads> edges_;  // per node: what its value is computed from
};

}  // namespace

std::vector<std::vector<VarId>> knownDependencies(const CausalModel& model,
                                                  const std::vector<VarId>& unknowns) {
  DependencyGraph graph(model);
  std::vector<std::vector<VarId>> result;
  result.reserve(unknowns.size());
  // An FMI alias depends on what its representative does.
  for (VarId unknown : unknowns) result.push_back(graph.knownsOf(model.aliasElimination.representativeOf(unknown)));
  return result;
}

}  // namespace smc::causal
