// The discrete-time operators of spec 3.7.5 and 8: pre(v), edge(b),
// change(v), initial(), terminal() and sample(start, interval).
//
// pre() must name a variable: its left limit is a stored value, not
// something that can be computed from an arbitrary expression. edge and
// change are defined by the spec in terms of pre and are lowered to
// `b and not pre(b)` and `v <> pre(v)` here, so later stages only know pre.
// sample's start and interval must be parameter expressions: the time events
// they define are scheduled before the simulation runs. None of these may
// appear in a function, whose result depends on its inputs alone (12.2).
// sample(u) and sample(u, c) with a Clock c are the synchronous operator of
// spec 16.4, lowered by ClockOps.cpp: the type of the second argument (or
// its name, `c`) tells them apart.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <set>

namespace smc::flatten {

std::optional<std::optional<Value>> Flattener::lowerDiscreteOperator(const ast::Expr& call,
                                                                     const std::string& name,
                                                                     const Scope& scope) {
  static const std::set<std::string> names = {"pre", "edge", "change", "initial", "terminal", "sample"};
  if (!names.count(name)) return std::nullopt;
  const std::optional<Value> failed;
  const SourceRange r = call.range;
  if (scope.function) {
    diags_.errorf(r, "{}() cannot be used inside a function (spec 12.2)", name);
    return failed;
  }
  if (name == "sample") {
    bool clocked = call.args.size() == 1;
    for (const ast::NamedArg& arg : call.named) clocked = clocked || arg.name == "u" || arg.name == "c";
    if (!clocked && call.args.size() == 2 && call.named.empty()) {
      auto second = lower(*call.args[1], scope);
      if (!second) return failed;
      for (const flat::ExprPtr& e : second->elements)
        clocked = clocked || typeOf(*e, scope) == flat::BaseType::Clock;
    }
    if (clocked) return lowerClockOperator(call, name, scope);
  }
  if (!call.named.empty()) {
    diags_.errorf(call.named[0].range, "unexpected named argument '{}' in a call to '{}'",
                  call.named[0].name, name);
    return failed;
  }
  size_t wanted = name == "initial" || name == "terminal" ? 0 : name == "sample" ? 2 : 1;
  if (call.args.size() != wanted) {
    diags_.errorf(r, "'{}' takes {} argument(s), {} given", name, wanted, call.args.size());
    return failed;
  }
  if (name == "initial") return Value::scalar(flat::makeInitial(r));
  if (name == "terminal") return Value::scalar(flat::makeTerminal(r));

  if (name == "sample") {
    const ast::Expr& second = *call.args[1];
    flat::ExprPtr parts[2];
    const char* what[2] = {"start", "interval"};
    for (int i = 0; i < 2; ++i) {
      const ast::Expr& arg = *call.args[i];
      parts[i] = expectScalar(lower(arg, scope), flat::BaseType::Real, arg.range,
                              fmt::format("the {} of sample()", what[i]), scope);
      if (!parts[i]) return failed;
      if (!isParameterExpression(*parts[i], scope)) {
        diags_.errorf(arg.range, "the {} of sample() must be a parameter expression (spec 3.7.5)", what[i]);
        return failed;
      }
    }
    // A non-positive interval would schedule the same tick forever.
    flat::ConstantEvaluator evaluator(model_);
    if (auto interval = evaluator.evaluate(*parts[1]); interval && interval->asReal() <= 0) {
      diags_.errorf(second.range, "the interval of sample() must be positive, got {}", interval->asReal());
      return failed;
    }
    return Value::scalar(flat::makeSample(parts[0], parts[1], r));
  }

  // pre, edge, change: a variable reference (elementwise for arrays).
  const ast::Expr& arg = *call.args[0];
  auto operand = lower(arg, scope);
  if (!operand) return failed;
  Value out{operand->dims, {}};
  for (const flat::ExprPtr& e : operand->elements) {
    if (e->kind != flat::ExprKind::Var) {
      diags_.errorf(arg.range, "the argument of {}() must be a variable reference (spec 3.7.5)", name);
      return failed;
    }
    const flat::Variable& v = model_.variables[e->var];
    if (v.type == flat::BaseType::Clock) {
      diags_.errorf(arg.range, "the argument of {}() cannot be a Clock", name);
      return failed;
    }
    if (name == "edge" && v.type != flat::BaseType::Boolean) {
      diags_.errorf(arg.range, "the argument of edge() must be Boolean, not {}", flat::toString(v.type));
      return failed;
    }
    // A parameter does not change at events: its left limit is itself.
    bool fixed = v.variability == flat::Variability::Parameter || v.variability == flat::Variability::Constant;
    flat::ExprPtr previous = fixed ? e : flat::makePre(e, r);
    if (name == "pre") out.elements.push_back(previous);
    else if (name == "edge")
      out.elements.push_back(
          flat::makeBinary(flat::Op::And, e, flat::makeUnary(flat::Op::Not, previous, r), r));
    else
      out.elements.push_back(flat::makeBinary(flat::Op::NotEqual, e, previous, r));
  }
  return out;
}

}  // namespace smc::flatten
