// Index reduction (see IndexReduction.h).
//
// Pantelides' algorithm (1988) works on the structure of the simulation
// system. Its unknowns are the highest derivatives: derivative variables,
// algebraics and discrete unknowns; a variable that has a derivative is
// known to the matching, its derivative is the unknown. Its equations are
// the most differentiated ones. Each model equation in turn gets an
// augmenting path; when none exists, the equations and unknowns the failed
// search visited are over-determined: every visited equation is
// differentiated (a new equation), every visited unknown gets a derivative
// variable (a new unknown) matched to the derivative of the equation the
// original was matched to, and the search restarts from the derivative of
// the equation that failed.
//
// Dummy derivatives (Mattsson and Söderlind 1993) then decide which
// derivatives stay tied to an integrated state, level by level from the
// most differentiated equations down. At each level the differentiated
// equations F choose, among the highest-derivative unknowns they contain,
// as many as there are equations such that F determines them (a choice
// whose columns of F's Jacobian are independent in value, not only in
// structure: ColumnBasis.h); those become dummy derivatives, plain
// algebraic unknowns. The next level takes the
// equations F was differentiated from, when they are derivatives
// themselves, and the variables one derivative below the chosen ones. A
// variable whose derivative is a dummy is computed algebraically; the
// others are the states. The choice is greedy in order of preference (the
// greedy basis of the Jacobian's columns), so the first candidates become
// dummies: derivatives of derivatives (the runtime integrates first-order
// states only), then by stateSelect from never to always, then algebraics
// before declared states.
//
// Discrete unknowns take part in the matching with derivative zero, each
// only in the equations that have it as one side. A
// system that is singular beyond a missing differentiation would make the
// algorithm differentiate without end: it stops after kMaxDifferentiations
// of one equation and leaves the model unchanged, for the sorter to report.
#include "causalize/IndexReduction.h"

#include "causalize/ColumnBasis.h"
#include "causalize/Differentiate.h"
#include "causalize/ExprUtil.h"
#include "causalize/Matching.h"
#include "causalize/PreferredStates.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace smc::causal {

namespace {

constexpr size_t kNoEquation = kUnmatched;
constexpr VarId kNoVar = static_cast<VarId>(-1);
// Models need an equation differentiated two or three times; more means
// the system is singular whatever is differentiated.
constexpr int kMaxDifferentiations = 5;

class IndexReducer {
public:
  enum class Outcome { Reduced, Unchanged, Error };

  IndexReducer(CausalModel& model, LoweredModel& lowered, DiagnosticEngine& diags)
      : model_(model), lowered_(lowered), diags_(diags), firstNewVariable_(model.flat.variables.size()) {}

  Outcome run() {
    initialize();
    if (countUnknowns() != uses_.size()) return Outcome::Unchanged;  // not an index problem
    Outcome outcome = matchDifferentiating();
    if (outcome == Outcome::Reduced) outcome = selectStates();
    if (outcome != Outcome::Reduced) rollBack();
    return outcome;
  }

private:
  // --- Structure -----------------------------------------------------------

  void initialize() {
    for (const DefiningNode& node : lowered_.nodes) nodeDefined_.insert(node.defines.begin(), node.defines.end());
    for (VarId v = 0; v < model_.flat.variables.size(); ++v) {
      Role role = model_.roles[v];
      bool unknown = (role == Role::Algebraic || role == Role::Derivative || role == Role::Discrete) &&
                     !lowered_.sampleVariables.count(v) && !nodeDefined_.count(v);
      growVariables(unknown);
    }
    for (size_t i = 0; i < model_.states.size(); ++i) link(model_.states[i], model_.derivatives[i]);
    for (const flat::Equation& eq : lowered_.equations) addEquation(eq, kNoEquation);
    modelEquations_ = uses_.size();
  }

  void growVariables(bool unknown) {
    isUnknown_.push_back(unknown);
    derivative_.push_back(kNoVar);
    antiderivative_.push_back(kNoVar);
    matchedEquation_.push_back(kNoEquation);
    varStamp_.push_back(0);
  }

  void link(VarId v, VarId derivative) {
    derivative_[v] = derivative;
    antiderivative_[derivative] = v;
  }

