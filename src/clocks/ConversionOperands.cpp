// See Clocks.h (separateConversionOperands). The operand of subSample,
// superSample, shiftSample, backSample, hold and noClock lives in another
// partition than the operator's result (spec 16.5). When it reads that
// partition through previous(), interval() or firstTick(), those operators
// must be evaluated there, so the operand becomes a hidden variable of its
// own, `$operand<k> = <operand>`, which clock inference places in the
// operand's partition like any other equation.
#include "clocks/Clocks.h"

#include <fmt/format.h>

#include <functional>

namespace smc::clocks {

namespace {

using flat::ClockOperator;
using flat::Expr;
using flat::ExprKind;
using flat::ExprPtr;

bool movesBetweenPartitions(ClockOperator op) {
  switch (op) {
    case ClockOperator::SubSample:
    case ClockOperator::SuperSample:
    case ClockOperator::ShiftSample:
    case ClockOperator::BackSample:
    case ClockOperator::Hold:
    case ClockOperator::NoClock: return true;
    case ClockOperator::Sample:  // its operand is continuous-time
    case ClockOperator::Previous:
    case ClockOperator::Interval:
    case ClockOperator::FirstTick: return false;
  }
  return false;
}

// Whether `e` reads its own partition through previous(), interval() or
// firstTick(), outside the operands of further conversions.
bool readsItsPartition(const Expr& e) {
  if (e.kind == ExprKind::ClockOp) {
    if (e.clockOp == ClockOperator::Previous || e.clockOp == ClockOperator::Interval ||
        e.clockOp == ClockOperator::FirstTick)
      return true;
    if (movesBetweenPartitions(e.clockOp) || e.clockOp == ClockOperator::Sample) return false;
  }
  for (const ExprPtr& a : e.args)
    if (a && readsItsPartition(*a)) return true;
  return false;
}

}  // namespace

flat::FlatModel separateConversionOperands(flat::FlatModel model) {
  std::vector<flat::Equation> added;
  std::function<ExprPtr(const ExprPtr&)> rewrite = [&](const ExprPtr& e) -> ExprPtr {
    if (!e || e->args.empty()) return e;
    bool changed = false;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : e->args) {
      args.push_back(rewrite(a));
      changed = changed || args.back() != a;
    }
    if (e->kind == ExprKind::ClockOp && movesBetweenPartitions(e->clockOp) && args[0] &&
        args[0]->kind != ExprKind::Var && readsItsPartition(*args[0])) {
      flat::Variable v;
      v.name = fmt::format("$operand{}", added.size() + 1);
      v.type = flat::typeOf(*args[0], model);
      v.isHidden = true;
      model.variables.push_back(std::move(v));
      const auto id = static_cast<flat::VarId>(model.variables.size() - 1);
      added.push_back(flat::Equation{flat::makeVar(id, args[0]->range), args[0], args[0]->range, "", nullptr});
      args[0] = flat::makeVar(id, args[0]->range);
      changed = true;
    }
    if (!changed) return e;
    Expr copy = *e;
    copy.args = std::move(args);
    return std::make_shared<const Expr>(std::move(copy));
  };
  for (flat::Equation& eq : model.equations) {
    eq.lhs = rewrite(eq.lhs);
    eq.rhs = rewrite(eq.rhs);
  }
  for (flat::Equation& eq : added) model.equations.push_back(std::move(eq));
  return model;
}

}  // namespace smc::clocks
