// Internal to the state machine stage: the Lowerer behind
// lowerStateMachines(), split over several files by purpose:
//   Lowering.cpp          the pass itself (order of the steps) and the entry point
//   MachineSemantics.cpp  per machine, the equations of spec 17.3.4's semantics model
//   StateTimers.cpp       the ticksInState()/timeInState() counters of each machine
//   StateEquations.cpp    state equations guarded and merged per variable, the
//                         reset-aware previous() and the operator rewriting
//   MergedOutputs.cpp     outputs of several states connected together (spec 17.3.7)
//   OperatorChecks.cpp    operators left where the lowering does not reach
// One class keeps the shared state (the model being rewritten and the
// variables of each machine) in one place.
#pragma once

#include "statemachine/StateMachines.h"

#include <map>
#include <optional>
#include <vector>

namespace smc::statemachine {

using flat::ExprKind;
using flat::ExprPtr;
using flat::Op;
using flat::VarId;

// The variables of one machine's semantics model (names `$sm.<machine>.*`).
// The reset vectors exist only where something reads them (created by
// resetOf on first use): the machine's reset chain (selectedReset,
// activeReset, nextReset) when any of its states' resets is read, and a
// state's pair of activeResetStates/nextResetStates when that state's is.
struct MachineVars {
  VarId reset = 0, selectedState = 0, activeState = 0;
  VarId nextState = 0;
  std::optional<VarId> immediate, delayed, fired, ticks, entered;
  std::optional<VarId> selectedReset, activeReset, nextReset;
  std::vector<std::optional<VarId>> activeResetStates, nextResetStates;
  std::vector<VarId> stateActive;  // per state: the visible `activeState(<path>)`
};

// What a state equation defines: a variable, or the derivative of a
// clocked discretized state.
struct DefinedKey {
  VarId var = 0;
  bool derivative = false;
  auto operator<=>(const DefinedKey&) const = default;
};

// Where an expression sits, which decides what the state machine operators
// and previous() mean in it.
struct Context {
  std::optional<size_t> machine;    // ticksInState()/timeInState() refer to this machine
  bool immediateCondition = false;  // inside an immediate transition's condition
  std::optional<StateRef> guard;    // the equation belongs to this state
};

inline ExprPtr var(VarId v) { return flat::makeVar(v); }
inline ExprPtr previous(VarId v) { return flat::makeClockOp(flat::ClockOperator::Previous, {var(v)}); }
inline ExprPtr integer(long long value) { return flat::makeInteger(value); }
inline ExprPtr boolean(bool value) { return flat::makeBoolean(value); }
inline ExprPtr binary(Op op, ExprPtr a, ExprPtr b) { return flat::makeBinary(op, std::move(a), std::move(b)); }
inline ExprPtr equals(VarId v, long long value) { return binary(Op::Equal, var(v), integer(value)); }

class Lowerer {
public:
  Lowerer(flat::FlatModel model, const StateMachines& machines, DiagnosticEngine& diags)
      : model_(std::move(model)), sm_(machines), diags_(diags) {}

  std::optional<flat::FlatModel> run();

private:
  const Machine& machine(size_t m) const { return sm_.machines[m]; }
  std::string prefix(size_t m) const { return "$sm." + machine(m).name + "."; }

  // Lowering.cpp
  VarId addVariable(std::string name, flat::BaseType type, ExprPtr start, bool hidden, SourceRange range);
  VarId addInteger(size_t m, const std::string& name, long long start);
  VarId addBoolean(size_t m, const std::string& name, bool start);
  void add(std::vector<flat::Equation>& out, VarId lhs, ExprPtr rhs, size_t m, SourceRange range = {});

  // MachineSemantics.cpp
  void declareMachine(size_t m);
  VarId stateActive(StateRef s) const { return vars_[s.machine].stateActive[s.state - 1]; }
  ExprPtr activeOf(size_t m) const;
  ExprPtr resetOf(StateRef s);
  void emitResets(size_t m, std::vector<flat::Equation>& out);
  ExprPtr whenActive(size_t m, ExprPtr value, VarId v) const;
  ExprPtr inFinalState(size_t m) const;
  ExprPtr transitionChoice(size_t m, bool immediate, VarId state);
  void emitMachine(size_t m, std::vector<flat::Equation>& out);

  // StateTimers.cpp
  ExprPtr entryOf(size_t m) const;
  ExprPtr entryBeforeTransition(size_t m) const;
  void emitTimers(size_t m, std::vector<flat::Equation>& out);
  VarId ticksOf(size_t m);
  VarId enteredOf(size_t m);

  // StateEquations.cpp
  std::optional<StateRef> ownerOf(VarId w);
  ExprPtr startValue(VarId w) const;
  ExprPtr previousIn(VarId w, const std::optional<StateRef>& guard, ExprPtr original);
  ExprPtr rewrite(const ExprPtr& e, const Context& context);
  bool exclusive(StateRef a, StateRef b) const;
  // The first of `states` that can be active at the same tick as an
  // earlier one; nullopt when they are pairwise exclusive.
  std::optional<size_t> firstOverlapping(const std::vector<StateRef>& states) const;
  std::optional<StateRef> commonState(const std::vector<StateRef>& states) const;
  std::vector<flat::Equation> lowerModelEquations();
  std::optional<DefinedKey> definedBy(flat::Equation& eq) const;
  bool initiallyActive(StateRef s) const;
  bool checkStartOfMerged(VarId v, const std::vector<StateRef>& states, SourceRange range);
  std::string quotedStates(const std::vector<StateRef>& states) const;


  // MergedOutputs.cpp
  bool isConnectionCandidate(size_t equation);
  // Per equation index replaced by a merge: what takes its place (the merged
  // equations at the set's first equation, nothing at the others).
  std::map<size_t, std::vector<flat::Equation>> mergeConnectedOutputs();

  // OperatorChecks.cpp
  bool containsOperator(const ExprPtr& e) const;
  void checkStatements(const std::vector<flat::Statement>& statements);
  void report(SourceRange range);
  void checkNoOperators();
  void checkSectionsInStates();

  flat::FlatModel model_;
  const StateMachines& sm_;
  DiagnosticEngine& diags_;
  std::vector<MachineVars> vars_;
  std::map<VarId, std::optional<StateRef>> owners_;
};

}  // namespace smc::statemachine