  // An equation can be solved for a discrete variable only when it is one
  // side of it (`b = x > 0`); elsewhere (an if-condition) it is an input
  // of the equation, left out of its incidence.
  // The model's equations stay in lowered_ until the reduction succeeds;
  // derivatives are kept in derived_.
  size_t addEquation(const flat::Equation& eq, size_t differentiatedFrom) {
    std::set<VarId> uses;
    collectUses(*eq.lhs, uses);
    collectUses(*eq.rhs, uses);
    auto isSide = [&](VarId v) {
      return (eq.lhs->kind == flat::ExprKind::Var && eq.lhs->var == v) ||
             (eq.rhs->kind == flat::ExprKind::Var && eq.rhs->var == v);
    };
    for (auto it = uses.begin(); it != uses.end();)
      it = isDiscrete(*it) && !isSide(*it) ? uses.erase(it) : std::next(it);
    // Arguments a called function's output does not read are no unknowns
    // of the equation (MSL's Move: `phi = position({phi, w, a}, time)` is a
    // constraint on phi alone, which index reduction must see).
    for (VarId v : ignoredArgumentVars(eq, model_.flat)) uses.erase(v);
    uses_.emplace_back(uses.begin(), uses.end());
    derivativeEquation_.push_back(kNoEquation);
    antiderivativeEquation_.push_back(differentiatedFrom);
    matchedVariable_.push_back(kNoVar);
    order_.push_back(differentiatedFrom == kNoEquation ? 0 : order_[differentiatedFrom] + 1);
    eqStamp_.push_back(0);
    return uses_.size() - 1;
  }

  const flat::Equation& equation(size_t eq) const {
    return eq < modelEquations_ ? lowered_.equations[eq] : derived_[eq - modelEquations_];
  }

  size_t countUnknowns() const {
    return static_cast<size_t>(std::count(isUnknown_.begin(), isUnknown_.end(), true));
  }

  // A highest-derivative unknown: what the matching assigns.
  bool eligible(VarId v) const { return isUnknown_[v] && derivative_[v] == kNoVar; }

  bool isDiscrete(VarId v) const {
    return model_.roles[v] == Role::Discrete || model_.flat.variables[v].type != flat::BaseType::Real;
  }

  // --- Pantelides ------------------------------------------------------------

  // Every equation that is not differentiated further must be matched:
  // the model's, and derivatives that did not inherit a match (the list
  // grows as the loop runs).
  Outcome matchDifferentiating() {
    bool differentiated = false;
    for (size_t k = 0; k < uses_.size(); ++k) {
      if (derivativeEquation_[k] != kNoEquation || matchedVariable_[k] != kNoVar) continue;
      size_t eq = k;
      while (!augment(eq)) {
        Outcome step = differentiateVisited();
        if (step != Outcome::Reduced) return step;
        differentiated = true;
        eq = derivativeEquation_[eq];
      }
    }
    return differentiated ? Outcome::Reduced : Outcome::Unchanged;
  }

  void match(VarId v, size_t eq) {
    matchedEquation_[v] = eq;
    matchedVariable_[eq] = v;
  }

  // Kuhn's augmenting path from `root`, depth first with an explicit stack
  // (a chain of thousands of equations must not exhaust the call stack).
  // The equations and unknowns it visits are left in visitedEquations_ and
  // visitedUnknowns_.
  bool augment(size_t root) {
    ++stamp_;
    visitedEquations_.clear();
    visitedUnknowns_.clear();
    struct Frame {
      size_t eq;
      size_t next;  // the next use to try
      VarId via;    // the unknown through which the path reached eq
    };
    std::vector<Frame> path;
    auto enter = [&](size_t eq, VarId via) {
      eqStamp_[eq] = stamp_;
      visitedEquations_.push_back(eq);
      path.push_back({eq, 0, via});
    };
    auto flip = [&](VarId freeUnknown) {
      match(freeUnknown, path.back().eq);
      for (size_t k = path.size() - 1; k > 0; --k) match(path[k].via, path[k - 1].eq);
    };
    enter(root, kNoVar);
    while (!path.empty()) {
      Frame& frame = path.back();
      const std::vector<VarId>& uses = uses_[frame.eq];
      if (frame.next == 0)
        for (VarId v : uses)
          if (eligible(v) && matchedEquation_[v] == kNoEquation) {
            flip(v);
            return true;
          }
      if (frame.next == uses.size()) {
        path.pop_back();
        continue;
      }
      VarId v = uses[frame.next++];
      if (!eligible(v) || varStamp_[v] == stamp_) continue;
      varStamp_[v] = stamp_;
      visitedUnknowns_.push_back(v);
      size_t owner = matchedEquation_[v];
      if (eqStamp_[owner] != stamp_) enter(owner, v);
    }
    return false;
  }

