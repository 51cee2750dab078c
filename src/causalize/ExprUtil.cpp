// Expression utilities, and the symbolic solver for equations linear in
// their unknown: e = lhs - rhs is split as a*v + b (a and b free of v) by a
// walk that distributes over +, -, unary -, multiplication and division by
// v-free factors and if-expressions with v-free conditions; then v = -b/a.
// Literal zeros and ones are folded so that `v = f(...)` solves to f(...).
// pre(v) is a known value, and a function call is opaque: a constant when
// it does not mention v, a nonlinear term when it does.
#include "causalize/ExprUtil.h"

#include "causalize/Statements.h"
#include "flatten/ConstEval.h"
#include "flatten/IntegerRange.h"

#include <cmath>
#include <optional>
#include <unordered_set>

namespace smc::causal {

using flat::Expr;
using flat::ExprKind;
using flat::Op;

ExprPtr mapChildren(const ExprPtr& e, const std::function<ExprPtr(const ExprPtr&)>& f) {
  if (e->args.empty()) return e;
  std::vector<ExprPtr> args;
  bool changed = false;
  for (const ExprPtr& a : e->args) {
    args.push_back(a ? f(a) : a);  // a Tuple may have empty slots
    changed = changed || args.back() != a;
  }
  if (!changed) return e;
  Expr copy = *e;
  copy.args = std::move(args);
  return std::make_shared<const Expr>(std::move(copy));
}

void mapModelExpressions(flat::FlatModel& model, const std::function<ExprPtr(const ExprPtr&)>& f) {
  auto mapEquations = [&](std::vector<flat::Equation>& equations) {
    for (flat::Equation& eq : equations) {
      eq.lhs = f(eq.lhs);
      eq.rhs = f(eq.rhs);
    }
  };
  mapEquations(model.equations);
  mapEquations(model.initialEquations);
  for (flat::ClockedPartition& partition : model.clockedPartitions) {
    mapEquations(partition.equations);
    for (flat::Algorithm& algorithm : partition.algorithms) mapExprs(algorithm.statements, f);
  }
  for (flat::WhenEquation& when : model.whenEquations)
    for (flat::WhenBranch& branch : when.branches) {
      for (ExprPtr& c : branch.conditions) c = f(c);
      for (flat::Action& a : branch.actions) {
        if (a.value) a.value = f(a.value);
        if (a.message) a.message = f(a.message);
      }
    }
  for (auto* algorithms : {&model.algorithms, &model.initialAlgorithms})
    for (flat::Algorithm& algorithm : *algorithms) mapExprs(algorithm.statements, f);
  for (flat::Assertion& a : model.assertions) {
    a.condition = f(a.condition);
    if (a.message) a.message = f(a.message);
  }
}

flat::Variable derivativeVariable(const flat::Variable& x) {
  flat::Variable d;
  d.name = "der(" + x.name + ")";
  d.type = flat::BaseType::Real;
  d.variability = flat::Variability::Continuous;
  d.isProtected = x.isProtected;
  d.range = x.range;
  if (!x.attributes.unit.empty()) d.attributes.unit = x.attributes.unit + "/s";
  return d;
}

bool containsDer(const Expr& e) {
  if (e.kind == ExprKind::Der) return true;
  for (const auto& a : e.args)
    if (a && containsDer(*a)) return true;
  return false;
}

bool containsKind(const Expr& e, ExprKind kind) {
  if (e.kind == kind) return true;
  for (const auto& a : e.args)
    if (a && containsKind(*a, kind)) return true;
  return false;
}

// Argument `arg` of `e` is read at an earlier time only: the expression a
// delay() with a positive delay time delays (Delays.h).
static bool readsOnlyThePast(const Expr& e, size_t arg) {
  return e.kind == ExprKind::Delay && e.boolean && arg == 0;
}

bool containsVar(const Expr& e, VarId var) {
  if (e.kind == ExprKind::Var) return e.var == var;
  if (e.kind == ExprKind::Pre) return false;
  for (size_t i = 0; i < e.args.size(); ++i)
    if (e.args[i] && !readsOnlyThePast(e, i) && containsVar(*e.args[i], var)) return true;
  return false;
}

void collectVars(const Expr& e, std::set<VarId>& out) {
  if (e.kind == ExprKind::Var) out.insert(e.var);
  for (const auto& a : e.args)
    if (a) collectVars(*a, out);
}

void collectUses(const Expr& e, std::set<VarId>& out) {
  if (e.kind == ExprKind::Var) out.insert(e.var);
  if (e.kind == ExprKind::Pre) return;
  for (size_t i = 0; i < e.args.size(); ++i)
    if (e.args[i] && !readsOnlyThePast(e, i)) collectUses(*e.args[i], out);
}

bool isRelation(Op op) { return op == Op::Less || op == Op::LessEq || op == Op::Greater || op == Op::GreaterEq; }

bool isLiteral(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Real:
    case ExprKind::Integer:
    case ExprKind::Boolean:
    case ExprKind::String: return true;
    case ExprKind::Unary: return e.op == Op::Negate && isLiteral(*e.args[0]);
    default: return false;
  }
}

