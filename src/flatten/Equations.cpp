// Equations of the instance tree -> scalar flat equations (spec 8 and 9).
//
// for-equations are unrolled over their (evaluated) ranges; if-equations
// whose conditions are parameter expressions keep the selected branch
// (other if-equations: IfEquations.cpp); connect() is lowered in
// Connect.cpp. Both work around when-equations too (WhenEquations.cpp):
// inside a when-clause an equation becomes an action of the clause instead
// of a model equation.
// `(a, b) = f(x)` keeps its shape: a Tuple on the left of a FunctionCall.
// Inside a clocked when-clause (ClockedWhen.cpp) equations stay equations,
// tagged with the clause's clock.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <functional>

namespace smc::flatten {

void Flattener::addEquation(flat::ExprPtr lhs, flat::ExprPtr rhs, SourceRange range, bool initial,
                            const std::string& origin, flat::ExprPtr clock) {
  flat::Equation eq{std::move(lhs), std::move(rhs), range, origin, std::move(clock)};
  (initial ? model_.initialEquations : model_.equations).push_back(std::move(eq));
}

void Flattener::addValueEquation(const Value& lhs, const Value& rhs, SourceRange range, bool initial,
                                 const std::string& origin) {
  if (lhs.dims != rhs.dims) {
    auto text = [](const Value& v) {
      return v.isScalar() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(v.dims, ", "));
    };
    diags_.errorf(range, "the two sides of this equation differ in size: {} and {}", text(lhs), text(rhs));
    return;
  }
  for (size_t i = 0; i < lhs.elements.size(); ++i)
    addEquation(lhs.elements[i], rhs.elements[i], range, initial, origin);
}

void Flattener::lowerEquations(Instance& inst) {
  for (const Instance::Section& s : inst.sections) {
    Scope scope{&inst, s.lexical, nullptr};
    EquationContext context;
    context.initial = s.section->initial;
    for (const ast::Equation& eq : s.section->equations) lowerEquation(eq, scope, context);
  }
  lowerAlgorithms(inst);
  for (Component* c : inst.order)
    for (Instance* element : ownedInstances(*c)) lowerEquations(*element);
}

void Flattener::lowerSimpleEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context) {
  if (eq.lhs->kind == ast::ExprKind::Tuple) {
    lowerTupleEquation(eq, scope, context);
    return;
  }
  auto pairs = pairSides(*eq.lhs, *eq.rhs, scope, eq.range);
  if (!pairs) return;
  for (const auto& pair : *pairs) {
    if (readsVariableSubscript(*pair.first)) {
      diags_.unsupported(eq.lhs->range,
                         "array subscripts that vary during simulation on the left side of an equation");
      return;
    }
  }
  if (!context.when) {
    const std::string& origin = scope.instance ? scope.instance->path : std::string();
    for (const auto& [lhs, rhs] : *pairs) {
      // A Clock equals only a Clock (spec 16.3).
      flat::BaseType left = typeOf(*lhs, scope), right = typeOf(*rhs, scope);
      if ((left == flat::BaseType::Clock) != (right == flat::BaseType::Clock)) {
        diags_.errorf(eq.range, "a Clock can only be equated with a Clock, not with {}",
                      flat::toString(left == flat::BaseType::Clock ? right : left));
        return;
      }
    }
    for (const auto& [lhs, rhs] : *pairs) addEquation(lhs, rhs, eq.range, context.initial, origin, context.clock);
    return;
  }
  // In a when-clause `v = e` assigns v when the clause fires (spec 8.3.5).
  for (const auto& [lhs, rhs] : *pairs) {
    if (lhs->kind != flat::ExprKind::Var) {
      diags_.error(eq.lhs->range, "the left side of an equation in a when-clause must be a variable (spec 8.3.5)");
      return;
    }
    auto target = assignedVariable(lhs, eq.lhs->range, scope);
    if (!target) return;
    const flat::Variable& v = model_.variables[*target];
    flat::BaseType valueType = typeOf(*rhs, scope);
    if (!flat::isAssignable(v.type, valueType)) {
      diags_.errorf(eq.rhs->range, "'{}' is {} and cannot be given a {} value", v.name, flat::toString(v.type),
                    flat::toString(valueType));
      return;
    }
    flat::Action action;
    action.kind = flat::ActionKind::Assign;
    action.target = *target;
    action.value = rhs;
    action.range = eq.range;
    context.when->actions.push_back(std::move(action));
  }
}

