// Builds flat models with state machines in C++ for the state machine stage
// tests, independently of the frontend and flattening (what flattening will
// produce: Transition/InitialState with default attributes filled in,
// equations with their origin instance path). Each piece may carry a
// line:column of a test buffer so tests can check where diagnostics point.
#pragma once

#include "flatten/FlatModel.h"
#include "statemachine/StateMachines.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::test {

using flat::ExprPtr;
using flat::VarId;

// A range at line:column of the test buffer (line 0: no location).
SourceRange at(uint32_t line, uint32_t column = 1);

ExprPtr var(VarId v);
ExprPtr integer(long long value);
ExprPtr boolean(bool value);
ExprPtr add(ExprPtr a, ExprPtr b);
ExprPtr sub(ExprPtr a, ExprPtr b);
ExprPtr greaterEq(ExprPtr a, ExprPtr b);
ExprPtr equal(ExprPtr a, ExprPtr b);
ExprPtr previous(VarId v);
ExprPtr activeState(const std::string& path, uint32_t line = 0, uint32_t column = 1);
ExprPtr ticksInState(uint32_t line = 0, uint32_t column = 1);
ExprPtr timeInState(uint32_t line = 0, uint32_t column = 1);

struct TransitionSpec {
  bool immediate = true;
  bool reset = true;
  bool synchronize = false;
  long long priority = 1;
};

class SmBuilder {
public:
  explicit SmBuilder(std::string name);

  VarId integer(const std::string& name, std::optional<long long> start = std::nullopt);
  VarId boolean(const std::string& name);
  VarId integerParameter(const std::string& name, long long value);
  VarId booleanVariable(const std::string& name);  // a Discrete Boolean (not a parameter)

  void equation(ExprPtr lhs, ExprPtr rhs, const std::string& origin = "", uint32_t line = 0);
  // Attributes as literals; `priority`/`immediate` override them with an
  // arbitrary expression when given.
  void transition(const std::string& from, const std::string& to, ExprPtr condition, TransitionSpec spec = {},
                  const std::string& origin = "", uint32_t line = 0, ExprPtr priority = nullptr,
                  ExprPtr immediate = nullptr);
  void initialState(const std::string& state, const std::string& origin = "", uint32_t line = 0);
  void instance(const std::string& path);

  flat::FlatModel model;
};

struct SmRun {
  std::optional<statemachine::StateMachines> machines;
  std::optional<flat::FlatModel> lowered;
  std::string messages;  // "line:column: severity: message" per diagnostic, one a line
};

// The shape of the shared SynchronizeJoin model: a macro state `work` with
// two parallel machines (p1 -> p2 after 2 ticks, q1 -> q2 after 4), left by
// a delayed synchronize transition to `done`.
SmBuilder synchronizeJoinModel();

// Discovers and (when that succeeded) lowers `model`.
SmRun runStateMachines(const flat::FlatModel& model);

// "lhs = rhs" of each equation in flat text.
std::vector<std::string> equationTexts(const flat::FlatModel& model);
// The text of the equation defining the variable called `name`.
std::string definitionOf(const flat::FlatModel& model, const std::string& name);
// The id of the variable called `name` (fails the test when absent).
VarId idOf(const flat::FlatModel& model, const std::string& name);

}  // namespace smc::test