namespace {

// null stands for the constant 0 in the coefficient algebra below; literal
// operands are folded so coefficients such as 1 - (-1) read as 2.
bool numeric(const ExprPtr& e, double& value, bool& integer) {
  if (!e) return false;
  if (e->kind == ExprKind::Integer) {
    value = static_cast<double>(e->integer);
    integer = true;
    return true;
  }
  if (e->kind == ExprKind::Real) {
    value = e->real;
    integer = false;
    return true;
  }
  return false;
}

// Null for an Integer beyond 32 bits (flatten/IntegerRange.h): the
// operation is then left as written for the generated code to evaluate,
// never folded into a literal no Integer can hold.
ExprPtr number(double value, bool integer, SourceRange r) {
  if (integer && !flat::fitsInteger(value)) return nullptr;
  return integer ? flat::makeInteger(static_cast<long long>(value), r) : flat::makeReal(value, r);
}

// Folds `a op b` when both are literals; null otherwise.
ExprPtr foldLiterals(Op op, const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  double x, y;
  bool xi, yi;
  if (!numeric(a, x, xi) || !numeric(b, y, yi)) return nullptr;
  switch (op) {
    case Op::Add: return number(x + y, xi && yi, r);
    case Op::Sub: return number(x - y, xi && yi, r);
    case Op::Mul: return number(x * y, xi && yi, r);
    default: return nullptr;
  }
}

bool isOne(const ExprPtr& e) {
  return e && ((e->kind == ExprKind::Real && e->real == 1) || (e->kind == ExprKind::Integer && e->integer == 1));
}

ExprPtr addTerms(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (!a) return b;
  if (!b) return a;
  if (ExprPtr folded = foldLiterals(Op::Add, a, b, r)) return folded;
  return flat::makeBinary(Op::Add, a, b, r);
}

ExprPtr negateTerm(const ExprPtr& a, SourceRange r) {
  if (!a) return nullptr;
  if (a->kind == ExprKind::Unary && a->op == Op::Negate) return a->args[0];
  double value;
  bool integer;
  if (numeric(a, value, integer))
    if (ExprPtr folded = number(-value, integer, r)) return folded;
  return flat::makeUnary(Op::Negate, a, r);
}

ExprPtr subtractTerms(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (!b) return a;
  if (!a) return negateTerm(b, r);
  if (ExprPtr folded = foldLiterals(Op::Sub, a, b, r)) return folded;
  return flat::makeBinary(Op::Sub, a, b, r);
}

ExprPtr multiplyTerms(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (!a || !b) return nullptr;
  if (isOne(a)) return b;
  if (isOne(b)) return a;
  if (ExprPtr folded = foldLiterals(Op::Mul, a, b, r)) return folded;
  return flat::makeBinary(Op::Mul, a, b, r);
}

struct Linear {
  ExprPtr a;  // coefficient of v (null = 0)
  ExprPtr b;  // rest (null = 0)
};

// The nodes of a tree that contain v (as containsVar says), found in one
// walk: split() asks at every node it descends through, and asking
// containsVar each time would make a sum of n terms (the flows of a
// connection set with n members) cost n^2.
class Containing {
public:
  Containing(const Expr& root, VarId v) : v_(v) { mark(root); }
  bool operator()(const Expr& e) const { return nodes_.count(&e) != 0; }

private:
  bool mark(const Expr& e) {
    bool found = false;
    if (e.kind == ExprKind::Var) {
      found = e.var == v_;
    } else if (e.kind != ExprKind::Pre) {
      for (size_t i = 0; i < e.args.size(); ++i)
        if (e.args[i] && mark(*e.args[i]) && !readsOnlyThePast(e, i)) found = true;
    }
    if (found) nodes_.insert(&e);
    return found;
  }

