// Lowering of inferred clock partitions into the hybrid vocabulary of the
// causalizer (see docs/architecture.md, "Clocks", and FlatModel.h's ClockedPartition):
//  - each periodic base clock becomes a time event sample(t0, I, R) on its
//    grid (Grid.cpp); with several sub-partitions, or one that does not
//    tick on every grid tick, a hidden counter `$clockN.ticks` counts grid
//    ticks and each sub-partition's hidden Boolean `$clockN.sM.tick` picks
//    its own ticks by offset and period;
//  - an event clock becomes `$clockN.condition = c` and the rising edge
//    `$clockN.tick = $clockN.condition and not pre($clockN.condition)`;
//  - inside a partition previous(v) -> pre(v), sample(u) -> u's left limit
//    (each time-varying variable v of u read as pre(v)), the other
//    conversion operators -> their operand, interval() -> the nominal interval (or time since the
//    previous tick for event clocks), firstTick() -> a hidden tick count
//    equal to 1, der(x) -> a discrete variable "der(x)" with the Euler
//    update of x;
//  - Clock variables and clock equations disappear (VarIds are remapped).
#include "clocks/Clocks.h"
#include "clocks/SolverStages.h"
#include "flatten/StatementWalk.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <utility>

namespace smc::clocks {

namespace {

using flat::ClockOperator;
using flat::Expr;
using flat::ExprKind;
using flat::ExprPtr;
using flat::Op;
using flat::VarId;

// A copy of `e` with each argument replaced by f(argument).
ExprPtr mapArgs(const ExprPtr& e, const std::function<ExprPtr(const ExprPtr&)>& f) {
  if (e->args.empty()) return e;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args)
    if (a) a = f(a);
  return copy;
}

ExprPtr makeSample3(ExprPtr start, double interval, double resolution) {
  auto e = std::make_shared<Expr>(*flat::makeSample(std::move(start), flat::makeReal(interval)));
  e->args.push_back(flat::makeReal(resolution));
  return e;
}

class Lowering {
public:
  Lowering(flat::FlatModel model, const Partitioning& partitioning, DiagnosticEngine& diags)
      : model_(std::move(model)), partitioning_(partitioning), diags_(diags) {}

  std::optional<flat::FlatModel> run();

private:
  VarId addHidden(const std::string& name, flat::BaseType type, ExprPtr start) {
    flat::Variable v;
    v.name = name;
    v.type = type;
    v.variability = flat::Variability::Discrete;
    v.isHidden = true;
    v.attributes.start = std::move(start);
    model_.variables.push_back(std::move(v));
    return VarId(model_.variables.size() - 1);
  }
  // Periodic clocks tick first at the start of the simulation (spec 16.3):
  // a hidden parameter bound to `time`, which initialization evaluates at
  // the start time, anchors every grid.
  ExprPtr startTime() {
    if (!startTime_) {
      flat::Variable v;
      v.name = "$clocks.startTime";
      v.type = flat::BaseType::Real;
      v.variability = flat::Variability::Parameter;
      v.isHidden = true;
      v.binding = flat::makeTime();
      model_.variables.push_back(std::move(v));
      startTime_ = VarId(model_.variables.size() - 1);
    }
    return flat::makeVar(*startTime_);
  }
  void addEquation(std::vector<flat::Equation>& into, ExprPtr lhs, ExprPtr rhs, SourceRange range) {
    flat::Equation eq;
    eq.lhs = std::move(lhs);
    eq.rhs = std::move(rhs);
    eq.range = range;
    into.push_back(std::move(eq));
  }
  // Old VarIds -> new, failing on removed Clock variables.
  ExprPtr remap(const ExprPtr& e);
  void remapStatements(std::vector<flat::Statement>& statements);
  // Remaps the statements' targets and replaces each expression e by rewrite(e).
  void rewriteStatements(std::vector<flat::Statement>& statements,
                         const std::function<ExprPtr(const ExprPtr&)>& rewrite);
  bool checkClockedAlgorithm(const flat::Algorithm& algorithm);
  std::vector<flat::Algorithm> oldAlgorithms_;  // as the inference numbered them
  bool remapVar(VarId& v, SourceRange where);

