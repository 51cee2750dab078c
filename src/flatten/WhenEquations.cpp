// when-equations and the equations that are calls (spec 8.3.5 - 8.3.8):
//
//   when {c1, c2} then v = e; reinit(x, e); elsewhen c3 then ... end when;
//   assert(condition, "message", AssertionLevel.warning);
//   terminate("message");
//
// Each branch of a when-equation keeps its conditions (one per element of a
// vector condition) and its equations as actions; for-loops and parameter
// if-equations inside the clause are unrolled into it. The restrictions of
// the spec are checked here, where the source is at hand: no when inside a
// when (8.3.5.2), no when in an initial equation section, reinit and
// terminate only inside a when-clause. assert outside a when-clause becomes
// one of the model's assertions. Messages must be constant: a String
// literal, a String constant or a '+' of those. A when whose condition is a
// Clock is a clocked when-clause (ClockedWhen.cpp).
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <functional>

namespace smc::flatten {

void Flattener::lowerWhenEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context) {
  if (context.initial) {
    diags_.error(eq.range, "a when-equation is not allowed in an initial equation section (spec 8.6)");
    return;
  }
  if (context.when || context.clock) {
    diags_.error(eq.range, "a when-equation cannot be nested inside another when-equation (spec 8.3.5.2)");
    return;
  }
  if (context.varyingCondition) {
    diags_.error(eq.range,
                 "a when-equation is not allowed inside an if-equation whose condition is not a parameter "
                 "expression (spec 8.3.5.2)");
    return;
  }
  // The first condition is lowered once: its type tells a clocked clause.
  std::optional<Value> first;
  if (!eq.conditions.empty()) {
    first = lower(*eq.conditions[0], scope);
    if (!first) return;
    bool clocked = false;
    for (const flat::ExprPtr& e : first->elements)
      clocked = clocked || typeOf(*e, scope) == flat::BaseType::Clock;
    if (clocked) {
      if (!first->isScalar()) {
        diags_.error(eq.conditions[0]->range,
                     "the condition of a clocked when-clause must be a single Clock (spec 16.6)");
        return;
      }
      lowerClockedWhen(eq, first->elements[0], scope);
      return;
    }
  }
  flat::WhenEquation when;
  when.range = eq.range;
  when.origin = scope.instance ? scope.instance->path : std::string();
  // Sized up front: the branches' addresses are handed to the bodies below.
  when.branches.resize(eq.branches.size());
  bool ok = eq.conditions.size() == eq.branches.size();
  std::vector<std::vector<flat::Statement>> tuples(eq.branches.size());
  bool hasTuples = false;
  for (size_t i = 0; ok && i < eq.branches.size(); ++i) {
    flat::WhenBranch& branch = when.branches[i];
    branch.range = eq.conditions[i]->range;
    auto conditions = i == 0 ? checkWhenConditions(first, *eq.conditions[0], scope)
                             : lowerWhenConditions(*eq.conditions[i], scope);
    if (!conditions) {
      ok = false;
      continue;
    }
    branch.conditions = std::move(*conditions);
    EquationContext inner;
    inner.when = &branch;
    inner.whenTuples = &tuples[i];
    unsigned errorsBefore = diags_.errorReports();
    for (const ast::Equation& body : eq.branches[i]) lowerEquation(body, scope, inner);
    ok = diags_.errorReports() == errorsBefore;
    hasTuples = hasTuples || !tuples[i].empty();
  }
  if (!ok) return;
  if (hasTuples)
    addWhenAsAlgorithm(when, std::move(tuples));
  else
    model_.whenEquations.push_back(std::move(when));
}

std::optional<std::vector<flat::ExprPtr>> Flattener::lowerWhenConditions(const ast::Expr& condition,
                                                                         const Scope& scope) {
  return checkWhenConditions(lower(condition, scope), condition, scope);
}

std::optional<std::vector<flat::ExprPtr>> Flattener::checkWhenConditions(const std::optional<Value>& value,
                                                                         const ast::Expr& condition,
                                                                         const Scope& scope) {
  if (!value) return std::nullopt;
  if (value->dims.size() > 1 || value->elements.empty()) {
    diags_.error(condition.range, "the condition of a when-clause must be a Boolean or a vector of Booleans");
    return std::nullopt;
  }
  for (const flat::ExprPtr& e : value->elements) {
    flat::BaseType type = typeOf(*e, scope);
    if (type == flat::BaseType::Clock) {
      diags_.error(condition.range,
                   "a Clock condition makes a clocked when-clause, which has no elsewhen and cannot be used inside "
                   "an algorithm (spec 16.6)");
      return std::nullopt;
    }
    if (type != flat::BaseType::Boolean) {
      diags_.errorf(condition.range, "the condition of a when-clause must be Boolean, not {}", flat::toString(type));
      return std::nullopt;
    }
  }
  return value->elements;
}

