// Clocked when-clauses (spec 16.6): `when clock then ... end when;` where
// the condition has type Clock (a Clock variable, a constructor, a derived
// clock such as subSample(base, 3)).
//
// Unlike a Boolean when-clause, whose equations become assignments that fire
// at an event, the body of a clocked when-clause holds ordinary equations of
// the clock's partition: they are solved together at each tick. So each body
// equation becomes a model equation tagged with the clause's clock (the same
// expression for every equation of the clause), and for-loops and parameter
// if-equations in the body unroll as anywhere else. The spec rules out
// elsewhen, nested when-clauses, reinit and terminate here; assert is not
// supported yet.
#include "flatten/Flattener.h"

namespace smc::flatten {

void Flattener::lowerClockedWhen(const ast::Equation& eq, flat::ExprPtr clock, const Scope& scope) {
  if (eq.conditions.size() > 1) {
    diags_.error(eq.conditions[1]->range, "a clocked when-clause cannot have elsewhen branches (spec 16.6)");
    return;
  }
  EquationContext inner;
  inner.clock = std::move(clock);
  for (const ast::Equation& body : eq.branches[0]) lowerEquation(body, scope, inner);
}

}  // namespace smc::flatten
