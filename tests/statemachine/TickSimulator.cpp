// See TickSimulator.h.
#include "TickSimulator.h"

#include <cmath>
#include <gtest/gtest.h>

namespace smc::test {

using flat::ExprKind;
using flat::Op;

TickSimulator::TickSimulator(const flat::FlatModel& model) : model_(model) {
  previous_.assign(model.variables.size(), 0.0);
  // Start values (and parameter bindings) may refer to parameters: evaluate
  // them in declaration order, twice to follow forward references.
  current_ = previous_;
  for (int pass = 0; pass < 2; ++pass)
    for (size_t v = 0; v < model.variables.size(); ++v) {
      const auto& var = model.variables[v];
      const flat::ExprPtr& init = var.variability == flat::Variability::Parameter ? var.binding : var.attributes.start;
      if (init) current_[v] = eval(*init);
    }
  previous_ = current_;
}

double TickSimulator::value(const std::string& name) const {
  for (size_t v = 0; v < model_.variables.size(); ++v)
    if (model_.variables[v].name == name) return current_[v];
  ADD_FAILURE() << "no variable " << name;
  return NAN;
}

bool TickSimulator::tick(double time) {
  time_ = time;
  previous_ = current_;
  for (size_t pass = 0; pass <= model_.equations.size() + 1; ++pass) {
    bool changed = false;
    for (const auto& eq : model_.equations) {
      if (eq.lhs->kind != ExprKind::Var) {
        ADD_FAILURE() << "equation without a variable on the left";
        return false;
      }
      double next = eval(*eq.rhs);
      if (next != current_[eq.lhs->var]) {
        current_[eq.lhs->var] = next;
        changed = true;
      }
    }
    if (!changed) {
      first_ = false;
      return true;
    }
  }
  ADD_FAILURE() << "the equations did not settle at time " << time;
  return false;
}

double TickSimulator::eval(const flat::Expr& e) const {
  auto arg = [&](size_t i) { return eval(*e.args[i]); };
  switch (e.kind) {
    case ExprKind::Real: return e.real;
    case ExprKind::Integer: return double(e.integer);
    case ExprKind::Boolean: return e.boolean ? 1 : 0;
    case ExprKind::Var: return current_[e.var];
    case ExprKind::Time: return time_;
    case ExprKind::Unary: return e.op == Op::Not ? (arg(0) != 0 ? 0 : 1) : -arg(0);
    case ExprKind::If: return arg(0) != 0 ? arg(1) : arg(2);
    case ExprKind::Binary: {
      double a = arg(0), b = arg(1);
      switch (e.op) {
        case Op::Add: return a + b;
        case Op::Sub: return a - b;
        case Op::Mul: return a * b;
        case Op::Div: return a / b;
        case Op::Pow: return std::pow(a, b);
        case Op::Less: return a < b;
        case Op::LessEq: return a <= b;
        case Op::Greater: return a > b;
        case Op::GreaterEq: return a >= b;
        case Op::Equal: return a == b;
        case Op::NotEqual: return a != b;
        case Op::And: return a != 0 && b != 0;
        case Op::Or: return a != 0 || b != 0;
        default: break;
      }
      break;
    }
    case ExprKind::ClockOp:
      switch (e.clockOp) {
        case flat::ClockOperator::Previous: return previous_[e.args[0]->var];
        case flat::ClockOperator::FirstTick: return first_ ? 1 : 0;
        case flat::ClockOperator::Sample: return arg(0);
        default: break;
      }
      break;
    default: break;
  }
  ADD_FAILURE() << "the tick simulator cannot evaluate " << flat::toString(e, model_);
  return NAN;
}

}  // namespace smc::test