void Flattener::lowerCallEquation(const ast::Equation& eq, const Scope& scope, EquationContext& context) {
  const ast::Expr& call = *eq.lhs;
  if (isConnectionsEquation(eq)) {
    if (context.when || context.initial || context.clock)
      diags_.errorf(eq.range, "Connections.{}() is only allowed among the equations of a model (spec 9.4)",
                    call.ref.parts[1].name);
    else
      lowerConnectionsEquation(eq);
    return;
  }
  std::string name = simpleCalleeName(call);
  if (context.clock && (name == "reinit" || name == "terminate")) {
    diags_.errorf(eq.range, "{}() is not allowed inside a clocked when-clause (spec 16.6)", name);
    return;
  }
  // An assert whose condition is clocked: the condition becomes a hidden
  // Boolean `$assertN` with an equation of its own (on `clock`, or where
  // clock inference places it), asserted like an equation section's
  // assert; being clocked it changes only at ticks, so it fails at the
  // tick it turns false.
  auto assertThroughBoolean = [&](const auto& check, flat::ExprPtr clock) {
    flat::Variable v;
    v.name = fmt::format("$assert{}", ++clockedAsserts_);
    v.type = flat::BaseType::Boolean;
    v.variability = flat::Variability::Discrete;
    v.isHidden = true;
    v.range = eq.range;
    v.attributes.start = flat::makeBoolean(true);
    auto id = static_cast<flat::VarId>(model_.variables.size());
    model_.variables.push_back(std::move(v));
    addEquation(flat::makeVar(id, eq.range), check.condition, eq.range, false,
                scope.instance ? scope.instance->path : std::string(), std::move(clock));
    model_.assertions.push_back({flat::makeVar(id, eq.range), check.message, check.level, eq.range});
  };
  if (context.clock && name == "assert") {
    // Checked at the clock's ticks, in the clause's partition (previous(),
    // interval() and the partition's variables read as the clause's
    // equations read them).
    auto check = lowerAssertCall(call, scope);
    if (!check) return;
    // The message is built when the check fails, outside the partition.
    if (check->message && flat::mentionsClocks(*check->message)) {
      diags_.unsupported(eq.range, "previous(), interval() or another clock operator in the message of an assert() "
                                   "inside a clocked when-clause");
      return;
    }
    assertThroughBoolean(*check, context.clock);
    return;
  }
  if (name == "reinit") {
    if (!context.when) {
      diags_.error(eq.range, "reinit() is only allowed inside a when-clause (spec 8.3.6)");
      return;
    }
    auto reinit = lowerReinit(call, scope);
    if (!reinit) return;
    flat::Action action;
    action.kind = flat::ActionKind::Reinit;
    action.target = reinit->first;
    action.value = reinit->second;
    action.range = eq.range;
    context.when->actions.push_back(std::move(action));
    return;
  }
  if (name == "assert") {
    auto check = lowerAssertCall(call, scope);
    if (!check) return;
    if (context.when) {
      flat::Action action;
      action.kind = flat::ActionKind::Assert;
      action.value = check->condition;
      action.message = check->message;
      action.level = check->level;
      action.range = eq.range;
      context.when->actions.push_back(std::move(action));
    } else if (context.initial) {
      // Checked once, with the values initialization gives: an initial
      // algorithm of that one statement, as `f(x);` there is.
      flat::Statement statement;
      statement.kind = flat::StatementKind::Assert;
      statement.value = check->condition;
      statement.message = check->message;
      statement.level = check->level;
      statement.range = eq.range;
      flat::Algorithm algorithm;
      algorithm.range = eq.range;
      algorithm.origin = scope.instance ? scope.instance->path : std::string();
      algorithm.statements.push_back(std::move(statement));
      model_.initialAlgorithms.push_back(std::move(algorithm));
    } else if (flat::mentionsClocks(*check->condition)) {
      // `assert(previous(u) < 5, ...)` is checked in the partition its
      // condition belongs to, `assert(hold(u) < 5, ...)` in continuous
      // time (spec 16.7).
      if (check->message && flat::mentionsClocks(*check->message)) {
        diags_.unsupported(eq.range, "a clock operator in the message of an assert()");
        return;
      }
      assertThroughBoolean(*check, nullptr);
    } else {
      model_.assertions.push_back({check->condition, check->message, check->level, eq.range});
    }
    return;
  }
  if (name == "terminate") {
    if (!context.when) {
      diags_.error(eq.range, "terminate() is only allowed inside a when-clause (spec 8.3.8)");
      return;
    }
    flat::ExprPtr message = lowerTerminateCall(call, scope);
    if (!message) return;
    flat::Action action;
    action.kind = flat::ActionKind::Terminate;
    action.message = message;
    action.range = eq.range;
    context.when->actions.push_back(std::move(action));
    return;
  }
  if (name == "transition" || name == "initialState") {
    lowerStateMachineEquation(eq, scope, context);
    return;
  }
  if (ClassNode* cls = callsBuiltin(call, scope) ? nullptr : calledFunction(call, scope)) {
    // `f(x);` runs f for its effects (closing a file, printing, the
    // asserts of Fluid's checkBoundary), as the statement `f(x);` would:
    // inside a when-clause when it fires (the clause becomes a
    // when-statement, WhenTuples.cpp), elsewhere as an algorithm of that
    // one statement, whenever the model is evaluated.
    flat::Statement statement;
    statement.kind = flat::StatementKind::TupleAssign;
    statement.value = lowerFunctionCall(call, cls, scope, true);
    statement.range = eq.range;
    if (!statement.value) return;
    if (context.clock) {
      diags_.unsupported(eq.range, "a function call as an equation inside a clocked when-clause");
      return;
    }
    if (context.when) {
      context.whenTuples->push_back(std::move(statement));
      return;
    }
    flat::Algorithm algorithm;
    algorithm.range = eq.range;
    algorithm.origin = scope.instance ? scope.instance->path : std::string();
    algorithm.statements.push_back(std::move(statement));
    (context.initial ? model_.initialAlgorithms : model_.algorithms).push_back(std::move(algorithm));
    return;
  }
  diags_.errorf(eq.range, "a call to '{}' is not an equation", refText(call.ref));
}