  // Differentiates the visited equations and gives the visited unknowns
  // their derivatives, each matched to the derivative of its equation when
  // it appears there (else both wait for a later search). A discrete
  // unknown has no derivative to take over its equation: the system is
  // then singular in a way differentiation cannot mend, as is one whose
  // equations would be differentiated too often.
  Outcome differentiateVisited() {
    for (VarId v : visitedUnknowns_)
      if (isDiscrete(v)) return Outcome::Unchanged;
    for (size_t eq : visitedEquations_)
      if (order_[eq] >= kMaxDifferentiations) return Outcome::Unchanged;
    for (VarId v : visitedUnknowns_) addDerivativeVariable(v);
    for (size_t eq : visitedEquations_) {
      const flat::Equation original = equation(eq);
      auto derivativeOf = [this](VarId v, SourceRange where) { return variableDerivative(v, where); };
      ExprPtr lhs = timeDerivative(original.lhs, derivativeOf, model_.flat.functions, diags_);
      ExprPtr rhs = lhs ? timeDerivative(original.rhs, derivativeOf, model_.flat.functions, diags_) : nullptr;
      if (!lhs || !rhs) {
        diags_.note(original.range, fmt::format("index reduction differentiates the equation '{} = {}'",
                                                flat::toString(*original.lhs, model_.flat),
                                                flat::toString(*original.rhs, model_.flat)));
        return Outcome::Error;
      }
      derived_.push_back({lhs, rhs, original.range, original.origin});
      size_t derived = addEquation(derived_.back(), eq);
      derivativeEquation_[eq] = derived;
      if (uses_[derived].empty()) return Outcome::Unchanged;  // 0 = 0: differentiation cannot help
    }
    for (VarId v : visitedUnknowns_) {
      const size_t derived = derivativeEquation_[matchedEquation_[v]];
      const std::vector<VarId>& uses = uses_[derived];
      if (std::binary_search(uses.begin(), uses.end(), derivative_[v])) match(derivative_[v], derived);
    }
    return Outcome::Reduced;
  }

  void addDerivativeVariable(VarId v) {
    auto id = static_cast<VarId>(model_.flat.variables.size());
    model_.flat.variables.push_back(derivativeVariable(model_.flat.variables[v]));
    model_.roles.push_back(Role::Algebraic);
    growVariables(true);
    link(v, id);
  }

  // What differentiating an equation puts for variable v.
  ExprPtr variableDerivative(VarId v, SourceRange where) {
    if (derivative_[v] != kNoVar) return flat::makeVar(derivative_[v], where);
    const flat::Variable& var = model_.flat.variables[v];
    Role role = model_.roles[v];
    if (var.variability == flat::Variability::Discrete || var.type != flat::BaseType::Real)
      return flat::makeReal(0, where);  // changes only at events
    if (role == Role::Input) {
      diags_.errorf(where, "index reduction needs the derivative of the input '{}', which is not known", var.name);
      return nullptr;
    }
    if (nodeDefined_.count(v) && !isDiscrete(v)) {
      diags_.unsupported(where, fmt::format("index reduction through the algorithm or when-equation that "
                                            "computes '{}'", var.name));
      return nullptr;
    }
    // Parameters, discrete variables and sample variables change only at
    // events. (A continuous unknown in a differentiated equation was
    // visited by the search, so it has its derivative already.)
    return flat::makeReal(0, where);
  }

  // --- Dummy derivatives -----------------------------------------------------

  // Earlier = rather a dummy derivative (its variable rather not a state).
  auto preference(VarId derivative) const {
    VarId base = antiderivative_[derivative];
    bool derivativeOfDerivative = antiderivative_[base] != kNoVar;
    bool declaredState = model_.roles[base] == Role::State;
    int select = static_cast<int>(model_.flat.variables[base].attributes.stateSelect);
    return std::make_tuple(derivativeOfDerivative ? 0 : 1, select, declaredState ? 1 : 0,
                           static_cast<long long>(-static_cast<long long>(base)));
  }

