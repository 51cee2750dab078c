// State machine constructs (spec 17) as flattening sees them:
//
//   transition(from, to, condition, immediate, reset, synchronize, priority);
//   initialState(state);
//   activeState(state), ticksInState(), timeInState() in expressions.
//
// Flattening does not build the machines: it records the transitions and
// initial states with the instance paths of their states and the instance
// whose class wrote them (`origin`), filling in the defaults of spec 17.1,
// and turns the three operators into their flat expressions. The state
// machine stage (src/statemachine) finds the machines and lowers them.
// States are block (or model) instances, never variables. The arguments
// other than the condition are parameter expressions, as they decide the
// structure of the machine. transition and initialState are equations that
// hold for the whole simulation: inside a when-clause, an initial equation
// section or a branch chosen at run time they would mean nothing.
#include "flatten/Flattener.h"
#include "flatten/Graphics.h"

#include <fmt/format.h>

#include <array>

namespace smc::flatten {

namespace {

// The formal parameters of transition() in positional order (spec 17.1).
constexpr std::array<const char*, 7> transitionParameters = {"from",  "to",          "condition", "immediate",
                                                             "reset", "synchronize", "priority"};

bool isStateMachineEquationName(const std::string& name) {
  return name == "transition" || name == "initialState";
}

}  // namespace

bool isStateMachineOperatorName(const std::string& name) {
  return isStateMachineEquationName(name) || name == "activeState" || name == "ticksInState" ||
         name == "timeInState";
}

const ast::Equation* findStateMachineEquation(const std::vector<ast::Equation>& equations) {
  for (const ast::Equation& eq : equations) {
    if (eq.kind == ast::EquationKind::Call && eq.lhs && isStateMachineEquationName(simpleCalleeName(*eq.lhs)))
      return &eq;
    for (const auto& branch : eq.branches)
      if (const ast::Equation* found = findStateMachineEquation(branch)) return found;
  }
  return nullptr;
}

std::optional<std::string> Flattener::statePath(const ast::Expr& arg, const std::string& what, const Scope& scope) {
  if (arg.kind != ast::ExprKind::Ref) {
    diags_.errorf(arg.range, "{} must name a state (a block instance) (spec 17.1)", what);
    return std::nullopt;
  }
  auto target = resolveRef(arg.ref, scope);
  if (!target) return std::nullopt;
  if (!target->instance) {
    diags_.errorf(arg.range, "{} must name a state (a block instance), and '{}' is a variable (spec 17.1)", what,
                  refText(arg.ref));
    return std::nullopt;
  }
  // Records and connectors are structured variables: they have no behaviour
  // to activate.
  ast::ClassKind kind = target->instance->cls->def->kind;
  if (kind != ast::ClassKind::Block && kind != ast::ClassKind::Model && kind != ast::ClassKind::Class) {
    diags_.errorf(arg.range, "{} must name a state (a block instance), and '{}' is a {} (spec 17.1)", what,
                  refText(arg.ref), ast::toString(kind));
    return std::nullopt;
  }
  return target->instance->path;
}

void Flattener::lowerStateMachineEquation(const ast::Equation& eq, const Scope& scope,
                                          const EquationContext& context) {
  const ast::Expr& call = *eq.lhs;
  const std::string name = simpleCalleeName(call);
  if (context.when || context.clock) {
    diags_.errorf(eq.range, "{}() cannot be used inside a when-equation (spec 17.1)", name);
    return;
  }
  if (context.initial) {
    diags_.errorf(eq.range, "{}() cannot be used in an initial equation section (spec 17.1)", name);
    return;
  }
  if (!call.iterators.empty()) {
    diags_.errorf(call.range, "'{}' does not accept an iterator ('for') argument", name);
    return;
  }
  const std::string origin = scope.instance ? scope.instance->path : std::string();

  if (name == "initialState") {
    if (!call.named.empty() && call.named[0].name != "state") {
      diags_.errorf(call.named[0].range, "initialState() has no argument named '{}'", call.named[0].name);
      return;
    }
    if (call.args.size() + call.named.size() != 1) {
      diags_.errorf(call.range, "initialState() takes 1 argument (a state), {} given",
                    call.args.size() + call.named.size());
      return;
    }
    const ast::Expr& arg = call.args.empty() ? *call.named[0].value : *call.args[0];
    auto state = statePath(arg, "the argument of initialState()", scope);
    if (!state) return;
    model_.initialStates.push_back({*state, origin, eq.range, readLineGraphic(eq.annotation.get(), diags_)});
    return;
  }

  // transition(): match positional and named arguments to the parameters.
  std::array<const ast::Expr*, transitionParameters.size()> given{};
  if (call.args.size() > given.size()) {
    diags_.errorf(call.range, "transition() takes at most {} arguments, {} given", given.size(), call.args.size());
    return;
  }
  for (size_t i = 0; i < call.args.size(); ++i) given[i] = call.args[i].get();
  for (const ast::NamedArg& arg : call.named) {
    size_t slot = 0;
    while (slot < given.size() && arg.name != transitionParameters[slot]) ++slot;
    if (slot == given.size()) {
      diags_.errorf(arg.range, "transition() has no argument named '{}'", arg.name);
      return;
    }
    if (given[slot]) {
      diags_.errorf(arg.range, "argument '{}' of transition() is given twice", arg.name);
      return;
    }
    given[slot] = arg.value.get();
  }
  for (size_t slot = 0; slot < 3; ++slot) {
    if (!given[slot]) {
      diags_.errorf(call.range, "transition() needs the argument '{}' (spec 17.1)", transitionParameters[slot]);
      return;
    }
  }
  flat::Transition t;
  t.origin = origin;
  t.range = eq.range;
  t.fromRange = given[0]->range;
  t.toRange = given[1]->range;
  auto from = statePath(*given[0], "the first argument of transition()", scope);
  if (!from) return;
  auto to = statePath(*given[1], "the second argument of transition()", scope);
  if (!to) return;
  t.from = *from;
  t.to = *to;
  t.condition = expectScalar(lower(*given[2], scope), flat::BaseType::Boolean, given[2]->range,
                             "the condition of transition()", scope);
  if (!t.condition) return;
  // The structural arguments: parameter expressions, or their defaults.
  auto structural = [&](size_t slot, flat::BaseType type, flat::ExprPtr fallback) -> flat::ExprPtr {
    if (!given[slot]) return fallback;
    return clockParameter(*given[slot], type, fmt::format("argument '{}' of transition()", transitionParameters[slot]),
                          "17.1", scope);
  };
  t.immediate = structural(3, flat::BaseType::Boolean, flat::makeBoolean(true, call.range));
  t.reset = structural(4, flat::BaseType::Boolean, flat::makeBoolean(true, call.range));
  t.synchronize = structural(5, flat::BaseType::Boolean, flat::makeBoolean(false, call.range));
  t.priority = structural(6, flat::BaseType::Integer, flat::makeInteger(1, call.range));
  if (!t.immediate || !t.reset || !t.synchronize || !t.priority) return;
  if (given[6] && !checkAtLeast(t.priority, 1, false, "the priority of a transition", given[6]->range)) return;
  // For diagrams: the condition as written (`%condition` in a Text), and the
  // Line/Text annotation.
  t.conditionText = sourceText(diags_.sources(), given[2]->range);
  t.line = readLineGraphic(eq.annotation.get(), diags_);
  t.text = readTextGraphic(eq.annotation.get(), diags_);
  model_.transitions.push_back(std::move(t));
}

std::optional<Value> Flattener::lowerStateMachineOperator(const ast::Expr& call, const std::string& name,
                                                          const Scope& scope) {
  const SourceRange r = call.range;
  if (isStateMachineEquationName(name)) {
    diags_.errorf(r, "'{}' is an equation and cannot be used in an expression (spec 17.1)", name);
    return std::nullopt;
  }
  if (scope.function) {
    diags_.errorf(r, "{}() cannot be used inside a function (spec 12.2)", name);
    return std::nullopt;
  }
  if (!call.named.empty()) {
    diags_.errorf(call.named[0].range, "unexpected named argument '{}' in a call to '{}'", call.named[0].name,
                  name);
    return std::nullopt;
  }
  if (name == "activeState") {
    if (call.args.size() != 1) {
      diags_.errorf(r, "'activeState' takes 1 argument (a state), {} given", call.args.size());
      return std::nullopt;
    }
    auto state = statePath(*call.args[0], "the argument of activeState()", scope);
    if (!state) return std::nullopt;
    auto e = std::make_shared<flat::Expr>();
    e->kind = flat::ExprKind::ActiveState;
    e->text = *state;
    e->range = r;
    return Value::scalar(std::move(e));
  }
  if (!call.args.empty()) {
    diags_.errorf(r, "'{}' takes no arguments, {} given", name, call.args.size());
    return std::nullopt;
  }
  auto e = std::make_shared<flat::Expr>();
  e->kind = name == "ticksInState" ? flat::ExprKind::TicksInState : flat::ExprKind::TimeInState;
  e->range = r;
  return Value::scalar(std::move(e));
}

}  // namespace smc::flatten
