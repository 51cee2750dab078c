// Alias elimination (see AliasElimination.h): a union-find over the
// variables whose links carry a sign (v = sign * parent), fed with the
// model's equations that are the sum or difference of two variables.
#include "causalize/AliasElimination.h"

#include "causalize/ExprUtil.h"
#include "causalize/Statements.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace smc::causal {

namespace {

using flat::Expr;
using flat::ExprKind;

struct Term {
  VarId var;
  int sign;
};

// Adds the terms of sign * e to `terms`; false when e is not a signed sum
// of variables (literal zeros allowed) or has more than two terms.
bool collectTerms(const Expr& e, int sign, std::vector<Term>& terms) {
  switch (e.kind) {
    case ExprKind::Var:
      if (terms.size() == 2) return false;
      terms.push_back({e.var, sign});
      return true;
    case ExprKind::Real: return e.real == 0;
    case ExprKind::Integer: return e.integer == 0;
    case ExprKind::Unary: return e.op == flat::Op::Negate && collectTerms(*e.args[0], -sign, terms);
    case ExprKind::Binary:
      if (e.op != flat::Op::Add && e.op != flat::Op::Sub) return false;
      return collectTerms(*e.args[0], sign, terms) &&
             collectTerms(*e.args[1], e.op == flat::Op::Add ? sign : -sign, terms);
    default: return false;
  }
}

// An equation `x = sign * y` between two different variables.
struct AliasEquation {
  VarId x, y;
  int sign;
};

std::optional<AliasEquation> aliasEquation(const flat::Equation& eq) {
  std::vector<Term> terms;
  if (!collectTerms(*eq.lhs, 1, terms) || !collectTerms(*eq.rhs, -1, terms) || terms.size() != 2) return std::nullopt;
  if (terms[0].var == terms[1].var) return std::nullopt;
  // sx*x + sy*y = 0  =>  x = -(sx*sy) * y, since each sign is +-1.
  return AliasEquation{terms[0].var, terms[1].var, -terms[0].sign * terms[1].sign};
}

// Variables that must keep their identity where they are used: what pre()
// and delay() read, tuple targets and what algorithms assign.
// (mapModelExpressions only visits here: the function returns what it gets.)
std::vector<bool> pinnedVariables(CausalModel& model) {
  std::vector<bool> pinned(model.flat.variables.size(), false);
  std::function<void(const Expr&)> visit = [&](const Expr& e) {
    const bool varOperands = e.kind == ExprKind::Pre || e.kind == ExprKind::Delay || e.kind == ExprKind::Tuple;
    for (const auto& a : e.args) {
      if (!a) continue;
      if (varOperands && a->kind == ExprKind::Var) pinned[a->var] = true;
      visit(*a);
    }
  };
  mapModelExpressions(model.flat, [&](const ExprPtr& e) {
    visit(*e);
    return e;
  });
  for (const auto* algorithms : {&model.flat.algorithms, &model.flat.initialAlgorithms})
    for (const flat::Algorithm& algorithm : *algorithms)
      for (VarId v : assignedVariables(algorithm.statements)) pinned[v] = true;
  for (const flat::ClockedPartition& partition : model.flat.clockedPartitions)
    for (const flat::Algorithm& algorithm : partition.algorithms)
      for (VarId v : assignedVariables(algorithm.statements)) pinned[v] = true;
  for (VarId v : model.delayedVariables) pinned[v] = true;
  return pinned;
}

bool isNegation(const ExprPtr& e) { return e->kind == ExprKind::Unary && e->op == flat::Op::Negate; }

// Moves the minus of a replaced operand out of sums and products, so that
// `a - (-b)` reads `a + b` and `R * (-i)` reads `-(R * i)`: the solver's
// linear splits and the dumps stay as plain as before elimination.
ExprPtr withSignsOutside(const ExprPtr& e) {
  if (isNegation(e) && isNegation(e->args[0])) return e->args[0]->args[0];
  if (e->kind != ExprKind::Binary) return e;
  const ExprPtr& l = e->args[0];
  const ExprPtr& r = e->args[1];
  switch (e->op) {
    case flat::Op::Add:
    case flat::Op::Sub:
      if (!isNegation(r)) return e;
      return flat::makeBinary(e->op == flat::Op::Add ? flat::Op::Sub : flat::Op::Add, l, r->args[0], e->range);
    case flat::Op::Mul:
    case flat::Op::Div:
      if (isNegation(l) == isNegation(r)) {
        if (!isNegation(l)) return e;
        return flat::makeBinary(e->op, l->args[0], r->args[0], e->range);
      }
      return flat::makeUnary(flat::Op::Negate,
                             flat::makeBinary(e->op, isNegation(l) ? l->args[0] : l,
                                              isNegation(r) ? r->args[0] : r, e->range),
                             e->range);
    default: return e;
  }
}

class AliasSets {
public:
  explicit AliasSets(CausalModel& model)
      : model_(model), pinned_(pinnedVariables(model)), parent_(model.flat.variables.size()),
        sign_(model.flat.variables.size(), 1), info_(model.flat.variables.size()) {
    for (VarId v = 0; v < parent_.size(); ++v) {
      parent_[v] = v;
      if (!member(v)) continue;
      if (!eliminable(v)) info_[v].anchor = v;
      if (model.flat.variables[v].attributes.fixed.value_or(false)) info_[v].fixedMember = v;
    }
  }