  // d(lhs - rhs)/dv of equation eq, three ways: `known` when the equation
  // is linear in v with a coefficient known at translation; `atStart` when
  // the coefficient can be evaluated at the start values instead (an
  // estimate of the running model: cos(phi) at phi's start); `generic`, a
  // nonzero value fixed by (eq, v) standing for what varies, so that only
  // known coefficients cancel.
  struct Entry {
    std::optional<double> known;
    std::optional<double> atStart;
    double generic;
  };
  Entry jacobianEntry(size_t eq, VarId v) const {
    const flat::Equation& e = equation(eq);
    auto known = [&](const std::optional<LinearParts>& parts) -> std::optional<double> {
      if (!parts) return std::nullopt;
      if (!parts->coefficient) return 0.0;
      return valueAtTranslation(*parts->coefficient, model_.flat);
    };
    auto lhsParts = linearParts(e.lhs, v);
    auto rhsParts = lhsParts ? linearParts(e.rhs, v) : std::nullopt;
    auto lhs = known(lhsParts);
    auto rhs = lhs ? known(rhsParts) : std::nullopt;
    if (lhs && rhs) return {*lhs - *rhs, *lhs - *rhs, *lhs - *rhs};
    Entry entry{std::nullopt, std::nullopt, genericValue(eq, v)};
    if (lhsParts && rhsParts) {
      auto atStart = [&](const ExprPtr& coefficient) -> std::optional<double> {
        return coefficient ? valueAtTranslation(*coefficient, model_.flat, true) : 0.0;
      };
      auto l = atStart(lhsParts->coefficient);
      auto r = l ? atStart(rhsParts->coefficient) : std::nullopt;
      if (l && r) entry.atStart = *l - *r;
    }
    return entry;
  }

  static double genericValue(size_t eq, VarId v) {
    uint64_t h = (static_cast<uint64_t>(eq) << 32) ^ v;  // splitmix64
    h += 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    h ^= h >> 31;
    const double magnitude = 1.0 + static_cast<double>(h >> 11) / static_cast<double>(1ULL << 53);
    return (h & 1) ? -magnitude : magnitude;
  }

  // The dummies of one level: the greedy basis of the level's Jacobian
  // columns, offered in order of preference. A static choice holds only
  // where its columns stay independent as the model runs. So the columns
  // are taken at the start values, which see the cancellations a generic
  // value hides (a rotor flux that depends only on the d-axis current
  // through R(phi)' * R(phi)), and within one class of preference the
  // candidates independent by their known coefficients alone go first
  // (`i = R(phi) * iq` then makes the currents dummies, a choice that
  // holds at every phi, rather than iq). When the start point is a
  // singular one (sin(0) = 0 where the generic matrix has full rank), the
  // generic columns decide.
  std::set<VarId> chooseDummies(const std::vector<size_t>& level, const std::set<VarId>& candidates) {
    std::map<VarId, ColumnBasis::Column> fixed, atStart, generic;
    for (size_t i = 0; i < level.size(); ++i)
      for (VarId v : uses_[level[i]])
        if (candidates.count(v)) {
          Entry entry = jacobianEntry(level[i], v);
          if (entry.known && *entry.known != 0) fixed[v][i] = *entry.known;
          if (double value = entry.atStart.value_or(entry.generic); value != 0) atStart[v][i] = value;
          if (entry.known ? *entry.known != 0 : true) generic[v][i] = entry.known.value_or(entry.generic);
        }
    std::vector<VarId> ordered(candidates.begin(), candidates.end());
    std::stable_sort(ordered.begin(), ordered.end(),
                     [&](VarId a, VarId b) { return preference(a) < preference(b); });
    std::set<VarId> constant = greedyBasis(ordered, fixed, level.size());
    auto cls = [&](VarId v) {  // derivative order and stateSelect
      auto p = preference(v);
      return std::make_pair(std::get<0>(p), std::get<1>(p));
    };
    auto declared = [&](VarId v) { return std::get<2>(preference(v)); };
    std::stable_sort(ordered.begin(), ordered.end(), [&](VarId a, VarId b) {
      if (cls(a) != cls(b)) return cls(a) < cls(b);
      if (constant.count(a) != constant.count(b)) return constant.count(a) > constant.count(b);
      if (declared(a) != declared(b)) return declared(a) < declared(b);
      return generic[a].size() > generic[b].size();
    });
    std::set<VarId> chosen = greedyBasis(ordered, atStart, level.size());
    if (chosen.size() < level.size()) chosen = greedyBasis(ordered, generic, level.size());
    return chosen;
  }