std::optional<std::pair<flat::VarId, flat::ExprPtr>> Flattener::lowerReinit(const ast::Expr& call,
                                                                            const Scope& scope) {
  if (call.args.size() != 2 || !call.named.empty()) {
    diags_.errorf(call.range, "reinit() takes 2 arguments (a state and its new value), {} given",
                  call.args.size() + call.named.size());
    return std::nullopt;
  }
  const ast::Expr& targetExpr = *call.args[0];
  auto target = lower(targetExpr, scope);
  if (!target) return std::nullopt;
  if (!target->isScalar()) {
    diags_.unsupported(targetExpr.range, "reinit() of an array");
    return std::nullopt;
  }
  const flat::ExprPtr& var = target->elements[0];
  if (var->kind != flat::ExprKind::Var) {
    diags_.error(targetExpr.range, "the first argument of reinit() must be a variable (spec 8.3.6)");
    return std::nullopt;
  }
  const flat::Variable& v = model_.variables[var->var];
  if (v.type != flat::BaseType::Real || v.variability == flat::Variability::Parameter ||
      v.variability == flat::Variability::Constant) {
    diags_.errorf(targetExpr.range, "reinit() needs a Real state, and '{}' is not one (spec 8.3.6)", v.name);
    return std::nullopt;
  }
  const ast::Expr& valueExpr = *call.args[1];
  flat::ExprPtr value =
      expectScalar(lower(valueExpr, scope), flat::BaseType::Real, valueExpr.range, "the new value of reinit()", scope);
  if (!value) return std::nullopt;
  return std::make_pair(var->var, value);
}

