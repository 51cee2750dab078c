// Relations and samples (spec 8.5, 3.7.4).
//
// A relation `a op b` (op one of < <= > >=) generates state events when an
// operand varies continuously: it reads time, a state, a derivative or a
// continuous algebraic variable. Such a relation is replaced by a hidden
// Boolean `$relationN`, recomputed only in event mode by the update
// `$relationN := a op b` (a defining node the sorter places before every
// reader) and frozen while the solver integrates; the solver watches the
// indicator a - b for a sign change. Relations with only discrete or
// parameter operands change only at events anyway and stay as they are, as
// do relations under noEvent() or smooth() and, since only the contexts
// named by the caller ask for crossings, relations inside when-clauses,
// assertions and initial sections. Children are rewritten first, so an
// inner relation is a variable of the outer one. Identical relations (same
// text) share one crossing.
//
// In a model algorithm, a relation reading a variable the algorithm itself
// assigns cannot be updated before the algorithm runs: the algorithm
// updates it inline (in event mode only, see AlgorithmBlock), so the
// rewriter hands such updates back to the algorithm lowering instead of
// making a node.
//
// sample(start, interval) and sample(start, interval, resolution) (ticks at
// start + (k*interval)/resolution, written by the clocks stage) become a
// hidden flag `$sampleN` with a counter `$sampleN.counter`; the generated
// event_update sets them (they are not blocks). Identical samples (same
// arguments) share one flag.
#include "causalize/EventRewriter.h"

#include "causalize/ExprUtil.h"
#include "flatten/ConstEval.h"

#include <fmt/format.h>

