// Equations of the instance tree -> scalar flat equations (spec 8 and 9).
//
// for-equations are unrolled over their (evaluated) ranges; if-equations
// whose conditions are parameter expressions keep the selected branch;
// connect() of causal signals equates the connected variables pairwise,
// matching the leaves of both connectors by their relative names.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <functional>

namespace smc::flatten {

namespace {

const char* equationCallCapability(const std::string& name) {
  if (name == "assert" || name == "terminate") return "assert() and terminate() (hybrid models)";
  if (name == "reinit") return "reinit() (hybrid models)";
  if (name == "transition" || name == "initialState") return "state machines";
  return nullptr;
}

bool isParameterValue(const Value& v, const flat::FlatModel& model) {
  std::function<bool(const flat::Expr&)> check = [&](const flat::Expr& e) {
    if (e.kind == flat::ExprKind::Time || e.kind == flat::ExprKind::Der) return false;
    if (e.kind == flat::ExprKind::Var) {
      auto variability = model.variables[e.var].variability;
      return variability == flat::Variability::Parameter || variability == flat::Variability::Constant;
    }
    for (const auto& a : e.args)
      if (!check(*a)) return false;
    return true;
  };
  for (const auto& e : v.elements)
    if (!check(*e)) return false;
  return true;
}

// Every variable of a connector instance, keyed by its name relative to the
// connector ("x", "sub.y[2]").
void collectLeaves(Instance& inst, const std::string& prefix,
                   std::vector<std::pair<std::string, flat::VarId>>& out, Flattener& flattener,
                   const flat::FlatModel& model) {
  for (Component* c : inst.order) {
    flattener.ensureInstantiated(*c);
    if (c->leaf != LeafType::None) {
      for (flat::VarId id : c->vars) {
        const std::string& full = model.variables[id].name;
        out.emplace_back(prefix + full.substr(inst.path.empty() ? 0 : inst.path.size() + 1), id);
      }
    } else {
      for (auto& element : c->elements)
        collectLeaves(*element, prefix + element->path.substr(inst.path.empty() ? 0 : inst.path.size() + 1) + ".",
                      out, flattener, model);
    }
  }
}

}  // namespace

void Flattener::addEquation(flat::ExprPtr lhs, flat::ExprPtr rhs, SourceRange range, bool initial,
                            const std::string& origin) {
  flat::Equation eq{std::move(lhs), std::move(rhs), range, origin};
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
    for (const ast::Equation& eq : s.section->equations) lowerEquation(eq, scope, s.section->initial);
  }
  for (const auto& [section, lexical] : inst.algorithms)
    diags_.unsupported(section->range, "algorithm sections");
  for (Component* c : inst.order)
    for (auto& element : c->elements) lowerEquations(*element);
}

void Flattener::lowerEquation(const ast::Equation& eq, const Scope& scope, bool initial) {
  const std::string& origin = scope.instance ? scope.instance->path : std::string();
  switch (eq.kind) {
    case ast::EquationKind::Simple: {
      auto lhs = lower(*eq.lhs, scope);
      auto rhs = lhs ? lower(*eq.rhs, scope) : std::nullopt;
      if (lhs && rhs) addValueEquation(*lhs, *rhs, eq.range, initial, origin);
      return;
    }
    case ast::EquationKind::Connect:
      lowerConnect(eq, scope, initial);
      return;
    case ast::EquationKind::For: {
      std::map<std::string, long long> bound = scope.iterators ? *scope.iterators : std::map<std::string, long long>{};
      std::vector<std::pair<std::string, std::vector<long long>>> ranges;
      for (const ast::ForIndex& index : eq.iterators) {
        if (!index.range) {
          diags_.unsupported(index.source, "for-equations without an explicit range");
          return;
        }
        auto values = evaluateRange(*index.range, scope);
        if (!values) return;
        ranges.emplace_back(index.name, *values);
      }
      std::function<void(size_t)> walk = [&](size_t level) {
        if (level == ranges.size()) {
          Scope inner{scope.instance, scope.lexical, &bound};
          for (const ast::Equation& body : eq.branches[0]) lowerEquation(body, inner, initial);
          return;
        }
        for (long long value : ranges[level].second) {
          bound[ranges[level].first] = value;
          walk(level + 1);
        }
      };
      walk(0);
      return;
    }
    case ast::EquationKind::If: {
      for (size_t i = 0; i < eq.branches.size(); ++i) {
        if (i < eq.conditions.size()) {
          auto condition = lower(*eq.conditions[i], scope);
          if (!condition) return;
          if (!isParameterValue(*condition, model_)) {
            diags_.unsupported(eq.conditions[i]->range,
                               "if-equations whose conditions vary during simulation (use an if-expression)");
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
        for (const ast::Equation& body : eq.branches[i]) lowerEquation(body, scope, initial);
        return;
      }
      return;
    }
    case ast::EquationKind::When:
      diags_.unsupported(eq.range, "when-equations (hybrid models)");
      return;
    case ast::EquationKind::Call: {
      std::string name = eq.lhs && eq.lhs->ref.parts.size() == 1 ? eq.lhs->ref.parts[0].name : "";
      if (const char* capability = equationCallCapability(name)) {
        diags_.unsupported(eq.range, capability);
        return;
      }
      diags_.errorf(eq.range, "a call to '{}' is not an equation", eq.lhs ? refText(eq.lhs->ref) : "?");
      return;
    }
  }
}

void Flattener::lowerConnect(const ast::Equation& eq, const Scope& scope, bool initial) {
  if (initial) {
    diags_.error(eq.range, "connect() is not allowed in an initial equation section");
    return;
  }
  auto a = resolveRef(eq.connectA, scope);
  auto b = a ? resolveRef(eq.connectB, scope) : std::nullopt;
  if (!a || !b) return;
  if (!a->instance && !b->instance) {
    addValueEquation(a->value, b->value, eq.range, false, scope.instance ? scope.instance->path : "");
    return;
  }
  if (!a->instance || !b->instance) {
    diags_.errorf(eq.range, "cannot connect '{}' and '{}': one is a connector, the other a variable",
                  refText(eq.connectA), refText(eq.connectB));
    return;
  }
  std::vector<std::pair<std::string, flat::VarId>> left, right;
  collectLeaves(*a->instance, "", left, *this, model_);
  collectLeaves(*b->instance, "", right, *this, model_);
  std::map<std::string, flat::VarId> rightByName(right.begin(), right.end());
  bool ok = left.size() == right.size();
  for (const auto& [name, id] : left) {
    auto it = rightByName.find(name);
    if (it == rightByName.end()) {
      diags_.errorf(eq.range, "cannot connect '{}' and '{}': '{}' has '{}' but '{}' has not",
                    refText(eq.connectA), refText(eq.connectB), refText(eq.connectA), name,
                    refText(eq.connectB));
      return;
    }
    addEquation(flat::makeVar(id, eq.connectA.range), flat::makeVar(it->second, eq.connectB.range),
                eq.range, false, scope.instance ? scope.instance->path : "");
  }
  if (!ok)
    diags_.errorf(eq.range, "cannot connect '{}' and '{}': they have different components",
                  refText(eq.connectA), refText(eq.connectB));
}

}  // namespace smc::flatten
