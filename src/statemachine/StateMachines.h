// The state machine stage (spec chapter 17): a flat model -> flat model pass
// between flattening and the clocks stage. discoverStateMachines() finds the
// machines (clusters of states linked by transition(), each with one
// initialState()), their hierarchy and which equations belong to which
// state; lowerStateMachines() replaces them by ordinary clocked equations
// following the chapter's StateMachineSemantics model, so that the clocks
// stage then infers each machine's clock like any other clocked partition.
#pragma once

#include "flatten/FlatModel.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace smc::statemachine {

// A transition with its attributes evaluated at translation time. `from`
// and `to` are state numbers (1-based) of its machine.
struct MachineTransition {
  int from = 0, to = 0;
  flat::ExprPtr condition;
  bool immediate = true, reset = true, synchronize = false;
  long long priority = 1;
  size_t source = 0;  // index into FlatModel::transitions
  SourceRange range;
};

// A state of a machine: where it sits in the machine list.
struct StateRef {
  size_t machine = 0;
  int state = 0;  // 1-based state number
  bool operator==(const StateRef&) const = default;
};

struct Machine {
  std::string name;                 // the initial state's path
  std::vector<std::string> states;  // paths; states[0] (number 1) is the initial state
  // Sorted as the semantics model wants: the lowest priority number last,
  // so the max() over indices picks the highest priority.
  std::vector<MachineTransition> transitions;
  std::vector<bool> finalStates;    // per state: no transition leaves it
  std::optional<StateRef> parent;   // the state containing this machine; empty at the top
  std::vector<std::vector<size_t>> subMachines;  // per state: the (parallel) machines inside it
  std::string origin;               // origin of its initialState()
  SourceRange range;                // its initialState()
};

struct StateMachines {
  std::vector<Machine> machines;  // parents before their sub-machines
  // Per FlatModel::equations index: the innermost state containing it.
  std::vector<std::optional<StateRef>> equationState;

  // Path -> state, for findState; rebuilt by indexStates() whenever
  // `machines` changes.
  std::unordered_map<std::string, StateRef> stateIndex;

  bool empty() const { return machines.empty(); }
  void indexStates();
  // The state with instance path `path`, if it is one.
  std::optional<StateRef> findState(const std::string& path) const;
  const std::string& pathOf(StateRef ref) const { return machines[ref.machine].states[ref.state - 1]; }
  // The innermost state whose path is `origin` or prefixes it (what an
  // equation, when-equation or algorithm written in instance `origin` belongs to).
  std::optional<StateRef> stateOfOrigin(std::string origin) const;
  // `inner` is `outer` or a state nested (at any depth) inside it.
  bool isWithin(StateRef inner, StateRef outer) const;
};

// Empty on errors (reported, located). A model without transitions or
// initialStates returns an empty StateMachines quickly.
std::optional<StateMachines> discoverStateMachines(const flat::FlatModel& model, DiagnosticEngine& diags);

// `smc --dump=sm`: each machine (states with numbers, initial and final
// states, transitions with condition and attributes, hierarchy), then the
// equations of `lowered` in flat text when given.
std::string dumpStateMachines(const flat::FlatModel& model, const StateMachines& machines,
                              const flat::FlatModel* lowered);

// Replaces the machines by clocked equations (see Lowering.cpp); empties
// transitions and initialStates; no ActiveState/TicksInState/TimeInState
// remains. Empty on errors (reported, located).
std::optional<flat::FlatModel> lowerStateMachines(flat::FlatModel model, const StateMachines& machines,
                                                  DiagnosticEngine& diags);

}  // namespace smc::statemachine