namespace smc::causal {

namespace {

bool isZero(const flat::Expr& e) {
  return (e.kind == flat::ExprKind::Real && e.real == 0) || (e.kind == flat::ExprKind::Integer && e.integer == 0);
}

// lhs - rhs, without a literal zero operand.
ExprPtr indicatorOf(const ExprPtr& lhs, const ExprPtr& rhs, SourceRange range) {
  if (isZero(*rhs)) return lhs;
  if (isZero(*lhs)) return flat::makeUnary(flat::Op::Negate, rhs, range);
  return flat::makeBinary(flat::Op::Sub, lhs, rhs, range);
}

}  // namespace

EventRewriter::EventRewriter(CausalModel& model, DiagnosticEngine& diags) : model_(model), diags_(diags) {
  for (const flat::Variable& v : model.flat.variables) names_.insert(v.name);
}

VarId EventRewriter::addHidden(const std::string& name, flat::BaseType type, SourceRange range) {
  std::string unique = name;
  for (int k = 2; names_.count(unique); ++k) unique = fmt::format("{}_{}", name, k);
  names_.insert(unique);
  flat::Variable v;
  v.name = unique;
  v.type = type;
  v.variability = flat::Variability::Discrete;
  v.attributes.start = type == flat::BaseType::Boolean ? flat::makeBoolean(false, range)
                       : type == flat::BaseType::Real  ? flat::makeReal(0, range)
                                                       : flat::makeInteger(0, range);
  v.isHidden = true;
  v.range = range;
  VarId id = static_cast<VarId>(model_.flat.variables.size());
  model_.flat.variables.push_back(std::move(v));
  model_.roles.push_back(Role::Discrete);
  return id;
}

bool EventRewriter::variesContinuously(const flat::Expr& e) const {
  switch (e.kind) {
    case flat::ExprKind::Time: return true;
    case flat::ExprKind::Pre: return false;
    case flat::ExprKind::Var: {
      Role role = model_.roles[e.var];
      return role == Role::State || role == Role::Derivative || role == Role::Algebraic;
    }
    default:
      for (const ExprPtr& a : e.args)
        if (a && variesContinuously(*a)) return true;
      return false;
  }
}

ExprPtr EventRewriter::rewrite(const ExprPtr& e, bool crossings) {
  switch (e->kind) {
    case flat::ExprKind::Sample: return sampleFlag(e);
    case flat::ExprKind::Pre: return e;
    case flat::ExprKind::Call:
      if (e->fn == flat::Builtin::NoEvent || e->fn == flat::Builtin::Smooth)
        return mapChildren(e, [this](const ExprPtr& child) { return rewrite(child, false); });
      break;
    default: break;
  }
  ExprPtr rewritten = mapChildren(e, [&](const ExprPtr& child) { return rewrite(child, crossings); });
  if (crossings && rewritten->kind == flat::ExprKind::Binary && isRelation(rewritten->op) &&
      (variesContinuously(*rewritten->args[0]) || variesContinuously(*rewritten->args[1])))
    return relationVariable(rewritten);
  if (crossings && isEventBuiltin(*rewritten)) return eventBuiltinValue(rewritten);
  return rewritten;
}

bool EventRewriter::readsLocal(const flat::Expr& relation) const {
  if (!localAssigned_) return false;
  std::set<VarId> uses;
  collectUses(relation, uses);
  for (VarId v : uses)
    if (localAssigned_->count(v)) return true;
  return false;
}

ExprPtr EventRewriter::heldVariable(const ExprPtr& update, flat::BaseType type, const char* prefix,
                                   const std::function<std::vector<ExprPtr>(const ExprPtr& held)>& indicators) {
  const SourceRange range = update->range;
  auto add = [&] {
    VarId id = addHidden(fmt::format("${}{}", prefix, model_.zeroCrossings.size() + 1), type, range);
    for (ExprPtr indicator : indicators(flat::makeVar(id, range)))
      model_.zeroCrossings.push_back(ZeroCrossing{id, std::move(indicator), range});
    return id;
  };
  std::string text = flat::toString(*update, model_.flat);
  if (readsLocal(*update)) {
    // Updated by the algorithm itself, right before each use.
    auto found = localRelationByText_.find(text);
    VarId id = found != localRelationByText_.end() ? found->second : add();
    localRelationByText_.emplace(text, id);
    localUpdates_->emplace_back(id, update);
    return flat::makeVar(id, range);
  }
  auto found = relationByText_.find(text);
  if (found != relationByText_.end()) return flat::makeVar(found->second, range);
  VarId id = add();
  relationByText_.emplace(text, id);
  DefiningNode node;
  node.block = Assign{id, update, range};
  node.defines = {id};
  collectUses(*update, node.uses);
  node.description = type == flat::BaseType::Boolean ? fmt::format("the relation '{}'", text) : "'" + text + "'";
  node.range = range;
  relationNodes_.push_back(std::move(node));
  return flat::makeVar(id, range);
}

ExprPtr EventRewriter::relationVariable(const ExprPtr& relation) {
  return heldVariable(relation, flat::BaseType::Boolean, "relation", [&](const ExprPtr&) {
    return std::vector<ExprPtr>{indicatorOf(relation->args[0], relation->args[1], relation->range)};
  });
}

bool EventRewriter::checkParameterExpression(const ExprPtr& e, const char* what, SourceRange sample) {
  SourceRange range = e->range.valid() ? e->range : sample;
  if (containsKind(*e, flat::ExprKind::Time)) {
    diags_.errorf(range, "the {} of sample() must be a parameter expression, but it depends on time", what);
    return false;
  }
  std::set<VarId> vars;
  collectVars(*e, vars);
  for (VarId v : vars) {
    Role role = model_.roles[v];
    if (role != Role::Parameter && role != Role::CalculatedParameter && role != Role::InitialParameter &&
        role != Role::Constant) {
      diags_.errorf(range, "the {} of sample() must be a parameter expression, but '{}' is not a parameter",
                    what, model_.flat.variables[v].name);
      return false;
    }
  }
  return true;
}

// Reports a parameter expression of sample() that evaluates at translation
// time to something not positive; expressions of parameters the importer may
// change are checked by the generated code instead.
bool EventRewriter::checkPositive(const ExprPtr& e, const char* what, SourceRange sample) {
  std::set<VarId> vars;
  collectVars(*e, vars);
  if (!vars.empty()) return true;
  flat::ConstantEvaluator evaluator(model_.flat);
  auto value = evaluator.evaluate(*e, e->range);
  if (!value || value->kind == flat::Constant::Boolean || value->kind == flat::Constant::String ||
      value->asReal() > 0)
    return true;
  diags_.errorf(e->range.valid() ? e->range : sample, "the {} of sample() must be positive, but it is {}", what,
                flat::toString(*e, model_.flat));
  return false;
}

ExprPtr EventRewriter::sampleFlag(const ExprPtr& sample) {
  const size_t count = sample->args.size();
  bool present = count == 2 || count == 3;
  for (const ExprPtr& arg : sample->args) present = present && arg;
  if (!present) {
    diags_.error(sample->range, "sample() needs two arguments, sample(start, interval), or three, "
                                "sample(start, interval, resolution)");
    ok_ = false;
    return sample;
  }
  const ExprPtr& start = sample->args[0];
  const ExprPtr& interval = sample->args[1];
  const ExprPtr resolution = count == 3 ? sample->args[2] : nullptr;
  if (!checkParameterExpression(start, "start", sample->range) ||
      !checkParameterExpression(interval, "interval", sample->range) ||
      (resolution && !checkParameterExpression(resolution, "resolution", sample->range)) ||
      !checkPositive(interval, "interval", sample->range) ||
      (resolution && !checkPositive(resolution, "resolution", sample->range))) {
    ok_ = false;
    return sample;
  }
  // Identical samples (all arguments alike) share one flag.
  std::string text = flat::toString(*start, model_.flat) + ", " + flat::toString(*interval, model_.flat);
  if (resolution) text += ", " + flat::toString(*resolution, model_.flat);
  auto found = sampleByText_.find(text);
  if (found != sampleByText_.end()) return flat::makeVar(found->second, sample->range);
  std::string name = fmt::format("$sample{}", model_.samples.size() + 1);
  VarId flag = addHidden(name, flat::BaseType::Boolean, sample->range);
  VarId counter = addHidden(model_.flat.variables[flag].name + ".counter", flat::BaseType::Integer, sample->range);
  sampleByText_.emplace(text, flag);
  sampleVariables_.insert(flag);
  sampleVariables_.insert(counter);
  model_.samples.push_back(Sample{flag, counter, start, interval, resolution, sample->range});
  return flat::makeVar(flag, sample->range);
}

}  // namespace smc::causal