  // Joins x = sign * y; false when the equation must stay.
  bool join(const AliasEquation& eq) {
    if (!member(eq.x) || !member(eq.y)) return false;
    auto [rx, sx] = find(eq.x);
    auto [ry, sy] = find(eq.y);
    if (rx == ry) return false;
    SetInfo& a = info_[rx];
    SetInfo& b = info_[ry];
    if ((a.anchor && b.anchor) || (a.fixedMember && b.fixedMember)) return false;
    // x = sx*rx and y = sy*ry, so rx = sx * sign * sy * ry.
    parent_[rx] = ry;
    sign_[rx] = sx * eq.sign * sy;
    if (a.anchor) b.anchor = a.anchor;
    if (a.fixedMember) b.fixedMember = a.fixedMember;
    return true;
  }

  // Replaces the eliminated variables in the model and records them.
  void apply() {
    const size_t n = parent_.size();
    const std::vector<VarId> representative = representatives();
    struct Replacement {
      VarId of;
      int sign;
    };
    std::vector<std::optional<Replacement>> replacement(n);
    for (VarId v = 0; v < n; ++v) {
      if (!member(v)) continue;
      auto [root, toRoot] = find(v);
      const VarId rep = representative[root];
      if (rep == v) continue;
      const int repToRoot = find(rep).second;
      replacement[v] = Replacement{rep, toRoot * repToRoot};  // v = s1*root, rep = s2*root
    }
    for (VarId v = 0; v < n; ++v)
      if (replacement[v]) moveAttributes(v, replacement[v]->of, replacement[v]->sign);

    std::function<ExprPtr(const ExprPtr&)> substitute = [&](const ExprPtr& e) -> ExprPtr {
      if (e->kind == ExprKind::Var && replacement[e->var]) {
        const Replacement& r = *replacement[e->var];
        ExprPtr rep = flat::makeVar(r.of, e->range);
        return r.sign > 0 ? rep : flat::makeUnary(flat::Op::Negate, rep, e->range);
      }
      ExprPtr mapped = mapChildren(e, substitute);
      return mapped == e ? e : withSignsOutside(mapped);
    };
    mapModelExpressions(model_.flat, substitute);
    for (flat::Variable& var : model_.flat.variables)
      for (ExprPtr* slot : {&var.attributes.start, &var.attributes.nominal, &var.attributes.min, &var.attributes.max})
        if (*slot) *slot = substitute(*slot);

    for (VarId v = 0; v < n; ++v) {
      if (!replacement[v]) continue;
      const Replacement& r = *replacement[v];
      model_.aliasElimination.aliases.push_back({v, r.of, r.sign < 0});
      if (r.sign > 0) {
        model_.roles[v] = Role::Alias;
        continue;
      }
      const SourceRange range = model_.flat.variables[v].range;
      model_.flat.equations.push_back({flat::makeVar(v, range),
                                       flat::makeUnary(flat::Op::Negate, flat::makeVar(r.of, range), range),
                                       range, ""});
    }
  }

private:
  struct SetInfo {
    std::optional<VarId> anchor;       // the member that cannot be eliminated
    std::optional<VarId> fixedMember;  // the member with fixed = true
  };

