// Small queries and rewrites over flat expressions used by causalization.
#pragma once

#include "flatten/FlatModel.h"

#include <functional>
#include <optional>
#include <set>

namespace smc::causal {

using flat::ExprPtr;
using flat::VarId;

// A copy of `e` with each child replaced by f(child); `e` itself when no
// child changed (keeps sharing).
ExprPtr mapChildren(const ExprPtr& e, const std::function<ExprPtr(const ExprPtr&)>& f);

// Replaces every expression of the model's equations, initial equations,
// clocked partitions, when-clauses (conditions, values, messages),
// algorithms and assertions by f(expression), in that order. Variable
// attributes and bindings are left alone.
void mapModelExpressions(flat::FlatModel& model, const std::function<ExprPtr(const ExprPtr&)>& f);

// The variable "der(x)" for x: a continuous Real in x's unit per second.
flat::Variable derivativeVariable(const flat::Variable& x);

bool containsDer(const flat::Expr& e);
bool containsKind(const flat::Expr& e, flat::ExprKind kind);
// Whether `e` reads the current value of `var`; pre(var) reads the value
// before the event, a known quantity, so it does not count, and neither
// does what a delay() with a positive delay time delays (Delays.h).
bool containsVar(const flat::Expr& e, VarId var);
// Every variable mentioned, pre() arguments included.
void collectVars(const flat::Expr& e, std::set<VarId>& out);
// The variables whose current value `e` reads (pre() arguments and
// delays of the past excluded): what an equation or block depends on.
void collectUses(const flat::Expr& e, std::set<VarId>& out);
bool isLiteral(const flat::Expr& e);  // a literal, or a negated one
bool isRelation(flat::Op op);         // <, <=, >, >= (== and <> never generate events)

// Splits e as a * var + b with a and b free of var; null parts stand for
// zero. Empty when e is not linear in var.
struct LinearParts {
  ExprPtr coefficient;
  ExprPtr rest;
};
std::optional<LinearParts> linearParts(const ExprPtr& e, VarId var);
// -e, folding literals and double negation.
ExprPtr negated(const ExprPtr& e);

// Solves `lhs = rhs` for `var` when the equation is linear in it:
// returns the expression for var, or null when it is not linear (or the
// coefficient is literally zero).
ExprPtr solveLinear(const ExprPtr& lhs, const ExprPtr& rhs, VarId var);

// The value of `e` when it reads only constants and parameters with
// bindings (a numeric value; empty for anything else). With atStart, the
// other variables read as their start values: an estimate of `e` at the
// start of the run.
std::optional<double> valueAtTranslation(const flat::Expr& e, const flat::FlatModel& model, bool atStart = false);
// Whether `e` reads only constants and parameters with bindings and is 0
// at translation (`r[3]` of `parameter Real r[3] = {1, 0, 0}`).
bool isZeroAtTranslation(const flat::Expr& e, const flat::FlatModel& model);

// The variables an equation mentions only as arguments of function calls
// whose output does not read them (`phi = position({u1, u2, u3}, time)`
// whose body is `q := q_qd_qdd[1]`): it cannot be solved for them either.
std::set<VarId> ignoredArgumentVars(const flat::Equation& eq, const flat::FlatModel& model);
// The variables an equation mentions only in products with such a zero
// factor (`t = r[2] * f[3] - r[3] * f[2]`): it cannot be solved for them,
// although they appear in it. They stay among its uses, since a parameter
// set before the run may make the factor nonzero.
std::set<VarId> zeroCoefficientVars(const flat::Equation& eq, const flat::FlatModel& model);

}  // namespace smc::causal
