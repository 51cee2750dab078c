// What the lowering does not reach. The state machine operators are
// lowered in equations only: anywhere else (initial equations, assertions,
// when-clauses, algorithms) they would reach the later stages unlowered, so
// they are reported as not supported there; without any state machine every
// use is an error. Likewise a when-equation or an algorithm section written
// in a state would run unguarded (as if its state were always active), so
// it is reported instead of silently changing the model's meaning.
#include "statemachine/Lowerer.h"

#include <fmt/format.h>

namespace smc::statemachine {

bool Lowerer::containsOperator(const ExprPtr& e) const {
  if (!e) return false;
  if (e->kind == ExprKind::ActiveState || e->kind == ExprKind::TicksInState || e->kind == ExprKind::TimeInState)
    return true;
  for (const auto& a : e->args)
    if (containsOperator(a)) return true;
  return false;
}

void Lowerer::checkStatements(const std::vector<flat::Statement>& statements) {
  for (const auto& s : statements) {
    bool found = containsOperator(s.value);
    for (const auto& c : s.conditions) found = found || containsOperator(c);
    if (found) report(s.range);
    for (const auto& b : s.branches) checkStatements(b);
  }
}

void Lowerer::report(SourceRange range) {
  diags_.unsupported(range, "activeState(), ticksInState() or timeInState() outside equations");
}

// The operators are lowered in equations only; anywhere else they would
// reach the later stages unlowered.
void Lowerer::checkNoOperators() {
  if (sm_.empty())
    for (const auto& eq : model_.equations)
      if (containsOperator(eq.lhs) || containsOperator(eq.rhs)) {
        // Without any state machine every use is an error; rewrite reports it.
        rewrite(eq.lhs, {});
        rewrite(eq.rhs, {});
      }
  for (const auto& eq : model_.initialEquations)
    if (containsOperator(eq.lhs) || containsOperator(eq.rhs)) report(eq.range);
  for (const auto& a : model_.assertions)
    if (containsOperator(a.condition)) report(a.range);
  for (const auto& w : model_.whenEquations)
    for (const auto& b : w.branches) {
      bool found = false;
      for (const auto& c : b.conditions) found = found || containsOperator(c);
      for (const auto& a : b.actions) found = found || containsOperator(a.value);
      if (found) report(b.range);
    }
  for (const auto& a : model_.algorithms) checkStatements(a.statements);
  for (const auto& a : model_.initialAlgorithms) checkStatements(a.statements);
}

// A when-equation with a Boolean condition belongs to the continuous-time
// partition (spec 16.8.1), and a state may not contain continuous-time
// equations (spec 17.1). Algorithms could be guarded by
// `if activeState(s) then ... end if`, but the clocks stage does not accept
// algorithms in clocked partitions yet.
void Lowerer::checkSectionsInStates() {
  for (const auto& w : model_.whenEquations)
    if (auto state = sm_.stateOfOrigin(w.origin))
      diags_.errorf(w.range,
                    "state '{}' contains a when-equation, which is a continuous-time equation; a state's "
                    "equations run on its state machine's clock (spec 17.1: a state is a block without "
                    "continuous-time equations); use an if-expression or a transition instead",
                    sm_.pathOf(*state));
  for (const auto& a : model_.algorithms)
    if (auto state = sm_.stateOfOrigin(a.origin))
      diags_.unsupported(a.range, fmt::format("an algorithm section inside state '{}' (write its assignments "
                                              "as equations)",
                                              sm_.pathOf(*state)));
}
}  // namespace smc::statemachine
