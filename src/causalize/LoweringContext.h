// Shared state of hybrid lowering (Lowering.cpp drives it; the when-,
// algorithm- and clocked-partition-specific parts live in WhenLowering.cpp,
// AlgorithmLowering.cpp and ClockedLowering.cpp).
#pragma once

#include "causalize/EventRewriter.h"
#include "causalize/Lowering.h"

#include <string>

namespace smc::causal {

// `(a, b) = f(x)`: a tuple on either side.
bool isTupleEquation(const flat::Equation& eq);

class Lowerer {
public:
  Lowerer(CausalModel& model, DiagnosticEngine& diags) : model(model), diags(diags), events(model, diags) {}

  // Reports (and returns false) when `where` may not assign `v`: only
  // algebraic and discrete unknowns can be assigned, and states by an
  // initial algorithm (`initialization`).
  bool checkAssignable(VarId v, SourceRange range, const std::string& where, bool initialization = false);
  // Reports (and returns false) unless `v` is a state.
  bool checkReinitTarget(VarId v, SourceRange range);
  // The variable holding a when-condition element (already rewritten): the
  // element itself when it is a discrete Boolean variable, else a new hidden
  // Boolean `name`; `needsUpdate` then says the caller must compute it.
  VarId conditionVariable(const ExprPtr& condition, const std::string& name, bool& needsUpdate);

  void lowerWhenEquations();  // WhenLowering.cpp
  void lowerAlgorithms();     // AlgorithmLowering.cpp
  void lowerClockedPartitions();  // ClockedLowering.cpp
  // An algorithm of a clocked partition: its relations need no crossings.
  DefiningNode clockedAlgorithmNode(const flat::Algorithm& algorithm);  // AlgorithmLowering.cpp
  // `(a, b) = f(x)` as an AlgorithmBlock holding one TupleAssign.
  // `initialization`: an initial equation, which may assign states and
  // parameters with fixed = false.
  std::optional<DefiningNode> tupleNode(const flat::Equation& eq, bool crossings, bool initialization);

  CausalModel& model;
  DiagnosticEngine& diags;
  EventRewriter events;
  LoweredModel out;
  size_t whenCount = 0;  // when-equations and when-statements seen, for `$whenK.j` names
  bool ok = true;
};

}  // namespace smc::causal
