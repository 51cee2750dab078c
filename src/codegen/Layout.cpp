// Value references and FMI attributes (see Layout.h for the order and the
// role -> causality/variability/initial table). The checks here are the
// codegen's entry guard: anything the data layout of model.h cannot hold is
// reported once, at the variable's declaration, before IR generation starts.
#include "codegen/Layout.h"

#include "codegen/ExprEquality.h"

#include "smc/model.h"

#include <algorithm>
#include <cmath>

namespace smc::codegen {

const char* toString(FmiCausality causality) {
  switch (causality) {
    case FmiCausality::Parameter: return "parameter";
    case FmiCausality::CalculatedParameter: return "calculatedParameter";
    case FmiCausality::Input: return "input";
    case FmiCausality::Output: return "output";
    case FmiCausality::Local: return "local";
  }
  return "local";
}

const char* toString(FmiVariability variability) {
  switch (variability) {
    case FmiVariability::Constant: return "constant";
    case FmiVariability::Fixed: return "fixed";
    case FmiVariability::Discrete: return "discrete";
    case FmiVariability::Continuous: return "continuous";
  }
  return "continuous";
}

const char* toString(FmiInitial initial) {
  switch (initial) {
    case FmiInitial::None: return "";
    case FmiInitial::Exact: return "exact";
    case FmiInitial::Approx: return "approx";
    case FmiInitial::Calculated: return "calculated";
  }
  return "";
}

namespace {

// FNV-1a over the name's characters but its digits (see VarInfo::family).
uint32_t familyOf(const std::string& name) {
  uint32_t hash = 2166136261u;
  for (const char c : name) {
    if (c >= '0' && c <= '9') continue;
    hash = (hash ^ static_cast<uint8_t>(c)) * 16777619u;
  }
  return hash;
}

bool consistent(const causal::CausalModel& model, DiagnosticEngine& diags) {
  const size_t count = model.flat.variables.size();
  if (model.roles.size() != count) {
    diags.errorf({}, "internal error: the causal model has {} roles for {} variables",
                 model.roles.size(), count);
    return false;
  }
  if (model.states.size() != model.derivatives.size()) {
    diags.errorf({}, "internal error: the causal model has {} states but {} derivatives",
                 model.states.size(), model.derivatives.size());
    return false;
  }
  for (size_t i = 0; i < model.states.size(); ++i) {
    if (model.states[i] >= count || model.derivatives[i] >= count ||
        model.roles[model.states[i]] != causal::Role::State ||
        model.roles[model.derivatives[i]] != causal::Role::Derivative) {
      diags.errorf({}, "internal error: state/derivative pair {} of the causal model is invalid",
                   i);
      return false;
    }
  }
  return true;
}

// Variables the initialization blocks compute, other than by `x := start`
// or `x := pre(x)`: targets of assignments, loop unknowns, targets of
// when-equations that may fire at initialization, algorithm outputs (not
// the variables of clocked partitions, which do not run then).
std::vector<bool> computedByInitialization(const causal::CausalModel& model) {
  std::vector<bool> computed(model.flat.variables.size(), false);
  auto mark = [&](flat::VarId v) {
    if (v < computed.size()) computed[v] = true;
  };
  for (const causal::Block& block : model.initialization) {
    if (const auto* assign = std::get_if<causal::Assign>(&block)) {
      if (assign->target < computed.size() && assign->value &&
          !keepsStartValue(model.flat.variables[assign->target], assign->target, *assign->value))
        mark(assign->target);
    } else if (const auto* loop = std::get_if<causal::AlgebraicLoop>(&block)) {
      for (flat::VarId v : loop->unknowns) mark(v);
      for (const causal::Assign& assign : loop->torn) mark(assign.target);
    } else if (const auto* when = std::get_if<causal::WhenBlock>(&block)) {
      for (const causal::WhenBlock::Branch& branch : when->branches)
        if (branch.activeAtInitialization)
          for (const flat::Action& action : branch.actions)
            if (action.kind == flat::ActionKind::Assign || action.kind == flat::ActionKind::Reinit)
              mark(action.target);
    } else if (std::holds_alternative<causal::ClockedBlock>(block)) {
      // A partition never runs at initialization (its tick is false then):
      // its variables keep their start values.
    } else {
      for (flat::VarId v : std::get<causal::AlgorithmBlock>(block).outputs) mark(v);
    }
  }
  return computed;
}

// ScalarVariable order: declaration order, except that each run of
// consecutively declared states is followed by its derivatives in the same
// order, and hidden variables come last. A state array thus has contiguous
// value references, and so do its derivatives: equations over neighbouring
// elements read and write neighbouring slots, which LLVM's SLP vectorizer
// packs (each derivative right after its state would interleave them).
std::vector<flat::VarId> scalarVariableOrder(const causal::CausalModel& model) {
  const size_t count = model.flat.variables.size();
  std::vector<flat::VarId> derivativeOfState(count, UINT32_MAX);
  for (size_t i = 0; i < model.states.size(); ++i)
    derivativeOfState[model.states[i]] = model.derivatives[i];
  auto isVisible = [&](flat::VarId v) {
    return model.roles[v] != causal::Role::Derivative && !model.flat.variables[v].isHidden;
  };
  std::vector<bool> placed(count, false);
  std::vector<flat::VarId> order;
  order.reserve(count);
  std::vector<flat::VarId> pendingDerivatives;  // of the current run of states
  auto flushDerivatives = [&] {
    for (flat::VarId d : pendingDerivatives)
      if (!placed[d]) {
        order.push_back(d);
        placed[d] = true;
      }
    pendingDerivatives.clear();
  };
  for (flat::VarId v = 0; v < count; ++v) {
    if (!isVisible(v)) continue;
    if (derivativeOfState[v] == UINT32_MAX) flushDerivatives();
    order.push_back(v);
    placed[v] = true;
    if (derivativeOfState[v] != UINT32_MAX) pendingDerivatives.push_back(derivativeOfState[v]);
  }
  flushDerivatives();
  for (flat::VarId v = 0; v < count; ++v)  // derivatives without a state (none expected)
    if (!placed[v] && !model.flat.variables[v].isHidden) {
      order.push_back(v);
      placed[v] = true;
    }
  for (flat::VarId v = 0; v < count; ++v)
    if (!placed[v]) order.push_back(v);
  return order;
}

std::optional<double> literalNumber(const flat::ExprPtr& e, const causal::CausalModel& model) {
  std::optional<Literal> l = foldLiteral(e, model);
  if (!l) return std::nullopt;
  if (l->type == flat::BaseType::Real) return l->real;
  if (l->type == flat::BaseType::Integer) return static_cast<double>(l->integer);
  return std::nullopt;
}

FmiCausality declaredCausality(const flat::Variable& v) {
  return v.causality == flat::Causality::Output ? FmiCausality::Output : FmiCausality::Local;
}

FmiVariability timeVariability(const flat::Variable& v) {
  return v.type == flat::BaseType::Real && v.variability == flat::Variability::Continuous
             ? FmiVariability::Continuous
             : FmiVariability::Discrete;
}

// Fills causality, variability, initial, start and flags of one variable.
// Returns false after reporting when the variable cannot be represented.
bool classify(VarInfo& info, const flat::Variable& v, const causal::CausalModel& model,
              bool computedAtInitialization, DiagnosticEngine& diags) {
  const flat::ExprPtr& startAttr = v.attributes.start;
  std::optional<Literal> literalStart;
  if (startAttr) literalStart = foldLiteral(startAttr, model);
  if (literalStart) literalStart = literalStart->convertedTo(v.type);
  info.start = defaultLiteral(v.type);

  switch (info.role) {
    case causal::Role::Constant: {
      const flat::ExprPtr& value = v.binding ? v.binding : startAttr;
      std::optional<Literal> folded = foldLiteral(value, model);
      if (folded) folded = folded->convertedTo(v.type);
      if (!folded) {
        diags.errorf(v.range, "the value of constant '{}' is not known at compile time", v.name);
        return false;
      }
      info.causality = declaredCausality(v);
      info.variability = FmiVariability::Constant;
      info.initial = FmiInitial::Exact;
      info.start = *folded;
      info.startInXml = true;
      return true;
    }
    case causal::Role::Parameter: {
      std::optional<Literal> value = literalStart;
      if (v.binding) {
        value = foldLiteral(v.binding, model);
        if (value) value = value->convertedTo(v.type);
      } else if (!startAttr) {
        value = defaultLiteral(v.type);
      }
      if (!value && v.binding) {
        diags.errorf(v.range,
                     "internal error: parameter '{}' is independent but its binding is not a "
                     "literal; it should have been classified as a calculated parameter",
                     v.name);
        return false;
      }
      if (!value) {
        diags.errorf(v.range,
                     "parameter '{}' has no binding and its start value is not a literal; FMI "
                     "needs a literal value for an independent parameter",
                     v.name);
        return false;
      }
      info.causality = FmiCausality::Parameter;
      info.variability = FmiVariability::Fixed;
      info.initial = FmiInitial::Exact;
      info.start = *value;
      info.startInXml = true;
      info.flags = SMC_VAR_PARAMETER | SMC_VAR_START_EXACT;
      return true;
    }
    case causal::Role::CalculatedParameter:
    case causal::Role::InitialParameter:
      info.causality = FmiCausality::CalculatedParameter;
      info.variability = FmiVariability::Fixed;
      info.initial = FmiInitial::Calculated;
      break;
    case causal::Role::Input:
      if (startAttr && !literalStart) {
        diags.errorf(v.range, "the start value of input '{}' must be a literal", v.name);
        return false;
      }
      info.causality = FmiCausality::Input;
      info.variability = timeVariability(v);
      info.initial = FmiInitial::None;
      if (literalStart) info.start = *literalStart;
      info.startInXml = true;
      info.flags = SMC_VAR_INPUT | SMC_VAR_START_EXACT;
      return true;
    case causal::Role::State:
      info.causality = declaredCausality(v);
      info.variability = FmiVariability::Continuous;
      if (!startAttr || literalStart) {
        if (literalStart) info.start = *literalStart;
        // Exact when initialization keeps the start value; approx when the
        // initialization system solves for the state (initial equations, or
        // fixed=false) and the start is only its first guess.
        info.initial = computedAtInitialization || v.attributes.fixed == false ? FmiInitial::Approx
                                                                               : FmiInitial::Exact;
        info.startInXml = true;
        info.flags = SMC_VAR_START_EXACT;
        return true;
      }
      info.initial = FmiInitial::Calculated;
      break;
    case causal::Role::Derivative:
      info.causality = FmiCausality::Local;
      info.variability = FmiVariability::Continuous;
      info.initial = FmiInitial::Calculated;
      return true;
    case causal::Role::Alias:  // given its representative's slot by buildLayout
    case causal::Role::Algebraic:
      info.causality = declaredCausality(v);
      info.variability = timeVariability(v);
      info.initial = FmiInitial::Calculated;
      break;
    case causal::Role::Discrete:
      info.causality = declaredCausality(v);
      info.variability = FmiVariability::Discrete;
      // Unless initialization computes it, a discrete variable starts as
      // pre(v) = start (spec 8.6), which the importer may set.
      if (!computedAtInitialization && (!startAttr || literalStart)) {
        if (literalStart) info.start = *literalStart;
        info.initial = FmiInitial::Exact;
        info.startInXml = true;
        info.flags = SMC_VAR_START_EXACT;
        return true;
      }
      info.initial = FmiInitial::Calculated;
      break;
  }
  // Calculated variables: a literal start is only the first iterate; a
  // non-literal one is evaluated by initialize.
  if (literalStart)
    info.start = *literalStart;
  else if (startAttr)
    info.startExpression = startAttr;
  return true;
}

// The variables alias elimination made equal to another: each is a
// ScalarVariable with its representative's value reference (FMI 2.0
// aliases), after all others, without a start (FMI allows one per alias
// set, and the representative has it).
void addAliases(const causal::CausalModel& model, Layout& layout) {
  uint32_t index = 0;
  for (const VarInfo& info : layout.vars) index = std::max(index, info.index);
  for (const causal::AliasRecord::Alias& alias : model.aliasElimination.aliases) {
    if (alias.negated) continue;  // an algebraic of its own
    const flat::Variable& v = model.flat.variables[alias.var];
    const VarInfo& representative = layout.of(alias.of);
    VarInfo info;
    info.id = alias.var;
    info.role = causal::Role::Alias;
    info.type = v.type;
    info.aliasOf = alias.of;
    info.valueReference = representative.valueReference;
    info.causality = declaredCausality(v);
    info.variability = representative.variability;
    info.initial = FmiInitial::Calculated;
    info.start = defaultLiteral(v.type);
    info.nominal = literalNumber(v.attributes.nominal, model);
    info.min = literalNumber(v.attributes.min, model);
    info.max = literalNumber(v.attributes.max, model);
    info.index = ++index;
    layout.positionOf[alias.var] = static_cast<uint32_t>(layout.vars.size());
    layout.vars.push_back(std::move(info));
  }
}

}  // namespace

std::optional<Layout> buildLayout(const causal::CausalModel& model, DiagnosticEngine& diags) {
  if (!consistent(model, diags)) return std::nullopt;
  const std::vector<flat::VarId> order = scalarVariableOrder(model);
  const std::vector<bool> computed = computedByInitialization(model);

  Layout layout;
  layout.positionOf.assign(model.flat.variables.size(), 0);
  bool ok = true;
  for (flat::VarId id : order) {
    const flat::Variable& v = model.flat.variables[id];
    if (model.roles[id] == causal::Role::Alias) continue;  // after the others
    VarInfo info;
    info.id = id;
    info.role = model.roles[id];
    info.type = v.type;
    info.family = familyOf(v.name);
    if (v.type == flat::BaseType::String && info.role != causal::Role::Constant) {
      diags.unsupported(v.range, "String variable '" + v.name +
                                     "' that changes during simulation (String parameters and "
                                     "constants are supported)");
      ok = false;
      continue;
    }
    if (v.type == flat::BaseType::Clock) {
      diags.error(v.range, "internal error: Clock variable '" + v.name +
                               "' reached the code generator; the clocks stage replaces them");
      ok = false;
      continue;
    }
    if ((info.role == causal::Role::State || info.role == causal::Role::Derivative) &&
        v.type != flat::BaseType::Real) {
      diags.errorf(v.range, "'{}' is differentiated but is not a Real variable", v.name);
      ok = false;
      continue;
    }
    info.hidden = v.isHidden;
    if (info.hidden && (info.role == causal::Role::State || info.role == causal::Role::Derivative ||
                        info.role == causal::Role::Input)) {
      diags.errorf(v.range, "internal error: the hidden variable '{}' is a state, a derivative "
                            "or an input",
                   v.name);
      ok = false;
      continue;
    }
    if (!classify(info, v, model, computed[id], diags)) {
      ok = false;
      continue;
    }
    if (info.type == flat::BaseType::Real && info.variability == FmiVariability::Discrete)
      info.flags |= SMC_VAR_DISCRETE;
    if (info.hidden) {
      // The importer cannot see it, so it cannot set it either.
      info.flags &= SMC_VAR_DISCRETE;
      info.startInXml = false;
    }
    switch (v.type) {
      case flat::BaseType::Real: info.valueReference = layout.numReals++; break;
      case flat::BaseType::Integer: info.valueReference = layout.numIntegers++; break;
      case flat::BaseType::Boolean: info.valueReference = layout.numBooleans++; break;
      case flat::BaseType::String: info.valueReference = layout.numStrings++; break;
      case flat::BaseType::ExternalObject: info.valueReference = layout.numExternalObjects++; break;
      case flat::BaseType::Clock: break;  // rejected above
    }
    info.nominal = literalNumber(v.attributes.nominal, model);
    info.min = literalNumber(v.attributes.min, model);
    info.max = literalNumber(v.attributes.max, model);
    layout.positionOf[id] = static_cast<uint32_t>(layout.vars.size());
    info.index = info.hidden ? 0 : static_cast<uint32_t>(layout.vars.size()) + 1;
    layout.vars.push_back(std::move(info));
  }
  if (!ok) return std::nullopt;
  addAliases(model, layout);

  for (size_t i = 0; i < model.states.size(); ++i)
    layout.vars[layout.positionOf[model.derivatives[i]]].derivativeOf =
        layout.of(model.states[i]).index;
  return layout;
}

}  // namespace smc::codegen