  VarId v_;
  std::unordered_set<const Expr*> nodes_;
};

std::optional<Linear> split(const ExprPtr& e, VarId v, const Containing& containsVar) {
  if (!containsVar(*e)) return Linear{nullptr, e};
  const SourceRange r = e->range;
  switch (e->kind) {
    case ExprKind::Var: return Linear{flat::makeInteger(1, r), nullptr};
    case ExprKind::Unary: {
      if (e->op != Op::Negate) return std::nullopt;
      auto x = split(e->args[0], v, containsVar);
      if (!x) return std::nullopt;
      return Linear{negateTerm(x->a, r), negateTerm(x->b, r)};
    }
    case ExprKind::Binary: {
      const ExprPtr& l = e->args[0];
      const ExprPtr& rr = e->args[1];
      switch (e->op) {
        case Op::Add:
        case Op::Sub: {
          auto x = split(l, v, containsVar);
          auto y = x ? split(rr, v, containsVar) : std::nullopt;
          if (!y) return std::nullopt;
          if (e->op == Op::Add) return Linear{addTerms(x->a, y->a, r), addTerms(x->b, y->b, r)};
          return Linear{subtractTerms(x->a, y->a, r), subtractTerms(x->b, y->b, r)};
        }
        case Op::Mul: {
          bool inLeft = containsVar(*l), inRight = containsVar(*rr);
          if (inLeft && inRight) return std::nullopt;
          const ExprPtr& factor = inLeft ? rr : l;
          auto x = split(inLeft ? l : rr, v, containsVar);
          if (!x) return std::nullopt;
          return Linear{multiplyTerms(x->a, factor, r), multiplyTerms(x->b, factor, r)};
        }
        case Op::Div: {
          if (containsVar(*rr)) return std::nullopt;
          auto x = split(l, v, containsVar);
          if (!x) return std::nullopt;
          auto divide = [&](const ExprPtr& p) { return p ? flat::makeBinary(Op::Div, p, rr, r) : nullptr; };
          return Linear{divide(x->a), divide(x->b)};
        }
        default: return std::nullopt;
      }
    }
    case ExprKind::If: {
      if (containsVar(*e->args[0])) return std::nullopt;
      auto x = split(e->args[1], v, containsVar);
      auto y = x ? split(e->args[2], v, containsVar) : std::nullopt;
      if (!y) return std::nullopt;
      auto choose = [&](const ExprPtr& p, const ExprPtr& q) -> ExprPtr {
        if (!p && !q) return nullptr;
        return flat::makeIf(e->args[0], p ? p : flat::makeInteger(0, r), q ? q : flat::makeInteger(0, r), r);
      };
      return Linear{choose(x->a, y->a), choose(x->b, y->b)};
    }
    case ExprKind::Call:
      if (e->fn == flat::Builtin::NoEvent) return split(e->args[0], v, containsVar);
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace

ExprPtr negated(const ExprPtr& e) { return negateTerm(e, e->range); }

std::optional<LinearParts> linearParts(const ExprPtr& e, VarId var) {
  auto parts = split(e, var, Containing(*e, var));
  if (!parts) return std::nullopt;
  return LinearParts{parts->a, parts->b};
}

ExprPtr solveLinear(const ExprPtr& l, const ExprPtr& r, VarId var) {
  const Expr& lhs = *l;
  // v on one side alone: the common case, solved without rewriting.
  if (lhs.kind == ExprKind::Var && lhs.var == var && !containsVar(*r, var)) return r;
  if (r->kind == ExprKind::Var && r->var == var && !containsVar(lhs, var)) return l;
  const ExprPtr difference = flat::makeBinary(Op::Sub, l, r, lhs.range);
  auto parts = split(difference, var, Containing(*difference, var));
  if (!parts || !parts->a) return nullptr;
  const ExprPtr& a = parts->a;
  ExprPtr b = parts->b ? parts->b : flat::makeInteger(0, lhs.range);
  ExprPtr minusB = negateTerm(b, lhs.range);
  double coefficient;
  bool integer;
  if (numeric(a, coefficient, integer)) {
    if (coefficient == 0) return nullptr;
    if (coefficient == 1) return minusB;
    if (coefficient == -1) return b;
  }
  if (a->kind == ExprKind::Unary && a->op == Op::Negate && isOne(a->args[0])) return b;
  return flat::makeBinary(Op::Div, minusB, a, lhs.range);
}

std::optional<double> valueAtTranslation(const flat::Expr& e, const flat::FlatModel& model, bool atStart) {
  flat::ConstantEvaluator evaluator(model);
  if (atStart) {
    evaluator.readStartValues();
  } else {
    std::set<VarId> vars;
    collectVars(e, vars);
    for (VarId v : vars) {
      const flat::Variable& variable = model.variables[v];
      const bool bound = variable.variability == flat::Variability::Constant ||
                         (variable.variability == flat::Variability::Parameter && variable.binding);
      if (!bound || variable.type == flat::BaseType::String) return std::nullopt;
    }
  }
  auto value = evaluator.evaluate(e);
  if (!value || value->kind == flat::Constant::String || value->kind == flat::Constant::Boolean ||
      !std::isfinite(value->asReal()))
    return std::nullopt;
  return value->asReal();
}

bool isZeroAtTranslation(const flat::Expr& e, const flat::FlatModel& model) {
  auto value = valueAtTranslation(e, model);
  return value && *value == 0;
}

namespace {

// `e` with every product that has a zero factor replaced by 0.
ExprPtr withoutZeroProducts(const ExprPtr& e, const flat::FlatModel& model) {
  if (!e || e->args.empty()) return e;
  if (e->kind == ExprKind::Binary && e->op == Op::Mul &&
      (isZeroAtTranslation(*e->args[0], model) || isZeroAtTranslation(*e->args[1], model)))
    return flat::makeReal(0, e->range);
  std::optional<flat::Expr> copy;
  for (size_t i = 0; i < e->args.size(); ++i) {
    ExprPtr arg = withoutZeroProducts(e->args[i], model);
    if (arg == e->args[i]) continue;
    if (!copy) copy = *e;
    copy->args[i] = arg;
  }
  return copy ? std::make_shared<const flat::Expr>(std::move(*copy)) : e;
}

bool hasProduct(const flat::Expr& e) {
  if (e.kind == ExprKind::Binary && e.op == Op::Mul) return true;
  for (const auto& arg : e.args)
    if (arg && hasProduct(*arg)) return true;
  return false;
}

}  // namespace

namespace {

// Which inputs of `fn` output `output` reads, when the body only assigns
// (`q := q_qd_qdd[1]` reads the first); every input otherwise.
std::vector<bool> inputsRead(const flat::Function& fn, uint32_t output) {
  std::vector<bool> all(fn.numInputs, true);
  // Only short straight-line bodies are worth tracing (this runs for every
  // equation that calls the function): anything else reads every input.
  constexpr size_t kMaxTracedCells = size_t{1} << 16;
  if (fn.variables.size() * size_t{fn.numInputs} > kMaxTracedCells) return all;
  for (const flat::Statement& st : fn.body)
    if (st.kind != flat::StatementKind::Assign) return all;
  std::vector<std::vector<bool>> reads(fn.variables.size(), std::vector<bool>(fn.numInputs, false));
  for (uint32_t k = 0; k < fn.numInputs && k < reads.size(); ++k) reads[k][k] = true;
  bool straight = true;
  auto readsOf = [&](const Expr& e) {
    std::vector<bool> out(fn.numInputs, false);
    std::function<void(const Expr&)> visit = [&](const Expr& x) {
      if (x.kind == ExprKind::Element || x.kind == ExprKind::FunctionCall) straight = false;
      if (x.kind == ExprKind::Var && x.var < reads.size())
        for (uint32_t k = 0; k < fn.numInputs; ++k) out[k] = out[k] || reads[x.var][k];
      for (const auto& arg : x.args)
        if (arg) visit(*arg);
    };
    visit(e);
    return out;
  };
  for (size_t k = fn.numInputs; k < fn.variables.size(); ++k)
    if (fn.variables[k].binding) reads[k] = readsOf(*fn.variables[k].binding);
  for (const flat::Statement& st : fn.body) {
    if (st.kind != flat::StatementKind::Assign || st.target >= reads.size() || !st.value) return all;
    reads[st.target] = readsOf(*st.value);
    if (!straight) return all;
  }
  const size_t slot = size_t{fn.numInputs} + output;
  return straight && slot < reads.size() ? reads[slot] : all;
}

// The variables `e` reads, leaving out the arguments of function calls
// whose output does not read that input.
void collectReadArguments(const Expr& e, const flat::FlatModel& model, std::set<VarId>& out) {
  if (e.kind == ExprKind::FunctionCall && e.function < model.functions.size()) {
    const std::vector<bool> read = inputsRead(model.functions[e.function], e.output);
    for (size_t i = 0; i < e.args.size(); ++i)
      if (e.args[i] && (i >= read.size() || read[i])) collectReadArguments(*e.args[i], model, out);
    return;
  }
  if (e.kind == ExprKind::Var) out.insert(e.var);
  if (e.kind == ExprKind::Pre) return;
  for (size_t i = 0; i < e.args.size(); ++i)
    if (e.args[i] && !readsOnlyThePast(e, i)) collectReadArguments(*e.args[i], model, out);
}

bool hasFunctionCall(const Expr& e) {
  if (e.kind == ExprKind::FunctionCall) return true;
  for (const auto& arg : e.args)
    if (arg && hasFunctionCall(*arg)) return true;
  return false;
}

}  // namespace

namespace {

// The variables an equation uses that `collectKept` does not collect from
// either side.
std::set<VarId> usesLeftOut(const flat::Equation& eq,
                            const std::function<void(const ExprPtr&, std::set<VarId>&)>& collectKept) {
  std::set<VarId> all, kept, left;
  collectUses(*eq.lhs, all);
  collectUses(*eq.rhs, all);
  collectKept(eq.lhs, kept);
  collectKept(eq.rhs, kept);
  for (VarId v : all)
    if (!kept.count(v)) left.insert(v);
  return left;
}

}  // namespace

std::set<VarId> ignoredArgumentVars(const flat::Equation& eq, const flat::FlatModel& model) {
  if (!hasFunctionCall(*eq.lhs) && !hasFunctionCall(*eq.rhs)) return {};
  return usesLeftOut(eq, [&](const ExprPtr& side, std::set<VarId>& out) { collectReadArguments(*side, model, out); });
}

std::set<VarId> zeroCoefficientVars(const flat::Equation& eq, const flat::FlatModel& model) {
  if (!hasProduct(*eq.lhs) && !hasProduct(*eq.rhs)) return {};
  return usesLeftOut(eq, [&](const ExprPtr& side, std::set<VarId>& out) {
    collectUses(*withoutZeroProducts(side, model), out);
  });
}

}  // namespace smc::causal