  // The current partition being lowered.
  struct PartitionContext {
    const BaseClock* base = nullptr;
    const SubPartition* sub = nullptr;
    std::string prefix;  // "$clock1.s1"
    flat::ClockedPartition* out = nullptr;
    std::optional<VarId> count, last;
    std::map<VarId, VarId> derOf;  // state (new id) -> its "der(x)" variable
  };
  ExprPtr rewritePartition(const ExprPtr& e, PartitionContext& p);
  ExprPtr rewriteContinuous(const ExprPtr& e);
  ExprPtr leftLimit(const ExprPtr& e);
  ExprPtr intervalOf(PartitionContext& p);
  ExprPtr firstTickOf(PartitionContext& p);
  // The stages of a multi-stage explicit method (SolverStages.h) added to
  // the partition: state -> the increment of its next step, read as pre().
  std::map<VarId, ExprPtr> addSolverStages(PartitionContext& p, const std::vector<flat::Equation>& written);
  VarId countOf(PartitionContext& p);
  void lowerBase(size_t index, const std::vector<flat::Equation>& oldEquations);
  void lowerPartition(size_t baseIndex, size_t m, VarId tick, const std::vector<flat::Equation>& oldEquations);

  flat::FlatModel model_;
  const Partitioning& partitioning_;
  DiagnosticEngine& diags_;
  std::vector<std::optional<VarId>> newId_;
  std::vector<flat::Equation> equations_;  // the continuous-time equations after lowering
  bool failed_ = false;
  std::optional<VarId> startTime_;  // $clocks.startTime, once a periodic clock needs it
  // Time-varying clocks: base index -> `$clockN.next`, the time of the next
  // tick, written by the clock's own partition at each tick.
  std::map<size_t, VarId> nextTickOf_;
  std::map<size_t, bool> nextTickWritten_;
  void writeNextTick(size_t baseIndex, PartitionContext& p);
};

bool Lowering::remapVar(VarId& v, SourceRange where) {
  if (v >= newId_.size() || !newId_[v]) {
    diags_.error(where, "a Clock variable can only be used as a clock (spec 16.3)");
    failed_ = true;
    return false;
  }
  v = *newId_[v];
  return true;
}

ExprPtr Lowering::remap(const ExprPtr& e) {
  if (!e) return e;
  if (e->kind == ExprKind::Var) {
    VarId v = e->var;
    if (!remapVar(v, e->range)) return e;
    return flat::makeVar(v, e->range);
  }
  return mapArgs(e, [this](const ExprPtr& a) { return remap(a); });
}

void Lowering::remapStatements(std::vector<flat::Statement>& statements) {
  rewriteStatements(statements, [this](const ExprPtr& e) { return remap(e); });
}

void Lowering::rewriteStatements(std::vector<flat::Statement>& statements,
                                 const std::function<ExprPtr(const ExprPtr&)>& rewrite) {
  for (flat::Statement& s : statements) {
    if (s.kind == flat::StatementKind::Assign || s.kind == flat::StatementKind::Reinit ||
        s.kind == flat::StatementKind::For)
      remapVar(s.kind == flat::StatementKind::For ? s.iterator : s.target, s.range);
    for (auto& t : s.targets)
      if (t) remapVar(*t, s.range);
    for (ExprPtr* e : {&s.value, &s.message, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*e) *e = rewrite(*e);
    for (auto& c : s.conditions)
      if (c) c = rewrite(c);
    for (auto& b : s.branches) rewriteStatements(b, rewrite);
  }
}

// A clocked algorithm runs whole at its partition's ticks; what it cannot
// hold yet is reported here: when-statements (a Boolean when inside a
// clocked partition) and der() (a discretized algorithm).
bool Lowering::checkClockedAlgorithm(const flat::Algorithm& algorithm) {
  std::optional<SourceRange> when;
  std::function<void(const std::vector<flat::Statement>&)> findWhen = [&](const std::vector<flat::Statement>& list) {
    for (const flat::Statement& s : list) {
      if (s.kind == flat::StatementKind::When && !when) when = s.range;
      for (const auto& b : s.branches) findWhen(b);
    }
  };
  findWhen(algorithm.statements);
  if (when) {
    diags_.unsupported(*when, "a when-statement in a clocked algorithm");
    failed_ = true;
    return false;
  }
  std::optional<SourceRange> derivative;
  std::function<void(const ExprPtr&)> findDer = [&](const ExprPtr& e) {
    if (!e || derivative) return;
    if (e->kind == ExprKind::Der) derivative = e->range;
    for (const auto& a : e->args) findDer(a);
  };
  flat::forEachExpr(algorithm.statements, findDer);
  if (derivative) {
    diags_.unsupported(*derivative, "der() in a clocked algorithm");
    failed_ = true;
    return false;
  }
  return true;
}

// Outside clocked partitions only hold() and friends may remain (the
// inference rejected the rest): they read their operand's latest value.
ExprPtr Lowering::rewriteContinuous(const ExprPtr& e) {
  if (e->kind == ExprKind::ClockOp && !e->args.empty()) return rewriteContinuous(e->args[0]);
  if (e->kind == ExprKind::Var) return remap(e);
  return mapArgs(e, [this](const ExprPtr& a) { return rewriteContinuous(a); });
}

// sample(u) is u's left limit at the tick (spec 16.5.1): what u was just
// before the event, before a time event, reinit() or another partition's
// tick at the same instant changed it. The partition's equations run in
// the event iteration in which its tick flag is set, where pre(v) holds
// each variable's value from before that iteration, so the left limit of
// u is u with every time-varying variable v read as pre(v). (A tick set
// in the first iteration, as time-event clocks are, sees the value from
// before the event itself.)
ExprPtr Lowering::leftLimit(const ExprPtr& e) {
  if (!e) return e;
  switch (e->kind) {
    case ExprKind::Var: {
      const flat::Variability variability = model_.variables[e->var].variability;
      if (variability == flat::Variability::Parameter || variability == flat::Variability::Constant)
        return e;
      return flat::makePre(e, e->range);
    }
    case ExprKind::Pre:  // already a value from before the iteration
    case ExprKind::Der:  // der(x) has no slot whose pre() could be read
      return e;
    default: return mapArgs(e, [this](const ExprPtr& a) { return leftLimit(a); });
  }
}

VarId Lowering::countOf(PartitionContext& p) {
  if (p.count) return *p.count;
  VarId count = addHidden(p.prefix + ".count", flat::BaseType::Integer, flat::makeInteger(0));
  addEquation(p.out->equations, flat::makeVar(count),
              flat::makeBinary(Op::Add, flat::makePre(flat::makeVar(count)), flat::makeInteger(1)), p.sub->range);
  p.out->variables.push_back(count);
  p.count = count;
  return count;
}

ExprPtr Lowering::firstTickOf(PartitionContext& p) {
  return flat::makeBinary(Op::Equal, flat::makeVar(countOf(p)), flat::makeInteger(1));
}

ExprPtr Lowering::intervalOf(PartitionContext& p) {
  const BaseClock& base = *p.base;
  const Rational& factor = p.sub->clock.factor;
  switch (base.kind) {
    case BaseClock::Kind::Rational:
      return flat::makeReal((Rational(base.counter, base.resolution) * factor).toDouble());
    case BaseClock::Kind::Interval: return flat::makeReal(base.interval * factor.toDouble());
    case BaseClock::Kind::Event: {
      // Time since the partition's previous tick; startInterval at the first.
      if (!p.last) {
        p.last = addHidden(p.prefix + ".last", flat::BaseType::Real, flat::makeReal(0.0));
        addEquation(p.out->equations, flat::makeVar(*p.last), flat::makeTime(), p.sub->range);
        p.out->variables.push_back(*p.last);
      }
      // A time-varying clock's own partition: at the first tick, the
      // interval to the next one.
      ExprPtr first = base.varyingInterval && p.sub->clock.factor == Rational(1) && p.sub->clock.shift.isZero()
                          ? rewritePartition(base.varyingInterval, p)
                          : flat::makeReal(base.startInterval);
      return flat::makeIf(firstTickOf(p), first,
                          flat::makeBinary(Op::Sub, flat::makeTime(), flat::makePre(flat::makeVar(*p.last))));
    }
  }
  return flat::makeReal(base.interval);
}

ExprPtr Lowering::rewritePartition(const ExprPtr& e, PartitionContext& p) {
  switch (e->kind) {
    case ExprKind::Var: return remap(e);
    case ExprKind::Der: {
      if (e->args.empty() || e->args[0]->kind != ExprKind::Var) {
        diags_.error(e->range, "der() in a clocked partition must be applied to a variable");
        failed_ = true;
        return e;
      }
      VarId state = e->args[0]->var;
      if (!remapVar(state, e->range)) return e;
      auto found = p.derOf.find(state);
      if (found == p.derOf.end()) {
        std::string name = "der(" + model_.variables[state].name + ")";
        VarId derivative = addHidden(name, flat::BaseType::Real, flat::makeReal(0.0));
        p.out->variables.push_back(derivative);
        found = p.derOf.emplace(state, derivative).first;
      }
      return flat::makeVar(found->second, e->range);
    }
    case ExprKind::ClockOp:
      if (e->args.empty() && e->clockOp != ClockOperator::Interval && e->clockOp != ClockOperator::FirstTick)
        return e;  // malformed; flattening always gives these an operand
      switch (e->clockOp) {
        case ClockOperator::Previous: return flat::makePre(rewritePartition(e->args[0], p), e->range);
        case ClockOperator::Interval: return intervalOf(p);
        case ClockOperator::FirstTick: return firstTickOf(p);
        case ClockOperator::Sample: return leftLimit(rewriteContinuous(e->args[0]));
        case ClockOperator::Hold:
        case ClockOperator::SubSample:
        case ClockOperator::SuperSample:
        case ClockOperator::ShiftSample:
        case ClockOperator::BackSample:
        case ClockOperator::NoClock: return rewriteContinuous(e->args[0]);
      }
      return e;
    default: return mapArgs(e, [&](const ExprPtr& a) { return rewritePartition(a, p); });
  }
}

void Lowering::lowerPartition(size_t baseIndex, size_t m, VarId tick, const std::vector<flat::Equation>& oldEquations) {
  const BaseClock& base = partitioning_.baseClocks[baseIndex];
  const SubPartition& sub = partitioning_.subPartitions[base.subPartitions[m]];
  model_.clockedPartitions.emplace_back();
  flat::ClockedPartition& out = model_.clockedPartitions.back();
  out.clock = sub.clockText;
  out.tick = tick;
  out.range = sub.range;
  PartitionContext p;
  p.base = &base;
  p.sub = &sub;
  p.prefix = fmt::format("$clock{}.s{}", baseIndex + 1, m + 1);
  p.out = &out;
  for (VarId v : sub.variables) {
    VarId id = v;
    if (!remapVar(id, sub.range)) continue;
    model_.variables[id].variability = flat::Variability::Discrete;
    out.variables.push_back(id);
  }
  std::vector<flat::Equation> written;  // the partition's own equations, rewritten
  for (size_t index : sub.equations) {
    const flat::Equation& eq = oldEquations[index];
    flat::Equation lowered = eq;
    lowered.clock = nullptr;
    lowered.lhs = rewritePartition(eq.lhs, p);
    lowered.rhs = rewritePartition(eq.rhs, p);
    written.push_back(lowered);
    out.equations.push_back(std::move(lowered));
  }
  for (size_t index : sub.algorithms) {
    flat::Algorithm algorithm = oldAlgorithms_[index];
    if (!checkClockedAlgorithm(algorithm)) continue;
    rewriteStatements(algorithm.statements, [&](const ExprPtr& e) { return rewritePartition(e, p); });
    out.algorithms.push_back(std::move(algorithm));
  }
  writeNextTick(baseIndex, p);
  std::map<VarId, ExprPtr> stagedIncrement = addSolverStages(p, written);
  // Clocked discretized continuous-time partition (spec 16.8.1): the step
  // uses the derivative at the previous tick (ExplicitEuler), at this tick
  // (ImplicitEuler: solved with the partition's equations as a loop), the
  // mean of the two (ImplicitTrapezoid), or the stages worked out at the
  // previous tick (ExplicitMidPoint2, ExplicitRungeKutta4: SolverStages.h).
  for (const auto& [state, derivative] : p.derOf) {
    ExprPtr x = flat::makeVar(state);
    ExprPtr now = flat::makeVar(derivative);
    ExprPtr before = flat::makePre(flat::makeVar(derivative));
    ExprPtr increment =
        stagedIncrement.count(state)              ? stagedIncrement.at(state)
        : sub.solverMethod == "ImplicitEuler"     ? now
        : sub.solverMethod == "ImplicitTrapezoid" ? flat::makeBinary(Op::Mul, flat::makeReal(0.5),
                                                                     flat::makeBinary(Op::Add, before, now))
                                                  : before;
    ExprPtr step = flat::makeBinary(Op::Add, flat::makePre(x), flat::makeBinary(Op::Mul, intervalOf(p), increment));
    // In a state machine state: frozen while the state is inactive,
    // restarted by the state's reset (spec 17.3.3, 17.3.5).
    if (ExprPtr active = std::exchange(model_.variables[state].discretizedActive, nullptr))
      step = flat::makeIf(rewritePartition(active, p), step, flat::makePre(x));
    if (ExprPtr restart = std::exchange(model_.variables[state].discretizedRestart, nullptr)) {
      const flat::Variable& v = model_.variables[state];
      ExprPtr start = v.attributes.start ? v.attributes.start : flat::makeReal(0.0);
      step = flat::makeIf(rewritePartition(restart, p), start, step);
    }
    addEquation(out.equations, x, flat::makeIf(firstTickOf(p), flat::makePre(x), step), sub.range);
  }
  size_t count = 0;
  for (const flat::Equation& equation : out.equations) count += flat::valuesGiven(equation);
  for (const flat::Algorithm& algorithm : out.algorithms) count += flat::assignedVariables(algorithm.statements).size();
  if (failed_) return;
  if (count != out.variables.size()) {
    diags_.errorf(sub.range, "the clocked partition on {} has {} equation(s) for {} variable(s) after lowering",
                  sub.clockText, count, out.variables.size());
    failed_ = true;
  }
}

// The partition of a time-varying clock itself (factor 1, no shift) sets
// the next tick: `$clockN.next = time + interval`, the interval read from
// the partition's own variables at this tick. An interval that is not
// positive would stop the clock (time has already reached the next tick,
// so the condition never rises again): `$clockN.intervalPositive` holds
// whether it is, and an assertion fails the step that makes it not.
void Lowering::writeNextTick(size_t baseIndex, PartitionContext& p) {
  auto next = nextTickOf_.find(baseIndex);
  if (next == nextTickOf_.end() || nextTickWritten_[baseIndex]) return;
  if (!(p.sub->clock.factor == Rational(1)) || !p.sub->clock.shift.isZero()) return;
  const BaseClock& base = *p.base;
  // The interval's VarIds are those before Clock variables were dropped
  // (newId_), as are the sub-partition's.
  std::function<bool(const ExprPtr&)> ownOrParameter = [&](const ExprPtr& e) {
    if (!e) return true;
    if (e->kind == ExprKind::Var) {
      if (e->var >= newId_.size() || !newId_[e->var]) return false;
      const flat::Variability variability = model_.variables[*newId_[e->var]].variability;
      return variability == flat::Variability::Parameter || variability == flat::Variability::Constant ||
             std::binary_search(p.sub->variables.begin(), p.sub->variables.end(), e->var);
    }
    for (const ExprPtr& a : e->args)
      if (!ownOrParameter(a)) return false;
    return true;
  };
  if (!ownOrParameter(base.varyingInterval)) return;  // reported once all partitions are lowered
  nextTickWritten_[baseIndex] = true;
  ExprPtr interval = rewritePartition(base.varyingInterval, p);
  addEquation(p.out->equations, flat::makeVar(next->second), flat::makeBinary(Op::Add, flat::makeTime(), interval),
              base.range);
  p.out->variables.push_back(next->second);
  const std::string prefix = fmt::format("$clock{}", baseIndex + 1);
  VarId positive = addHidden(prefix + ".intervalPositive", flat::BaseType::Boolean, flat::makeBoolean(true));
  addEquation(p.out->equations, flat::makeVar(positive), flat::makeBinary(Op::Greater, interval, flat::makeReal(0.0)),
              base.range);
  p.out->variables.push_back(positive);
  flat::Assertion positiveCheck;
  positiveCheck.condition = flat::makeVar(positive);
  positiveCheck.message =
      flat::makeString(fmt::format("the interval of {} must be positive at every tick (spec 16.3)", base.text));
  positiveCheck.range = base.range;
  model_.assertions.push_back(std::move(positiveCheck));
}

std::map<VarId, ExprPtr> Lowering::addSolverStages(PartitionContext& p, const std::vector<flat::Equation>& written) {
  const ExplicitTableau* tableau = multiStageTableau(p.sub->solverMethod);
  if (!tableau || p.derOf.empty()) return {};
  if (p.base->kind == BaseClock::Kind::Event) {
    diags_.errorf(p.base->range,
                  "solver method \"{}\" works out each step a tick ahead, which needs the interval known "
                  "in advance: use it on a periodic clock, or use \"ExplicitEuler\" or \"ImplicitEuler\" here",
                  tableau->name);
    failed_ = true;
    return {};
  }
  std::vector<VarId> copied;
  for (VarId v : p.out->variables)
    if (!p.derOf.count(v) && v != p.count && v != p.last) copied.push_back(v);
  StageCopies stages = buildStages(*tableau, written, copied, p.derOf, intervalOf(p), [&](VarId original, size_t stage) {
    const std::string name = fmt::format("{}.stage{}.{}", p.prefix, stage, model_.variables[original].name);
    const flat::BaseType type = model_.variables[original].type;
    ExprPtr start = type == flat::BaseType::Integer   ? flat::makeInteger(0)
                    : type == flat::BaseType::Boolean ? flat::makeBoolean(false)
                                                      : flat::makeReal(0.0);
    VarId id = addHidden(name, type, std::move(start));
    p.out->variables.push_back(id);
    return id;
  });
  for (flat::Equation& eq : stages.equations) p.out->equations.push_back(std::move(eq));
  std::map<VarId, ExprPtr> increments;
  for (const auto& [state, sum] : stages.increment) {
    VarId increment = addHidden(fmt::format("{}.increment.{}", p.prefix, model_.variables[state].name),
                                flat::BaseType::Real, flat::makeReal(0.0));
    p.out->variables.push_back(increment);
    addEquation(p.out->equations, flat::makeVar(increment), sum, p.sub->range);
    increments[state] = flat::makePre(flat::makeVar(increment));
  }
  return increments;
}

void Lowering::lowerBase(size_t index, const std::vector<flat::Equation>& oldEquations) {
  const BaseClock& base = partitioning_.baseClocks[index];
  const std::string prefix = fmt::format("$clock{}", index + 1);
  ClockGrid grid;
  try {
    grid = computeGrid(base, partitioning_.subPartitions);
  } catch (const RationalOverflow& overflow) {
    diags_.error(base.range, overflow.what());
    failed_ = true;
    return;
  }
  // The event that ticks the grid, and the Boolean true exactly in that event iteration.
  ExprPtr gridEvent, gridTick;
  if (base.isPeriodic()) {
    gridEvent = gridTick = makeSample3(startTime(), grid.interval, grid.resolution);
  } else {
    // False during initialization, so that a condition already true then
    // rises in the event iteration right after it: the clock ticks at the
    // start time (as the MSL's reference results have it).
    VarId condition = addHidden(prefix + ".condition", flat::BaseType::Boolean, flat::makeBoolean(false));
    ExprPtr reached = base.condition ? rewriteContinuous(base.condition) : nullptr;
    if (base.varyingInterval) {
      // A time-varying clock ticks at the start time, then whenever time
      // reaches the next tick its own partition computed.
      VarId next = addHidden(prefix + ".next", flat::BaseType::Real, startTime());
      nextTickOf_[index] = next;
      reached = flat::makeBinary(Op::GreaterEq, flat::makeTime(), flat::makeVar(next));
    }
    addEquation(equations_, flat::makeVar(condition),
                flat::makeBinary(Op::And, flat::makeUnary(Op::Not, flat::makeInitial()), reached), base.range);
    model_.eventAfterInitialization = true;
    VarId tick = addHidden(prefix + ".tick", flat::BaseType::Boolean, flat::makeBoolean(false));
    addEquation(equations_, flat::makeVar(tick),
                flat::makeBinary(Op::And, flat::makeVar(condition),
                                 flat::makeUnary(Op::Not, flat::makePre(flat::makeVar(condition)))),
                base.range);
    gridEvent = flat::makeVar(condition);
    gridTick = flat::makeVar(tick);
  }
  bool everyTick = base.subPartitions.size() == 1 && grid.periods[0] == 1 && grid.offsets[0] == 0;
  if (everyTick) {
    VarId tick;
    if (base.isPeriodic()) {
      tick = addHidden(prefix + ".tick", flat::BaseType::Boolean, flat::makeBoolean(false));
      addEquation(equations_, flat::makeVar(tick), gridTick, base.range);
    } else {
      tick = gridTick->var;
    }
    lowerPartition(index, 0, tick, oldEquations);
    return;
  }
  // Count grid ticks; each sub-partition ticks at offset + k*period.
  VarId ticks = addHidden(prefix + ".ticks", flat::BaseType::Integer, flat::makeInteger(0));
  flat::WhenEquation when;
  when.range = base.range;
  flat::WhenBranch branch;
  branch.conditions = {gridEvent};
  branch.range = base.range;
  flat::Action count;
  count.kind = flat::ActionKind::Assign;
  count.target = ticks;
  count.value = flat::makeBinary(Op::Add, flat::makePre(flat::makeVar(ticks)), flat::makeInteger(1));
  count.range = base.range;
  branch.actions.push_back(count);
  when.branches.push_back(branch);
  model_.whenEquations.push_back(when);
  for (size_t m = 0; m < base.subPartitions.size(); ++m) {
    VarId tick = addHidden(fmt::format("{}.s{}.tick", prefix, m + 1), flat::BaseType::Boolean, flat::makeBoolean(false));
    ExprPtr index0 = flat::makeBinary(Op::Sub, flat::makeVar(ticks), flat::makeInteger(1));
    ExprPtr started = flat::makeBinary(Op::GreaterEq, index0, flat::makeInteger(grid.offsets[m]));
    ExprPtr onPeriod = flat::makeBinary(
        Op::Equal,
        flat::makeCall(flat::Builtin::Mod, {flat::makeBinary(Op::Sub, index0, flat::makeInteger(grid.offsets[m])),
                                            flat::makeInteger(grid.periods[m])}),
        flat::makeInteger(0));
    addEquation(equations_, flat::makeVar(tick),
                flat::makeBinary(Op::And, flat::makeBinary(Op::And, gridTick, started), onPeriod), base.range);
    lowerPartition(index, m, tick, oldEquations);
  }
}

std::optional<flat::FlatModel> Lowering::run() {
  if (partitioning_.empty()) return std::move(model_);
  // New ids: Clock variables go, the rest keep their order.
  std::vector<flat::Variable> kept;
  newId_.assign(model_.variables.size(), std::nullopt);
  for (VarId v = 0; v < model_.variables.size(); ++v) {
    if (model_.variables[v].type == flat::BaseType::Clock) continue;
    newId_[v] = VarId(kept.size());
    kept.push_back(std::move(model_.variables[v]));
  }
  model_.variables = std::move(kept);
  for (flat::Variable& v : model_.variables) {
    v.binding = remap(v.binding);
    for (ExprPtr* e : {&v.attributes.start, &v.attributes.min, &v.attributes.max, &v.attributes.nominal})
      *e = remap(*e);
  }
  std::vector<flat::Equation> oldEquations = std::move(model_.equations);
  model_.equations.clear();
  for (flat::Equation& eq : model_.initialEquations) {
    eq.lhs = remap(eq.lhs);
    eq.rhs = remap(eq.rhs);
  }
  // A when-equation with a Boolean condition may read clocked variables
  // through hold() (the inference rejected every other clock operator).
  auto continuous = [this](const ExprPtr& e) { return e ? rewriteContinuous(e) : e; };
  for (flat::WhenEquation& when : model_.whenEquations)
    for (flat::WhenBranch& branch : when.branches) {
      for (auto& c : branch.conditions) c = continuous(c);
      for (flat::Action& a : branch.actions) {
        if (a.kind == flat::ActionKind::Assign || a.kind == flat::ActionKind::Reinit) remapVar(a.target, a.range);
        a.value = continuous(a.value);
        a.message = continuous(a.message);
      }
    }
  for (flat::Assertion& a : model_.assertions) {
    a.condition = remap(a.condition);
    a.message = remap(a.message);
  }
  // Clocked algorithms move into their partitions (lowerPartition); the
  // others may read clocked variables through hold().
  std::vector<bool> clockedAlgorithm(model_.algorithms.size(), false);
  for (const SubPartition& sub : partitioning_.subPartitions)
    for (size_t a : sub.algorithms) clockedAlgorithm[a] = true;
  oldAlgorithms_ = std::move(model_.algorithms);
  model_.algorithms.clear();
  for (size_t k = 0; k < oldAlgorithms_.size(); ++k) {
    if (clockedAlgorithm[k]) continue;
    flat::Algorithm a = oldAlgorithms_[k];
    rewriteStatements(a.statements, continuous);
    model_.algorithms.push_back(std::move(a));
  }
  for (flat::Algorithm& a : model_.initialAlgorithms) remapStatements(a.statements);

  for (size_t index : partitioning_.continuousEquations) {
    flat::Equation eq = oldEquations[index];
    eq.clock = nullptr;
    eq.lhs = rewriteContinuous(eq.lhs);
    eq.rhs = rewriteContinuous(eq.rhs);
    equations_.push_back(std::move(eq));
  }
  for (size_t b = 0; b < partitioning_.baseClocks.size(); ++b) {
    try {
      lowerBase(b, oldEquations);
    } catch (const RationalOverflow& overflow) {
      diags_.error(partitioning_.baseClocks[b].range, overflow.what());
      failed_ = true;
    }
    if (nextTickOf_.count(b) && !nextTickWritten_[b]) {
      diags_.unsupported(partitioning_.baseClocks[b].range,
                         "a clock interval that is not computed from the variables of the clock's own partition "
                         "(and parameters)");
      failed_ = true;
    }
  }
  model_.equations = std::move(equations_);
  if (failed_) return std::nullopt;
  return std::move(model_);
}

}  // namespace

std::optional<flat::FlatModel> lowerClocks(flat::FlatModel model, const Partitioning& partitioning,
                                           DiagnosticEngine& diags) {
  return Lowering(std::move(model), partitioning, diags).run();
}

}  // namespace smc::clocks
