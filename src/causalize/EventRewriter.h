// Expression rewriting for events (spec 8.5, and sample() of 3.7.4): each
// event-generating relation becomes a hidden Boolean with a ZeroCrossing,
// each event-generating floor, ceil, integer, div, mod and rem (3.7.1.1) a
// hidden integer-valued variable with two ZeroCrossings, each sample() a
// hidden flag with a Sample (see EventRewriter.cpp, EventBuiltins.cpp).
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Sort.h"
#include "frontend/Diagnostics.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace smc::causal {

class EventRewriter {
public:
  EventRewriter(CausalModel& model, DiagnosticEngine& diags);

  // `e` with every sample() replaced by its flag and, when `crossings` (a
  // continuous equation, a when-condition, a model algorithm outside
  // when-statements), every event-generating relation by its relation
  // variable and every event-generating built-in by the value it holds
  // between events. Those under noEvent() or smooth() are left alone.
  ExprPtr rewrite(const ExprPtr& e, bool crossings);

  // While an algorithm is lowered: relations that read one of `assigned`
  // (the algorithm's own outputs) cannot be updated before the algorithm;
  // their updates `$relationN := lhs op rhs` are appended to `updates` for
  // the algorithm to place before the statement using them. Null ends it.
  void setLocalScope(const std::set<VarId>* assigned, std::vector<std::pair<VarId, ExprPtr>>* updates) {
    localAssigned_ = assigned;
    localUpdates_ = updates;
    localRelationByText_.clear();
  }

  // A new hidden discrete variable (start false or 0) with Role::Discrete;
  // `name` is made unique if a variable already has it.
  VarId addHidden(const std::string& name, flat::BaseType type, SourceRange range);

  // The updates `$relationN := lhs op rhs`, one per relation, and those of
  // the built-ins' held values.
  std::vector<DefiningNode>& relationNodes() { return relationNodes_; }
  // Sample flags and counters: set by the generated event_update, known to
  // every equation system.
  const std::set<VarId>& sampleVariables() const { return sampleVariables_; }
  bool ok() const { return ok_; }

private:
  // The hidden discrete variable `prefix`N of `type` that `update` computes
  // in event mode and that holds between events, the solver watching
  // `indicators` of it (each crossing zero is an event). One variable per
  // update text.
  ExprPtr heldVariable(const ExprPtr& update, flat::BaseType type, const char* prefix,
                       const std::function<std::vector<ExprPtr>(const ExprPtr& held)>& indicators);
  ExprPtr relationVariable(const ExprPtr& relation);
  bool isEventBuiltin(const flat::Expr& e) const;
  ExprPtr eventBuiltinValue(const ExprPtr& call);
  bool readsLocal(const flat::Expr& relation) const;
  ExprPtr sampleFlag(const ExprPtr& sample);
  bool checkParameterExpression(const ExprPtr& e, const char* what, SourceRange sample);
  bool checkPositive(const ExprPtr& e, const char* what, SourceRange sample);
  bool variesContinuously(const flat::Expr& e) const;

  CausalModel& model_;
  DiagnosticEngine& diags_;
  std::set<std::string> names_;
  std::map<std::string, VarId> relationByText_;
  std::map<std::string, VarId> sampleByText_;
  std::vector<DefiningNode> relationNodes_;
  const std::set<VarId>* localAssigned_ = nullptr;
  std::vector<std::pair<VarId, ExprPtr>>* localUpdates_ = nullptr;
  std::map<std::string, VarId> localRelationByText_;
  std::set<VarId> sampleVariables_;
  bool ok_ = true;
};

}  // namespace smc::causal
