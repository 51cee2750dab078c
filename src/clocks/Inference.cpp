// Clock inference (spec 16.7). Two union-finds:
//  1. Data partitions: equations and the non-parameter variables they
//     reference are joined, except inside the operand of a clock conversion
//     (sample, hold, subSample, superSample, shiftSample, backSample,
//     noClock), which belongs to another partition; each such operand gets a
//     node of its own that joins its variables. previous(v), interval(u) and
//     firstTick(u) operands join the equation's partition.
//  2. Clocks (ClockUnion): partitions, Clock variables and Clock
//     constructors, related by exact rational transforms (sub-, super-,
//     shift- and backSample). Clock equations, clocked when-clauses and
//     sample(u, c) add relations; a contradiction is a located
//     "conflicting clocks" error.
// A partition with a clock source (clocked when, sample, previous,
// interval, firstTick, a conversion operator's result) is clocked; the
// rest form the continuous-time partition. Clocked partitions with the same
// base clock, factor, shift and solver are merged into one sub-partition,
// unless the merge would close a cycle through other partitions
// (shiftSample then backSample back onto the same clock): those stay
// sub-partitions of their own, each run when what it reads is known.
#include "clocks/InferenceState.h"
#include "flatten/StatementWalk.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace smc::clocks {

namespace detail {

bool isClockExpr(const Expr& e, const flat::FlatModel& model) {
  switch (e.kind) {
    case ExprKind::Var: return e.var < model.variables.size() && model.variables[e.var].type == flat::BaseType::Clock;
    case ExprKind::ClockConstructor: return true;
    case ExprKind::ClockOp:
      switch (e.clockOp) {
        case ClockOperator::SubSample:
        case ClockOperator::SuperSample:
        case ClockOperator::ShiftSample:
        case ClockOperator::BackSample: return !e.args.empty() && isClockExpr(*e.args[0], model);
        case ClockOperator::Sample:
        case ClockOperator::Hold:
        case ClockOperator::Previous:
        case ClockOperator::NoClock:
        case ClockOperator::Interval:
        case ClockOperator::FirstTick: return false;
      }
      return false;
    default: return false;
  }
}

// Operators whose operand lives in another partition than their result.
bool isConversion(ClockOperator op) {
  switch (op) {
    case ClockOperator::Sample:
    case ClockOperator::Hold:
    case ClockOperator::SubSample:
    case ClockOperator::SuperSample:
    case ClockOperator::ShiftSample:
    case ClockOperator::BackSample:
    case ClockOperator::NoClock: return true;
    case ClockOperator::Previous:
    case ClockOperator::Interval:
    case ClockOperator::FirstTick: return false;
  }
  return false;
}

bool mentionsClocks(const std::vector<flat::Statement>& statements) {
  for (const flat::Statement& s : statements) {
    for (const flat::ExprPtr* e : {&s.value, &s.message, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*e && mentionsClocks(**e)) return true;
    for (const auto& c : s.conditions)
      if (c && mentionsClocks(*c)) return true;
    for (const auto& b : s.branches)
      if (mentionsClocks(b)) return true;
  }
  return false;
}

void Inference::collect(const Expr& e, size_t anchor) {
  switch (e.kind) {
    case ExprKind::Var:
      if (e.var < model_.variables.size() && joins(e.var)) uniteData(anchor, varNode(e.var));
      return;
    case ExprKind::ClockConstructor: return;
    case ExprKind::ClockOp:
      if (isClockExpr(e, model_)) return;
      if (isConversion(e.clockOp)) {
        if (e.args.empty()) return;
        size_t node = dataParent_.size();
        dataParent_.push_back(node);
        operandNode_[&e] = node;
        // sample() reads its operand's left limit (spec 16.5.1): no
        // dependency at the same instant.
        if (e.clockOp != ClockOperator::Sample) conversionReads_.push_back({anchor, node});
        collect(*e.args[0], node);
        return;
      }
      break;
    default: break;
  }
  for (const auto& a : e.args)
    if (a) collect(*a, anchor);
}

void Inference::analyze(const Expr& e, size_t partition) {
  switch (e.kind) {
    case ExprKind::Der: facts_[findData(partition)].hasDer = true; break;
    case ExprKind::ClockConstructor: return;
    case ExprKind::ClockOp: {
      if (isClockExpr(e, model_)) return;
      const std::string name = flat::toString(e.clockOp);
      if (!isConversion(e.clockOp)) {
        markClocked(partition, e.range);
        checks_.push_back({Check::NeedsClock, partition, e.range, name});
        break;  // the operands join this partition
      }
      auto operand = operandNode_.find(&e);
      if (operand == operandNode_.end()) return;
      size_t inner = operand->second;
      switch (e.clockOp) {
        case ClockOperator::Sample:
          markClocked(partition, e.range);
          if (e.args.size() > 1) {
            if (auto ref = resolve(*e.args[1])) {
              relate(findData(partition), *ref, e.range);
              if (!ref->solver.empty()) facts_[findData(partition)].solver = ref->solver;
            }
          }
          checks_.push_back({Check::SampleOperand, inner, e.range, name});
          break;
        case ClockOperator::Hold: {
          PartitionFacts& f = facts_[findData(partition)];
          if (!f.holdResult.valid()) f.holdResult = e.range;
          checks_.push_back({Check::HoldOperand, inner, e.range, name});
          break;
        }
        case ClockOperator::NoClock:
          markClocked(partition, e.range);
          markClocked(inner, e.range);
          break;
        case ClockOperator::SubSample:
        case ClockOperator::SuperSample:
        case ClockOperator::ShiftSample:
        case ClockOperator::BackSample:
          markClocked(partition, e.range);
          markClocked(inner, e.range);
          if (isInferredFactor(e)) {
            inferred_.push_back({findData(partition), findData(inner), e.clockOp, e.range});
            break;
          }
          if (auto t = transformOf(e)) relate(findData(partition), ClockRef{findData(inner), *t, {}}, e.range);
          break;
        case ClockOperator::Previous:
        case ClockOperator::Interval:
        case ClockOperator::FirstTick: break;  // not conversions: handled above
      }
      if (!e.args.empty()) analyze(*e.args[0], inner);
      return;
    }
    default: break;
  }
  for (const auto& a : e.args)
    if (a) analyze(*a, partition);
}

void Inference::checkStructure() {
  std::map<size_t, bool> reported;  // data roots with a continuous-time error
  for (const Check& check : checks_) {
    size_t root = findData(check.partition);
    const PartitionFacts& f = facts_[root];
    switch (check.kind) {
      case Check::SampleOperand:
        if (f.clocked) {
          diags_.error(check.range, "sample() of a clocked expression: its argument must be continuous-time (spec 16.5.1)");
          ++errors_;
        }
        break;
      case Check::HoldOperand:
        if (!f.clocked) {
          diags_.error(check.range, "hold() of a continuous-time expression: its argument must be clocked (spec 16.5.1)");
          ++errors_;
        }
        break;
      case Check::NeedsClock:
        if (f.holdResult.valid()) {
          diags_.errorf(check.range, "{}() in a continuous-time partition (spec 16.7)", check.name);
          diags_.note(f.holdResult, "the result of this hold() makes the partition continuous-time");
          reported[root] = true;
          ++errors_;
        }
        break;
    }
  }
  for (const auto& [root, f] : facts_) {
    if (f.clocked && f.holdResult.valid() && !reported.count(root)) {
      diags_.error(f.holdResult, "the result of hold() is continuous-time but is used in a clocked partition (spec 16.5.1)");
      diags_.note(f.clockRange, "the partition is clocked because of this");
      ++errors_;
    }
  }
}

std::optional<Partitioning> Inference::assemble() {
  Partitioning result;
  const size_t numEquations = model_.equations.size();
  // The data partitions in order of their first equation, then those that
  // only have variables.
  std::vector<size_t> order;
  std::map<size_t, std::vector<size_t>> equationsOf, variablesOf;
  for (size_t i = 0; i < numEquations; ++i) {
    if (isClockEquation_[i]) {
      result.clockEquations.push_back(i);
      continue;
    }
    size_t root = findData(i);
    if (!equationsOf.count(root)) order.push_back(root);
    equationsOf[root].push_back(i);
  }
  std::map<size_t, std::vector<size_t>> algorithmsOf;
  for (size_t k = 0; k < algorithmNodes_.size(); ++k) algorithmsOf[findData(algorithmNodes_[k])].push_back(k);
  for (VarId v = 0; v < model_.variables.size(); ++v) {
    if (model_.variables[v].type == flat::BaseType::Clock) result.clockVariables.push_back(v);
    if (!joins(v)) continue;
    size_t root = findData(varNode(v));
    if (!equationsOf.count(root) && !variablesOf.count(root)) order.push_back(root);
    variablesOf[root].push_back(v);
  }

  // Which data partitions each one reads through conversions.
  std::map<size_t, std::vector<size_t>> reads;
  for (const auto& [reader, operand] : conversionReads_) {
    const size_t from = findData(reader), to = findData(operand);
    if (from != to) reads[from].push_back(to);
  }
  std::map<size_t, size_t> baseOfRoot;
  // Sub-partitions by clock and solver; several when merging would close a cycle.
  std::map<std::tuple<size_t, int64_t, int64_t, int64_t, int64_t, std::string>, std::vector<size_t>> subsOfKey;
  std::map<size_t, std::vector<size_t>> componentsOfSub;
  for (size_t component : order) {
    auto factsIt = facts_.find(component);
    if (factsIt == facts_.end() || !factsIt->second.clocked) {
      for (size_t eq : equationsOf[component]) result.continuousEquations.push_back(eq);
      continue;
    }
    const PartitionFacts& f = factsIt->second;
    const SourceRange firstRange = equationsOf[component].empty()
                                       ? model_.variables[variablesOf[component].front()].range
                                       : model_.equations[equationsOf[component].front()].range;
    ClockUnion::Found found = clocks_.find(component);
    auto [baseIt, isNew] = baseOfRoot.try_emplace(found.root, result.baseClocks.size());
    if (isNew) {
      BaseClock base;
      if (auto ex = clocks_.explicitClock(found.root)) {
        base = explicitClocks_[*ex];
      } else {
        base.kind = BaseClock::Kind::Interval;
        base.isDefault = true;
        base.interval = 1.0;
        base.text = "Clock(1.0)";
        base.range = firstRange;
      }
      result.baseClocks.push_back(base);
    }
    BaseClock& base = result.baseClocks[baseIt->second];
    ClockOffset offset{found.transform.scale, found.transform.delay};
    if (!base.isPeriodic() && (!offset.factor.isInteger() || !offset.shift.isInteger())) {
      diags_.errorf(f.clockRange, "non-integer sub-clock factor on an event clock: {} (spec 16.5.2)",
                    describeClock(base.text, offset));
      diags_.note(base.range, "the event clock is defined here");
      ++errors_;
      continue;
    }
    if (offset.shift.isNegative()) {
      diags_.errorf(f.clockRange, "backSample before the base clock's first tick: {} would tick {} interval(s) of {} before it",
                    describeClock(base.text, offset), (-offset.shift).text(), base.text);
      diags_.note(base.range, "the base clock is defined here");
      ++errors_;
      continue;
    }
    std::string solver;
    if (f.hasDer) {
      solver = !f.solver.empty() ? f.solver : !model_.solverMethod.empty() ? model_.solverMethod : "ExplicitEuler";
    }
    auto key = std::make_tuple(baseIt->second, offset.factor.num(), offset.factor.den(), offset.shift.num(),
                               offset.shift.den(), solver);
    std::optional<size_t> into;
    for (size_t candidate : subsOfKey[key])
      if (!mergeClosesCycle(component, componentsOfSub[candidate], reads)) {
        into = candidate;
        break;
      }
    if (!into) {
      into = result.subPartitions.size();
      SubPartition sub;
      sub.base = baseIt->second;
      sub.clock = offset;
      sub.clockText = describeClock(base.text, offset);
      sub.range = firstRange;
      sub.solverMethod = solver;
      result.subPartitions.push_back(sub);
      base.subPartitions.push_back(*into);
      subsOfKey[key].push_back(*into);
    }
    componentsOfSub[*into].push_back(component);
    SubPartition& sub = result.subPartitions[*into];
    sub.hasDer = sub.hasDer || f.hasDer;
    for (size_t eq : equationsOf[component]) sub.equations.push_back(eq);
    for (VarId v : variablesOf[component]) sub.variables.push_back(v);
    for (size_t a : algorithmsOf[component]) sub.algorithms.push_back(a);
  }
  std::sort(result.continuousEquations.begin(), result.continuousEquations.end());
  for (SubPartition& sub : result.subPartitions) {
    std::sort(sub.equations.begin(), sub.equations.end());
    std::sort(sub.variables.begin(), sub.variables.end());
    std::sort(sub.algorithms.begin(), sub.algorithms.end());
    size_t count = 0;
    for (size_t eq : sub.equations) count += flat::valuesGiven(model_.equations[eq]);
    for (size_t a : sub.algorithms) count += flat::assignedVariables(model_.algorithms[a].statements).size();
    if (count != sub.variables.size()) {
      std::vector<std::string> names;
      for (VarId v : sub.variables) names.push_back(model_.variables[v].name);
      diags_.errorf(sub.range, "the clocked partition on {} has {} equation(s) for {} variable(s) ({})",
                    sub.clockText, count, sub.variables.size(), fmt::join(names, ", "));
      ++errors_;
    }
  }
  if (errors_ > 0) return std::nullopt;
  return result;
}

namespace {

// The first clock operator in `e` other than hold(), or null.
const Expr* firstNonHold(const Expr& e) {
  if (e.kind == ExprKind::ClockOp && e.clockOp != ClockOperator::Hold) return &e;
  if (e.kind == ExprKind::ClockConstructor) return &e;
  for (const auto& a : e.args)
    if (a)
      if (const Expr* found = firstNonHold(*a)) return found;
  return nullptr;
}

}  // namespace

// A when-equation with a Boolean condition is discrete-time and belongs to
// no clock: hold(u) may appear in it (its value is piecewise constant,
// spec 16.5.1), the other clock operators give clocked values, which are
// not a discrete-time Boolean condition nor assignable there (spec 8.3.5,
// 16.6). True when it holds hold() and nothing else to reject.
bool Inference::checkBooleanWhenOperators(const flat::WhenEquation& when) {
  bool mentions = false;
  auto check = [&](const flat::ExprPtr& e) {
    if (!e || !mentionsClocks(*e)) return;
    mentions = true;
    if (const Expr* bad = firstNonHold(*e)) {
      const std::string what =
          bad->kind == ExprKind::ClockConstructor ? std::string("Clock") : flat::toString(bad->clockOp);
      diags_.errorf(bad->range,
                    "{}() in a when-clause with a Boolean condition: its value is clocked, and a when-clause "
                    "is either clocked (its condition a Clock) or discrete-time (spec 16.6); hold() converts "
                    "a clocked value for it",
                    what);
      ++errors_;
    }
  };
  for (const flat::WhenBranch& branch : when.branches) {
    for (const auto& c : branch.conditions) check(c);
    for (const flat::Action& a : branch.actions) {
      check(a.value);
      check(a.message);
    }
  }
  return mentions && errors_ == 0;
}

std::optional<Partitioning> Inference::run() {
  // Clock operators belong in equations of models only.
  for (const flat::Function& function : model_.functions) {
    if (mentionsClocks(function.body)) {
      diags_.errorf(function.range, "clock operators cannot be used inside a function ({}) (spec 12.2)", function.name);
      ++errors_;
    }
  }
  for (size_t w = 0; w < model_.whenEquations.size(); ++w) {
    const flat::WhenEquation& when = model_.whenEquations[w];
    bool clocked = false;
    for (const flat::WhenBranch& branch : when.branches)
      for (const auto& c : branch.conditions) clocked = clocked || isClockExpr(*c, model_);
    if (clocked && when.branches.size() > 1) {
      diags_.error(when.range, "a clocked when-clause cannot have elsewhen (spec 16.6)");
      ++errors_;
    } else if (clocked) {
      diags_.unsupported(when.range, "clock operators in a when-equation with a Boolean condition");
      ++errors_;
    } else if (checkBooleanWhenOperators(when)) {
      booleanWhensWithHold_.push_back(w);
    }
  }
  // Clocked partitions start from their start values, never from initial
  // equations (spec 16.9).
  for (const flat::Algorithm& a : model_.initialAlgorithms)
    if (mentionsClocks(a.statements)) {
      diags_.error(a.range, "clock operators cannot be used in an initial algorithm (spec 16.9)");
      ++errors_;
    }
  for (const flat::Equation& eq : model_.initialEquations)
    if (mentionsClocks(*eq.lhs) || mentionsClocks(*eq.rhs)) {
      diags_.error(eq.range, "clock operators cannot be used in an initial equation (spec 16.9)");
      ++errors_;
    }
  if (!model_.solverMethod.empty() && !isSupportedSolverMethod(model_.solverMethod)) {
    diags_.errorf(model_.range,
                  "unknown solverMethod \"{}\"; supported: {} (spec 16.8.2)",
                  model_.solverMethod, supportedSolverMethods());
    ++errors_;
  }
  if (errors_ > 0) return std::nullopt;

  bool anyClock = !booleanWhensWithHold_.empty();
  for (const flat::Algorithm& a : model_.algorithms) anyClock = anyClock || mentionsClocks(a.statements);
  for (const flat::Variable& v : model_.variables) anyClock = anyClock || v.type == flat::BaseType::Clock;
  for (const flat::Equation& eq : model_.equations)
    anyClock = anyClock || eq.clock || mentionsClocks(*eq.lhs) || mentionsClocks(*eq.rhs);
  if (!anyClock) {
    Partitioning empty;
    for (size_t i = 0; i < model_.equations.size(); ++i) empty.continuousEquations.push_back(i);
    return empty;
  }

  // Phase 1: data partitions.
  const size_t numEquations = model_.equations.size();
  dataParent_.resize(numEquations + model_.variables.size());
  for (size_t i = 0; i < dataParent_.size(); ++i) dataParent_[i] = i;
  isClockEquation_.assign(numEquations, false);
  for (size_t i = 0; i < numEquations; ++i) {
    const flat::Equation& eq = model_.equations[i];
    isClockEquation_[i] = isClockExpr(*eq.lhs, model_) || isClockExpr(*eq.rhs, model_);
    if (isClockEquation_[i]) continue;
    collect(*eq.lhs, i);
    collect(*eq.rhs, i);
  }
  // An algorithm section is one unit (spec 16.7): one node joining what it
  // reads and assigns, which decides whether it is clocked.
  for (const flat::Algorithm& algorithm : model_.algorithms) {
    const size_t node = dataParent_.size();
    dataParent_.push_back(node);
    algorithmNodes_.push_back(node);
    flat::forEachExpr(algorithm.statements, [&](const flat::ExprPtr& e) { collect(*e, node); });
    for (VarId v : flat::assignedVariables(algorithm.statements))
      if (v < model_.variables.size() && joins(v)) uniteData(node, varNode(v));
  }
  // A when-equation holding hold(): one node of its own, so that the
  // operands are checked clocked and the when stays continuous-time.
  std::vector<size_t> whenNodes;
  for (size_t w : booleanWhensWithHold_) {
    const size_t node = dataParent_.size();
    dataParent_.push_back(node);
    whenNodes.push_back(node);
    for (const flat::WhenBranch& branch : model_.whenEquations[w].branches) {
      for (const auto& c : branch.conditions) collect(*c, node);
      for (const flat::Action& a : branch.actions)
        for (const flat::ExprPtr* e : {&a.value, &a.message})
          if (*e) collect(**e, node);
    }
  }
  clocks_.growTo(dataParent_.size());

  // Phase 2: clock equations, then the clock sources of the data partitions.
  for (size_t i = 0; i < numEquations; ++i) {
    if (!isClockEquation_[i]) continue;
    const flat::Equation& eq = model_.equations[i];
    auto left = resolve(*eq.lhs);
    auto right = resolve(*eq.rhs);
    if (!left || !right) continue;
    // left.t(clock(left)) = right.t(clock(right))
    try {
      relate(left->node, ClockRef{right->node, left->transform.inverse().after(right->transform), {}}, eq.range);
    } catch (const RationalOverflow& overflow) {
      diags_.error(eq.range, overflow.what());
      ++errors_;
    }
    if (eq.lhs->kind == ExprKind::Var && !right->solver.empty()) clockVarSolver_[eq.lhs->var] = right->solver;
  }
  for (size_t i = 0; i < numEquations; ++i) {
    if (isClockEquation_[i]) continue;
    const flat::Equation& eq = model_.equations[i];
    size_t root = findData(i);
    if (eq.clock) {
      SourceRange where = eq.clock->range.valid() ? eq.clock->range : eq.range;
      markClocked(root, where);
      if (auto ref = resolve(*eq.clock)) {
        relate(root, *ref, where);
        if (!ref->solver.empty()) facts_[root].solver = ref->solver;
      }
    }
    analyze(*eq.lhs, root);
    analyze(*eq.rhs, root);
  }
  for (size_t k = 0; k < algorithmNodes_.size(); ++k) {
    const size_t root = findData(algorithmNodes_[k]);
    flat::forEachExpr(model_.algorithms[k].statements, [&](const flat::ExprPtr& e) { analyze(*e, root); });
  }
  for (size_t k = 0; k < whenNodes.size(); ++k) {
    const size_t root = findData(whenNodes[k]);
    for (const flat::WhenBranch& branch : model_.whenEquations[booleanWhensWithHold_[k]].branches) {
      for (const auto& c : branch.conditions) analyze(*c, root);
      for (const flat::Action& a : branch.actions)
        for (const flat::ExprPtr* e : {&a.value, &a.message})
          if (*e) analyze(**e, root);
    }
  }
  if (errors_ > 0) return std::nullopt;
  resolveInferredFactors();
  if (errors_ > 0) return std::nullopt;
  checkStructure();
  if (errors_ > 0) return std::nullopt;
  auto result = assemble();
  if (result) checkInitialSections(*result);
  if (errors_ > 0) return std::nullopt;
  return result;
}

namespace {

// The first variable of `clocked` that `e` reads, or null.
const Expr* findClockedRead(const flat::ExprPtr& e, const std::vector<bool>& clocked) {
  if (!e) return nullptr;
  if (e->kind == ExprKind::Var && e->var < clocked.size() && clocked[e->var]) return e.get();
  for (const auto& a : e->args)
    if (const Expr* found = findClockedRead(a, clocked)) return found;
  return nullptr;
}

// The range of the first statement that reads or assigns a variable of
// `clocked`, with that variable.
std::optional<std::pair<SourceRange, VarId>> findClockedUse(const std::vector<flat::Statement>& statements,
                                                             const std::vector<bool>& clocked) {
  for (const flat::Statement& s : statements) {
    std::vector<VarId> written;
    if (s.kind == flat::StatementKind::Assign || s.kind == flat::StatementKind::Reinit) written.push_back(s.target);
    for (const auto& t : s.targets)
      if (t) written.push_back(*t);
    for (VarId v : written)
      if (v < clocked.size() && clocked[v]) return std::make_pair(s.range, v);
    for (const flat::ExprPtr* e : {&s.value, &s.message, &s.element, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (const Expr* found = findClockedRead(*e, clocked)) return std::make_pair(found->range, found->var);
    for (const auto& c : s.conditions)
      if (const Expr* found = findClockedRead(c, clocked)) return std::make_pair(found->range, found->var);
    for (const auto& b : s.branches)
      if (auto found = findClockedUse(b, clocked)) return found;
  }
  return std::nullopt;
}

}  // namespace

void Inference::checkInitialSections(const Partitioning& result) {
  std::vector<bool> clocked(model_.variables.size(), false);
  for (const SubPartition& sub : result.subPartitions)
    for (VarId v : sub.variables) clocked[v] = true;
  auto report = [&](SourceRange where, VarId v, const char* section) {
    diags_.errorf(where,
                  "'{}' is a clocked variable, which cannot be used in an {} (spec 16.9): a clocked partition "
                  "starts from the start values, and previous() reads them at its first tick",
                  model_.variables[v].name, section);
    ++errors_;
  };
  for (const flat::Equation& eq : model_.initialEquations) {
    const Expr* found = findClockedRead(eq.lhs, clocked);
    if (!found) found = findClockedRead(eq.rhs, clocked);
    if (found) report(found->range.valid() ? found->range : eq.range, found->var, "initial equation");
  }
  for (const flat::Algorithm& a : model_.initialAlgorithms)
    if (auto found = findClockedUse(a.statements, clocked))
      report(found->first.valid() ? found->first : a.range, found->second, "initial algorithm");
}

}  // namespace detail

std::optional<Partitioning> inferClocks(const flat::FlatModel& model, DiagnosticEngine& diags) {
  // Overflows are caught where a location is known; this is the backstop
  // for the arithmetic done while assembling the result.
  try {
    return detail::Inference(model, diags).run();
  } catch (const RationalOverflow& overflow) {
    diags.error(model.range, overflow.what());
    return std::nullopt;
  }
}

}  // namespace smc::clocks