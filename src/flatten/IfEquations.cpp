// If-equations whose conditions vary during simulation (spec 8.3.4).
//
// Each branch is lowered on its own (nested for- and if-equations are
// flattened inside it), collecting its scalar equations; a missing else is a
// branch without equations. Every branch must then have the same number of
// scalar equations. Two shapes are merged into ordinary equations:
//  - every branch defines the same set of variables by `v = e` (or of
//    derivatives by `der(x) = e`): one equation per variable,
//    `v = if c1 then e1 elseif c2 then e2 else e3`, so Integer and Boolean
//    variables stay solvable as assignments;
//  - otherwise, when all equations are Real, the k-th equations of the
//    branches pair up as one residual `0 = if c1 then l1 - r1 elseif ...`.
// Anything else is reported as not supported yet. Inside a when-clause
// every branch must assign the same variables, and each becomes one
// assignment of the clause with an if-expression as its value. The conditions become the
// conditions of if-expressions, so they generate events exactly as those do.
// An assert() in a branch is checked only while its branch is selected.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <map>

namespace smc::flatten {

namespace {

// if conditions[0] then values[0] elseif ... else values.back()
flat::ExprPtr chain(const std::vector<flat::ExprPtr>& conditions, const std::vector<flat::ExprPtr>& values,
                    SourceRange range) {
  flat::ExprPtr out = values.back();
  for (size_t b = conditions.size(); b-- > 0;) out = flat::makeIf(conditions[b], values[b], out, range);
  return out;
}

// "branch 2 (elseif)" for messages.
std::string branchName(size_t index, size_t conditions) {
  const char* keyword = index == 0 ? "if" : index < conditions ? "elseif" : "else";
  return fmt::format("branch {} ({})", index + 1, keyword);
}

bool isNumeric(flat::BaseType type) { return type == flat::BaseType::Real || type == flat::BaseType::Integer; }

}  // namespace

void Flattener::lowerVaryingIfEquation(const ast::Equation& eq, size_t firstVarying, const Scope& scope,
                                       EquationContext& context) {
  std::vector<flat::ExprPtr> conditions;
  for (size_t b = firstVarying; b < eq.conditions.size(); ++b) {
    flat::ExprPtr condition = expectScalar(lower(*eq.conditions[b], scope), flat::BaseType::Boolean,
                                           eq.conditions[b]->range, "the condition of an if-equation", scope);
    if (!condition) return;
    conditions.push_back(condition);
  }
  if (context.when) {
    lowerVaryingIfInWhen(eq, firstVarying, conditions, scope, context);
    return;
  }
  // Each branch's equations; a missing else contributes none.
  std::vector<flat::Equation>& target = context.initial ? model_.initialEquations : model_.equations;
  std::vector<std::vector<flat::Equation>> branches;
  std::vector<std::vector<flat::Assertion>> assertions;
  EquationContext inner = context;
  inner.varyingCondition = eq.conditions[firstVarying].get();
  unsigned errorsBefore = diags_.errorReports();
  for (size_t b = firstVarying; b < eq.branches.size(); ++b) {
    size_t equationsBefore = target.size(), assertionsBefore = model_.assertions.size();
    for (const ast::Equation& body : eq.branches[b]) lowerEquation(body, scope, inner);
    branches.emplace_back(std::make_move_iterator(target.begin() + static_cast<long>(equationsBefore)),
                          std::make_move_iterator(target.end()));
    target.resize(equationsBefore);
    assertions.emplace_back(std::make_move_iterator(model_.assertions.begin() + static_cast<long>(assertionsBefore)),
                            std::make_move_iterator(model_.assertions.end()));
    model_.assertions.resize(assertionsBefore);
  }
  if (branches.size() == conditions.size()) {
    branches.emplace_back();
    assertions.emplace_back();
  }
  if (diags_.errorReports() > errorsBefore) return;

  // An assertion holds trivially while its branch is not selected.
  for (size_t b = 0; b < assertions.size(); ++b) {
    for (flat::Assertion& a : assertions[b]) {
      std::vector<flat::ExprPtr> values(branches.size(), flat::makeBoolean(true, a.range));
      values[b] = a.condition;
      a.condition = chain(conditions, values, a.range);
      model_.assertions.push_back(std::move(a));
    }
  }

  size_t count = branches[0].size();
  bool sameCount = true;
  for (const auto& branch : branches) sameCount = sameCount && branch.size() == count;
  if (!sameCount) {
    std::vector<std::string> counts;
    for (size_t b = 0; b < branches.size(); ++b)
      counts.push_back(fmt::format("{} has {}", branchName(b, conditions.size()), branches[b].size()));
    diags_.errorf(eq.range,
                  "the branches of this if-equation must have the same number of scalar equations because its "
                  "conditions vary during simulation (spec 8.3.4): {}",
                  fmt::join(counts, ", "));
    return;
  }
  if (count == 0) return;
  const std::string origin = scope.instance ? scope.instance->path : std::string();

  // Shape 1: each branch defines the same variables by `v = e` (or the
  // same derivatives by `der(x) = e`).
  using Defined = std::map<std::pair<flat::ExprKind, flat::VarId>, const flat::Equation*>;
  auto definedBy = [](const flat::Expr& lhs) -> std::optional<std::pair<flat::ExprKind, flat::VarId>> {
    if (lhs.kind == flat::ExprKind::Var) return std::pair{lhs.kind, lhs.var};
    if (lhs.kind == flat::ExprKind::Der && lhs.args.size() == 1 && lhs.args[0]->kind == flat::ExprKind::Var)
      return std::pair{lhs.kind, lhs.args[0]->var};
    return std::nullopt;
  };
  auto definitions = [&](const std::vector<flat::Equation>& branch) {
    Defined out;
    for (const flat::Equation& e : branch) {
      auto key = definedBy(*e.lhs);
      if (!key || out.count(*key)) return Defined{};
      out[*key] = &e;
    }
    return out;
  };
  std::vector<Defined> defined;
  bool sameVariables = true;
  for (const auto& branch : branches) {
    defined.push_back(definitions(branch));
    sameVariables = sameVariables && defined.back().size() == count;
  }
  for (size_t b = 1; sameVariables && b < branches.size(); ++b)
    for (const auto& [key, equation] : defined[0]) sameVariables = sameVariables && defined[b].count(key);
  if (sameVariables) {
    for (const flat::Equation& first : branches[0]) {
      std::vector<flat::ExprPtr> values;
      for (const Defined& byKey : defined) values.push_back(byKey.at(*definedBy(*first.lhs))->rhs);
      addEquation(first.lhs, chain(conditions, values, first.range), first.range, context.initial, origin,
                  first.clock);
    }
    return;
  }

  // Shape 2: Real residuals, paired by position.
  for (size_t k = 0; k < count; ++k) {
    std::vector<flat::ExprPtr> residuals;
    for (size_t b = 0; b < branches.size(); ++b) {
      const flat::Equation& e = branches[b][k];
      flat::BaseType left = typeOf(*e.lhs, scope), right = typeOf(*e.rhs, scope);
      bool real = e.lhs->kind != flat::ExprKind::Tuple && isNumeric(left) && isNumeric(right) &&
                  (left == flat::BaseType::Real || right == flat::BaseType::Real);
      if (!real) {
        diags_.unsupported(e.range,
                           fmt::format("an if-equation whose conditions vary during simulation, whose branches do "
                                       "not define the same variables by 'v = e' equations, and whose equation "
                                       "{} of {} is not a Real equation",
                                       k + 1, branchName(b, conditions.size())));
        return;
      }
      residuals.push_back(flat::makeBinary(flat::Op::Sub, e.lhs, e.rhs, e.range));
    }
    addEquation(flat::makeReal(0, eq.range), chain(conditions, residuals, eq.range), eq.range, context.initial,
                origin, branches[0][k].clock);
  }
}

// Inside a when-clause the branches' equations are assignments of the
// clause (spec 8.3.5.2); every branch must assign the same variables, each
// once, and each variable gets one assignment `v := if c1 then e1 ... else eN`.
void Flattener::lowerVaryingIfInWhen(const ast::Equation& eq, size_t firstVarying,
                                     const std::vector<flat::ExprPtr>& conditions, const Scope& scope,
                                     EquationContext& context) {
  std::vector<flat::Action>& actions = context.when->actions;
  std::vector<std::map<flat::VarId, flat::Action>> branches;
  unsigned errorsBefore = diags_.errorReports();
  for (size_t b = firstVarying; b < eq.branches.size(); ++b) {
    size_t before = actions.size();
    for (const ast::Equation& body : eq.branches[b]) lowerEquation(body, scope, context);
    std::map<flat::VarId, flat::Action> assigned;
    for (size_t k = before; k < actions.size(); ++k) {
      const flat::Action& a = actions[k];
      if (a.kind != flat::ActionKind::Assign || assigned.count(a.target)) {
        diags_.unsupported(a.range, "inside a when-clause, an if-equation whose conditions vary during simulation "
                                    "with other equations than one 'v = e' per variable");
        return;
      }
      assigned.emplace(a.target, a);
    }
    actions.resize(before);
    branches.push_back(std::move(assigned));
  }
  if (diags_.errorReports() > errorsBefore) return;
  if (branches.size() == conditions.size()) branches.emplace_back();
  for (size_t b = 1; b < branches.size(); ++b) {
    bool same = branches[b].size() == branches[0].size();
    for (const auto& [target, action] : branches[0]) same = same && branches[b].count(target);
    if (!same) {
      diags_.errorf(eq.range,
                    "inside a when-clause, every branch of this if-equation must assign the same variables "
                    "because its conditions vary during simulation (spec 8.3.5.2); {} differs from branch 1",
                    branchName(b, conditions.size()));
      return;
    }
  }
  for (const auto& [target, first] : branches[0]) {
    std::vector<flat::ExprPtr> values;
    for (const auto& branch : branches) values.push_back(branch.at(target).value);
    flat::Action merged = first;
    merged.value = chain(conditions, values, first.range);
    actions.push_back(std::move(merged));
  }
}

}  // namespace smc::flatten