void Flattener::lowerTupleEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context) {
  if (context.when) {
    // `(a, b) = f(x)` assigns a and b from one call when the clause fires.
    auto tuple = lowerTupleCall(*eq.lhs, *eq.rhs, scope);
    if (!tuple || !context.whenTuples) return;
    flat::Statement statement;
    statement.kind = flat::StatementKind::TupleAssign;
    statement.targets = tuple->first;
    statement.value = tuple->second;
    statement.range = eq.range;
    context.whenTuples->push_back(std::move(statement));
    return;
  }
  const bool outerInitial = inInitialSection_;
  inInitialSection_ = context.initial;
  auto tuple = lowerTupleCall(*eq.lhs, *eq.rhs, scope);
  inInitialSection_ = outerInitial;
  if (!tuple) return;
  std::vector<flat::ExprPtr> slots;
  for (size_t i = 0; i < tuple->first.size(); ++i)
    slots.push_back(tuple->first[i] ? flat::makeVar(*tuple->first[i], eq.lhs->range) : nullptr);
  addEquation(flat::makeTuple(std::move(slots), eq.lhs->range), tuple->second, eq.range, context.initial,
              scope.instance ? scope.instance->path : std::string(), context.clock);
}

void Flattener::lowerEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context) {
  switch (eq.kind) {
    case ast::EquationKind::Simple:
      lowerSimpleEquation(eq, scope, context);
      return;
    case ast::EquationKind::Connect:
      if (context.when || context.clock) {
        diags_.error(eq.range, "connect() is not allowed inside a when-clause (spec 8.3.5)");
        return;
      }
      if (context.varyingCondition) {
        diags_.error(eq.range,
                     "connect() is not allowed inside an if-equation whose condition is not a parameter "
                     "expression (spec 9.1)");
        return;
      }
      lowerConnect(eq, scope, context.initial);
      return;
    case ast::EquationKind::For: {
      auto ranges = evaluateIndexRanges(eq.iterators, scope, "for-equations");
      if (!ranges) return;
      forEachIndexCombination(*ranges, scope, [&](const Scope& inner) {
        for (const ast::Equation& body : eq.branches[0]) lowerEquation(body, inner, context);
        return true;
      });
      return;
    }
    case ast::EquationKind::If: {
      for (size_t i = 0; i < eq.branches.size(); ++i) {
        if (i < eq.conditions.size()) {
          auto condition = lower(*eq.conditions[i], scope);
          if (!condition) return;
          if (!condition->isScalar()) {
            diags_.error(eq.conditions[i]->range, "the condition of an if-equation must be a scalar Boolean");
            return;
          }
          if (!isParameterExpression(*condition->elements[0], scope)) {
            // A state machine's structure cannot depend on a run-time choice.
            for (const auto& branch : eq.branches) {
              if (const ast::Equation* machine = findStateMachineEquation(branch)) {
                diags_.errorf(machine->range,
                              "{}() cannot be used inside an if-equation whose condition is not a parameter "
                              "expression (spec 17.1)",
                              simpleCalleeName(*machine->lhs));
                return;
              }
            }
            lowerVaryingIfEquation(eq, i, scope, context);
            return;
          }
          auto value = evaluateFlat(*condition->elements[0], eq.conditions[i]->range);
          if (!value) return;
          if (value->kind != Constant::Boolean) {
            diags_.error(eq.conditions[i]->range, "the condition of an if-equation must be Boolean");
            return;
          }
          if (!value->boolean) continue;
        }
        for (const ast::Equation& body : eq.branches[i]) lowerEquation(body, scope, context);
        return;
      }
      return;
    }
    case ast::EquationKind::When:
      lowerWhenEquation(eq, scope, context);
      return;
    case ast::EquationKind::Call:
      lowerCallEquation(eq, scope, context);
      return;
  }
}

}  // namespace smc::flatten