std::optional<AssertCall> Flattener::lowerAssertCall(const ast::Expr& call, const Scope& scope) {
  static const char* const slotNames[3] = {"condition", "message", "level"};
  const ast::Expr* slots[3] = {nullptr, nullptr, nullptr};
  if (call.args.size() > 3) {
    diags_.errorf(call.range, "assert() takes 2 or 3 arguments, {} given", call.args.size());
    return std::nullopt;
  }
  for (size_t i = 0; i < call.args.size(); ++i) slots[i] = call.args[i].get();
  for (const ast::NamedArg& arg : call.named) {
    int slot = 0;
    while (slot < 3 && arg.name != slotNames[slot]) ++slot;
    if (slot == 3) {
      diags_.errorf(arg.range, "assert() has no argument named '{}'", arg.name);
      return std::nullopt;
    }
    if (slots[slot]) {
      diags_.errorf(arg.range, "argument '{}' of assert() is given twice", arg.name);
      return std::nullopt;
    }
    slots[slot] = arg.value.get();
  }
  if (!slots[0] || !slots[1]) {
    diags_.error(call.range, "assert() needs a condition and a message");
    return std::nullopt;
  }
  AssertCall out;
  out.condition =
      expectScalar(lower(*slots[0], scope), flat::BaseType::Boolean, slots[0]->range, "the condition of assert()", scope);
  if (!out.condition) return std::nullopt;
  out.message = lowerMessage(*slots[1], scope, "assert");
  if (!out.message) return std::nullopt;
  if (const ast::Expr* level = slots[2]) {
    const auto& parts = level->ref.parts;
    bool named = level->kind == ast::ExprKind::Ref && parts.size() == 2 && parts[0].name == "AssertionLevel" &&
                 parts[0].subscripts.empty() && parts[1].subscripts.empty() &&
                 (parts[1].name == "error" || parts[1].name == "warning");
    if (!named) {
      diags_.error(level->range, "the level of assert() must be AssertionLevel.error or AssertionLevel.warning");
      return std::nullopt;
    }
    out.level = parts[1].name == "warning" ? flat::AssertLevel::Warning : flat::AssertLevel::Error;
  }
  return out;
}

flat::ExprPtr Flattener::lowerTerminateCall(const ast::Expr& call, const Scope& scope) {
  const ast::Expr* message = call.args.size() == 1 && call.named.empty()       ? call.args[0].get()
                             : call.args.empty() && call.named.size() == 1 &&
                                       call.named[0].name == "message"         ? call.named[0].value.get()
                                                                               : nullptr;
  if (!message) {
    diags_.error(call.range, "terminate() takes one argument, a message");
    return nullptr;
  }
  return lowerMessage(*message, scope, "terminate");
}

flat::ExprPtr Flattener::lowerMessage(const ast::Expr& message, const Scope& scope, const char* what) {
  auto value = lower(message, scope);
  if (!value) return nullptr;
  if (!value->isScalar() || typeOf(*value->elements[0], scope) != flat::BaseType::String) {
    diags_.errorf(message.range, "the message of {}() must be a String", what);
    return nullptr;
  }
  // Literals, String constants and parameters and '+' between them fold to
  // one literal; the rest (String() of run-time values, a String function's
  // result) stays, and the FMU builds the text when the message is shown.
  std::vector<flat::ExprPtr> pieces;
  std::function<bool(const flat::ExprPtr&)> collect = [&](const flat::ExprPtr& e) {
    if (e->kind == flat::ExprKind::Binary && e->op == flat::Op::Add)
      return collect(e->args[0]) && collect(e->args[1]);
    flat::ExprPtr piece = e;
    // A String parameter is fixed at translation like a constant (an FMI
    // String of variability constant, see docs/supported.md).
    if (e->kind == flat::ExprKind::Var && !scope.function &&
        (model_.variables[e->var].variability == flat::Variability::Constant ||
         (model_.variables[e->var].variability == flat::Variability::Parameter &&
          model_.variables[e->var].type == flat::BaseType::String))) {
      auto constant = flat::ConstantEvaluator(model_).evaluate(*e);
      if (constant && constant->kind == Constant::String) piece = flat::makeString(constant->text, e->range);
    }
    if (piece->kind == flat::ExprKind::String && !pieces.empty() && pieces.back()->kind == flat::ExprKind::String) {
      pieces.back() = flat::makeString(pieces.back()->text + piece->text, pieces.back()->range);
      return true;
    }
    pieces.push_back(piece);
    return true;
  };
  if (!collect(value->elements[0])) return nullptr;
  flat::ExprPtr joined = pieces[0];
  for (size_t i = 1; i < pieces.size(); ++i)
    joined = flat::makeBinary(flat::Op::Add, joined, pieces[i], message.range);
  return joined;
}

}  // namespace smc::flatten