  static std::set<VarId> greedyBasis(const std::vector<VarId>& ordered, std::map<VarId, ColumnBasis::Column>& columns,
                                     size_t rows) {
    ColumnBasis basis;
    std::set<VarId> chosen;
    for (VarId v : ordered) {
      if (basis.rank() == rows) break;
      if (basis.offer(columns[v])) chosen.insert(v);
    }
    return chosen;
  }

  Outcome selectStates() {
    std::vector<size_t> level;
    for (size_t eq = 0; eq < uses_.size(); ++eq)
      if (derivativeEquation_[eq] == kNoEquation && order_[eq] >= 1) level.push_back(eq);
    std::set<VarId> candidates;
    for (size_t eq : level)
      for (VarId v : uses_[eq])
        if (eligible(v) && antiderivative_[v] != kNoVar) candidates.insert(v);
    std::set<VarId> dummies;
    while (!level.empty()) {
      std::set<VarId> chosen = chooseDummies(level, candidates);
      if (chosen.size() < level.size()) return Outcome::Unchanged;  // singular: the sorter reports it
      dummies.insert(chosen.begin(), chosen.end());
      std::vector<size_t> next;
      for (size_t eq : level) {
        size_t from = antiderivativeEquation_[eq];
        if (from != kNoEquation && order_[from] >= 1) next.push_back(from);
      }
      candidates.clear();
      for (VarId v : chosen)
        if (VarId base = antiderivative_[v]; base != kNoVar && antiderivative_[base] != kNoVar)
          candidates.insert(base);
      level = std::move(next);
    }
    return applySelection(dummies);
  }

  Outcome applySelection(const std::set<VarId>& dummies) {
    IndexReductionRecord& record = model_.indexReduction;
    for (VarId v = 0; v < derivative_.size(); ++v) {
      VarId d = derivative_[v];
      if (d == kNoVar) continue;
      const flat::Variable& var = model_.flat.variables[v];
      if (dummies.count(d)) {
        model_.roles[d] = Role::Algebraic;
        record.dummyDerivatives.push_back(d);
        if (model_.roles[v] == Role::State) {
          model_.roles[v] = Role::Algebraic;
          record.demotedStates.push_back(v);
          if (var.attributes.stateSelect == flat::StateSelect::Always)
            diags_.warning(var.range, fmt::format("'{}' has stateSelect = StateSelect.always, but the model's "
                                                  "constraints determine it; it is not a state", var.name));
        }
        continue;
      }
      if (model_.roles[v] == Role::State) continue;
      if (antiderivative_[v] != kNoVar) {
        diags_.unsupported(var.range, fmt::format("index reduction that integrates the derivative '{}' as a "
                                                  "state of its own", var.name));
        return Outcome::Error;
      }
      model_.roles[v] = Role::State;
      model_.roles[d] = Role::Derivative;
      record.promotedStates.push_back(v);
    }
    model_.states.clear();
    model_.derivatives.clear();
    for (VarId v = 0; v < derivative_.size(); ++v)
      if (model_.roles[v] == Role::State) {
        model_.states.push_back(v);
        model_.derivatives.push_back(derivative_[v]);
      }
    if (!reinitTargetsAreStates()) return Outcome::Error;
    record.differentiated = derived_;
    lowered_.equations.insert(lowered_.equations.end(), derived_.begin(), derived_.end());
    return Outcome::Reduced;
  }

