// String folding (see StringFolding.h). The rewrite is bottom-up: a String
// variable becomes its value, and an operation whose operands are all
// literals after that (concatenation, a relation between Strings, an
// if-expression choosing between Strings) is evaluated, so each node is
// looked at once however deep the expression.
#include "causalize/StringFolding.h"

#include "causalize/ExprUtil.h"
#include "causalize/Statements.h"
#include "flatten/ConstEval.h"

#include <optional>
#include <vector>

namespace smc::causal {

namespace {

bool isLiteralNode(const flat::Expr& e) {
  return e.kind == flat::ExprKind::String || e.kind == flat::ExprKind::Boolean ||
         e.kind == flat::ExprKind::Integer || e.kind == flat::ExprKind::Real;
}

class StringFolder {
public:
  StringFolder(CausalModel& model, DiagnosticEngine& diags)
      : model_(model), diags_(diags), evaluator_(model.flat),
        values_(model.flat.variables.size()) {}

  bool ok() const { return ok_; }

  ExprPtr fold(const ExprPtr& e) {
    if (!e) return e;
    if (e->kind == flat::ExprKind::Var) return valueOf(e);
    ExprPtr mapped = mapChildren(e, [&](const ExprPtr& child) { return fold(child); });
    if (!involvesStrings(*mapped)) return mapped;
    for (const ExprPtr& arg : mapped->args)
      if (!arg || !isLiteralNode(*arg)) return mapped;
    std::optional<flat::Constant> value = evaluator_.evaluate(*mapped, mapped->range);
    // Operations that do not apply to Strings stay, for the stage that
    // reports them.
    return value ? flat::makeLiteral(*value, mapped->range) : mapped;
  }

  void foldModel() {
    flat::FlatModel& flat = model_.flat;
    auto each = [&](ExprPtr& e) { e = fold(e); };
    for (flat::Variable& v : flat.variables) {
      each(v.binding);
      for (ExprPtr* attribute : {&v.attributes.start, &v.attributes.min, &v.attributes.max,
                                 &v.attributes.nominal, &v.discretizedActive, &v.discretizedRestart})
        each(*attribute);
    }
    auto equations = [&](std::vector<flat::Equation>& list) {
      for (flat::Equation& eq : list) {
        each(eq.lhs);
        each(eq.rhs);
      }
    };
    equations(flat.equations);
    equations(flat.initialEquations);
    for (flat::ClockedPartition& partition : flat.clockedPartitions) {
      equations(partition.equations);
      for (flat::Algorithm& algorithm : partition.algorithms)
        mapExprs(algorithm.statements, [&](const ExprPtr& e) { return fold(e); });
    }
    for (flat::WhenEquation& when : flat.whenEquations)
      for (flat::WhenBranch& branch : when.branches) {
        for (ExprPtr& condition : branch.conditions) each(condition);
        for (flat::Action& action : branch.actions) {
          each(action.value);
          each(action.message);
        }
      }
    for (flat::Assertion& assertion : flat.assertions) {
      each(assertion.condition);
      each(assertion.message);
    }
    for (auto* algorithms : {&flat.algorithms, &flat.initialAlgorithms})
      for (flat::Algorithm& algorithm : *algorithms)
        mapExprs(algorithm.statements, [&](const ExprPtr& e) { return fold(e); });
  }

private:
  // A String variable's value (its binding, a constant by now); any other
  // variable stays.
  ExprPtr valueOf(const ExprPtr& e) {
    const flat::VarId id = e->var;
    if (id >= model_.flat.variables.size()) return e;
    const flat::Variable& v = model_.flat.variables[id];
    if (v.type != flat::BaseType::String || !v.binding) return e;
    if (!values_[id]) {
      std::optional<flat::Constant> value = evaluator_.evaluate(*v.binding, v.range);
      if (!value || value->kind != flat::Constant::String) {
        if (!value)
          diags_.error(evaluator_.error().range, evaluator_.error().message);
        else
          diags_.errorf(v.binding->range, "the value of String '{}' is not a String", v.name);
        ok_ = false;
        return e;
      }
      values_[id] = flat::makeLiteral(*value, e->range);
    }
    return values_[id];
  }

  // Whether evaluating `e` could be needed: a String operand or result.
  bool involvesStrings(const flat::Expr& e) const {
    if (e.kind != flat::ExprKind::Binary && e.kind != flat::ExprKind::If) return false;
    for (const ExprPtr& arg : e.args)
      if (arg && arg->kind == flat::ExprKind::String) return true;
    return false;
  }

  CausalModel& model_;
  DiagnosticEngine& diags_;
  flat::ConstantEvaluator evaluator_;
  std::vector<ExprPtr> values_;  // per variable: its folded String value
  bool ok_ = true;
};

}  // namespace

bool foldStrings(CausalModel& model, DiagnosticEngine& diags) {
  StringFolder folder(model, diags);
  folder.foldModel();
  return folder.ok();
}

}  // namespace smc::causal