  // Whether v may join a set at all: a continuous Real unknown or state
  // without a stateSelect. (One with a stateSelect keeps its equations:
  // joined with others it would carry its priority into every equation
  // they were in, and the dummy derivatives chosen around it change.)
  bool member(VarId v) const {
    const flat::Variable& var = model_.flat.variables[v];
    const Role role = model_.roles[v];
    return (role == Role::State || role == Role::Algebraic) && var.type == flat::BaseType::Real &&
           var.variability == flat::Variability::Continuous && !var.isHidden &&
           var.causality != flat::Causality::Input && var.attributes.stateSelect == flat::StateSelect::Default;
  }

  bool eliminable(VarId v) const { return model_.roles[v] == Role::Algebraic && !pinned_[v]; }

  // v's root and the sign with v = sign * root. Iterative, since a chain
  // of a hundred thousand connections is that deep before its first
  // compression; the second pass points each link on the way at the root
  // (x = sign_[x] * parent_[x], so x's sign to the root is the product
  // along its path, and the next one's is that times x's old sign).
  std::pair<VarId, int> find(VarId v) {
    VarId root = v;
    int sign = 1;
    while (parent_[root] != root) {
      sign *= sign_[root];
      root = parent_[root];
    }
    int toRoot = sign;
    for (VarId at = v; at != root;) {
      const VarId next = parent_[at];
      const int old = sign_[at];
      parent_[at] = root;
      sign_[at] = toRoot;
      toRoot *= old;
      at = next;
    }
    return {root, sign};
  }

  // For each root, its set's representative: the anchor, else the member
  // with fixed = true, else one of the larger sign class (members equal to
  // it become FMI aliases, opposite ones need an equation each), the one
  // with the shortest path (the name a user most likely wrote), first
  // declared among equals.
  std::vector<VarId> representatives() {
    const size_t n = parent_.size();
    std::vector<int> balance(n, 0);  // members equal to the root minus opposite ones
    for (VarId v = 0; v < n; ++v)
      if (member(v)) balance[find(v).first] += find(v).second;
    std::vector<VarId> best(n);
    std::vector<bool> seen(n, false);
    auto depth = [&](VarId v) {
      const std::string& name = model_.flat.variables[v].name;
      return std::count(name.begin(), name.end(), '.');
    };
    for (VarId v = 0; v < n; ++v) {  // ascending: the first declared wins ties
      if (!member(v)) continue;
      auto [root, sign] = find(v);
      if (balance[root] * sign < 0) continue;  // in the smaller class
      if (!seen[root] || depth(v) < depth(best[root])) best[root] = v;
      seen[root] = true;
    }
    for (VarId root = 0; root < n; ++root) {
      if (!member(root) || parent_[root] != root) continue;
      if (info_[root].anchor) best[root] = *info_[root].anchor;
      else if (info_[root].fixedMember) best[root] = *info_[root].fixedMember;
    }
    return best;
  }

  // The representative takes over what initialization needs from an
  // eliminated v = sign * rep: a fixed start value, and for an algebraic
  // representative a start (the solver's guess) and nominal it lacks.
  void moveAttributes(VarId v, VarId rep, int sign) {
    flat::Attributes& from = model_.flat.variables[v].attributes;
    flat::Attributes& to = model_.flat.variables[rep].attributes;
    auto signedCopy = [sign](const ExprPtr& e) { return sign > 0 ? e : negated(e); };
    if (from.fixed.value_or(false)) {
      to.fixed = true;
      to.start = from.start ? signedCopy(from.start) : nullptr;
      from.fixed.reset();
      return;
    }
    if (model_.roles[rep] != Role::Algebraic) return;
    if (!to.start && from.start) to.start = signedCopy(from.start);
    if (!to.nominal && from.nominal) to.nominal = from.nominal;
  }

  CausalModel& model_;
  std::vector<bool> pinned_;
  std::vector<VarId> parent_;
  std::vector<int> sign_;
  std::vector<SetInfo> info_;  // valid at roots
};

}  // namespace

void eliminateAliases(CausalModel& model) {
  AliasRecord& record = model.aliasElimination;
  record.equationsBefore = model.flat.equations.size();
  AliasSets sets(model);
  std::vector<flat::Equation> kept;
  kept.reserve(model.flat.equations.size());
  for (flat::Equation& eq : model.flat.equations) {
    std::optional<AliasEquation> alias = aliasEquation(eq);
    if (alias && sets.join(*alias)) {
      ++record.equationsRemoved;
      continue;
    }
    kept.push_back(std::move(eq));
  }
  model.flat.equations = std::move(kept);
  sets.apply();
}

}  // namespace smc::causal