  // reinit() sets a state; one the constraints now determine cannot be set.
  bool reinitTargetsAreStates() {
    bool ok = true;
    auto check = [&](VarId target, SourceRange range) {
      if (model_.roles[target] == Role::State) return;
      const std::string& name = model_.flat.variables[target].name;
      diags_.errorf(range, "reinit({}, ...) needs '{}' to be a state, but index reduction computes it from the "
                    "model's constraints; give it stateSelect = StateSelect.always", name, name);
      ok = false;
    };
    for (const flat::WhenEquation& when : model_.flat.whenEquations)
      for (const flat::WhenBranch& branch : when.branches)
        for (const flat::Action& action : branch.actions)
          if (action.kind == flat::ActionKind::Reinit) check(action.target, action.range);
    std::function<void(const std::vector<flat::Statement>&)> walk = [&](const std::vector<flat::Statement>& list) {
      for (const flat::Statement& s : list) {
        if (s.kind == flat::StatementKind::Reinit) check(s.target, s.range);
        for (const auto& branch : s.branches) walk(branch);
      }
    };
    for (const flat::Algorithm& algorithm : model_.flat.algorithms) walk(algorithm.statements);
    return ok;
  }

  // Undoes the variables added; the model's equations were not touched.
  void rollBack() {
    model_.flat.variables.resize(firstNewVariable_);
    model_.roles.resize(firstNewVariable_);
    model_.indexReduction = {};
  }

  CausalModel& model_;
  LoweredModel& lowered_;
  DiagnosticEngine& diags_;
  const size_t firstNewVariable_;
  std::set<VarId> nodeDefined_;

  // Per variable (VarId), growing with the derivative variables added.
  std::vector<bool> isUnknown_;
  std::vector<VarId> derivative_;      // its derivative variable, or kNoVar
  std::vector<VarId> antiderivative_;  // the variable it is the derivative of, or kNoVar
  std::vector<size_t> matchedEquation_;
  std::vector<unsigned> varStamp_;

  // Per equation: the model's, then those differentiation adds.
  size_t modelEquations_ = 0;
  std::vector<flat::Equation> derived_;  // equation modelEquations_ + i is derived_[i]
  std::vector<std::vector<VarId>> uses_;  // sorted
  std::vector<size_t> derivativeEquation_;
  std::vector<size_t> antiderivativeEquation_;
  std::vector<VarId> matchedVariable_;  // the unknown it is matched to, or kNoVar
  std::vector<int> order_;  // how often differentiated from a model equation
  std::vector<unsigned> eqStamp_;

  unsigned stamp_ = 0;
  std::vector<size_t> visitedEquations_;
  std::vector<VarId> visitedUnknowns_;
};

}  // namespace

bool reduceIndex(CausalModel& model, LoweredModel& lowered, DiagnosticEngine& diags) {
  // First with the variables stateSelect prefers as state candidates
  // (PreferredStates.h), on copies and without reporting: when that
  // reduction fails (it may need a derivative no one can give), the model
  // is reduced as written. An array that would become states only in part
  // leaves the candidates and the trial runs again without it.
  std::vector<VarId> preferred = preferredAlgebraics(model, lowered);
  while (!preferred.empty()) {
    CausalModel trialModel = model;
    LoweredModel trialLowered = lowered;
    makeStateCandidates(trialModel, preferred);
    DiagnosticEngine quiet(diags.sources());
    std::ostringstream discarded;
    quiet.setOutput(&discarded);
    IndexReducer trial(trialModel, trialLowered, quiet);
    if (trial.run() != IndexReducer::Outcome::Reduced || quiet.hasErrors()) break;
    std::vector<VarId> whole = withoutPartlyPromotedArrays(trialModel, preferred);
    if (whole.size() != preferred.size()) {
      preferred = std::move(whole);
      continue;
    }
    // For the dump: a candidate that stayed a state is a new state, one
    // that did not was never one.
    IndexReductionRecord& record = trialModel.indexReduction;
    const std::set<VarId> candidates(preferred.begin(), preferred.end());
    std::erase_if(record.demotedStates, [&](VarId v) { return candidates.count(v) > 0; });
    for (VarId v : preferred)
      if (trialModel.roles[v] == Role::State) record.promotedStates.push_back(v);
    model = std::move(trialModel);
    lowered = std::move(trialLowered);
    return true;
  }
  IndexReducer reducer(model, lowered, diags);
  return reducer.run() != IndexReducer::Outcome::Error;
}

}  // namespace smc::causal
