// The state of one clock inference run (Inference.cpp and
// ClockResolution.cpp share it): the data union-find over equations and
// variables, the clock union-find, and what is learnt about each partition.
#pragma once

#include "clocks/ClockUnion.h"
#include "clocks/Clocks.h"
#include "flatten/ConstEval.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace smc::clocks::detail {

using flat::ClockForm;
using flat::ClockOperator;
using flat::Expr;
using flat::ExprKind;
using flat::VarId;

// A Clock-typed expression: a Clock variable, a constructor, or a sub-,
// super-, shift- or backSample of one.
bool isClockExpr(const Expr& e, const flat::FlatModel& model);
// Operators whose operand lives in another partition than their result.
bool isConversion(ClockOperator op);
using flat::mentionsClocks;
bool mentionsClocks(const std::vector<flat::Statement>& statements);

struct ClockRef {
  size_t node = 0;
  ClockTransform transform;  // the clock = transform(clock(node))
  std::string solver;        // from Clock(c, solverMethod)
};

// What phase 2 learns about each data partition (indexed by its root).
struct PartitionFacts {
  bool clocked = false;
  SourceRange clockRange;     // the first clock source
  SourceRange holdResult;     // a hold() in its equations (valid when any)
  bool hasDer = false;
  std::string solver;
};

struct Check {
  enum Kind { SampleOperand, HoldOperand, NeedsClock } kind;
  size_t partition;  // data node
  SourceRange range;
  std::string name;  // the operator
};

class Inference {
public:
  Inference(const flat::FlatModel& model, DiagnosticEngine& diags)
      : model_(model), diags_(diags), evaluator_(model) {}

  std::optional<Partitioning> run();
  bool checkBooleanWhenOperators(const flat::WhenEquation& when);
  // Initial equations and algorithms must not use clocked variables (spec 16.9).
  void checkInitialSections(const Partitioning& result);

private:
  // --- data union-find
  size_t varNode(VarId v) const { return model_.equations.size() + v; }
  size_t findData(size_t n) {
    while (dataParent_[n] != n) n = dataParent_[n] = dataParent_[dataParent_[n]];
    return n;
  }
  void uniteData(size_t a, size_t b) {
    a = findData(a), b = findData(b);
    if (a != b) dataParent_[std::max(a, b)] = std::min(a, b);
  }
  bool joins(VarId v) const {
    const flat::Variable& var = model_.variables[v];
    return var.type != flat::BaseType::Clock && var.causality != flat::Causality::Input &&
           (var.variability == flat::Variability::Discrete || var.variability == flat::Variability::Continuous);
  }
  void collect(const Expr& e, size_t anchor);

  // --- clock inference
  void analyze(const Expr& e, size_t partition);
  std::optional<ClockRef> resolve(const Expr& e);
  std::optional<ClockTransform> transformOf(const Expr& op);
  std::optional<long long> integerArgument(const Expr& e, const char* what);
  void varyingClock(BaseClock& clock, flat::ExprPtr interval, const Expr& constructor);
  std::optional<double> realArgument(const Expr& e, const char* what);
  void relate(size_t node, const ClockRef& ref, SourceRange where);
  void markClocked(size_t partition, SourceRange where) {
    PartitionFacts& f = facts_[findData(partition)];
    if (!f.clocked) f.clockRange = where;
    f.clocked = true;
  }
  std::string describeNode(size_t root, const ClockTransform& t) const {
    auto ex = clocks_.explicitClock(root);
    return describeClock(ex ? explicitClocks_[*ex].text : "Clock()", {t.scale, t.delay});
  }
  bool sameClock(size_t a, size_t b) const;
  bool compatibleClocks(size_t a, size_t b, const ClockTransform& relation) const;
  std::optional<Rational> exactInterval(size_t node);
  void resolveInferredFactors();
  bool isInferredFactor(const Expr& op);
  // subSample/superSample(u) with factor 0: clock(out) relates to
  // clock(in) by a factor found once the other relations are known.
  struct InferredFactor {
    size_t out, in;
    ClockOperator op;
    SourceRange range;
  };
  std::vector<InferredFactor> inferred_;
  // subSample(c)/superSample(c) of a Clock without a factor: its own clock node.
  std::map<const Expr*, size_t> inferredClockNode_;
  bool inferFactor(const InferredFactor& f, const std::function<void(const Rational&)>& decide);
  void checkStructure();

  std::optional<Partitioning> assemble();
  // Whether adding data partition `c` to the sub-partition made of `group`
  // would close a cycle through other partitions (SubPartitionCycles.cpp).
  bool mergeClosesCycle(size_t c, const std::vector<size_t>& group,
                        const std::map<size_t, std::vector<size_t>>& reads);

  const flat::FlatModel& model_;
  DiagnosticEngine& diags_;
  flat::ConstantEvaluator evaluator_;
  unsigned errors_ = 0;

  std::vector<size_t> dataParent_;
  std::map<const Expr*, size_t> operandNode_;
  // (node of the expression holding a conversion, node of its operand):
  // the first partition reads the second through the conversion at the
  // same instant (every conversion but sample(), which reads left limits).
  std::vector<std::pair<size_t, size_t>> conversionReads_;
  // Boolean when-equations whose clock operators are all hold(): indices
  // into FlatModel::whenEquations.
  std::vector<size_t> booleanWhensWithHold_;
  // The data node of each algorithm section (FlatModel::algorithms order).
  std::vector<size_t> algorithmNodes_;
  std::vector<bool> isClockEquation_;

  ClockUnion clocks_;
  std::vector<BaseClock> explicitClocks_;  // by ClockUnion explicit index
  std::vector<const Expr*> explicitSource_;
  std::map<const Expr*, size_t> constructorNode_;
  std::map<VarId, std::string> clockVarSolver_;
  std::map<size_t, PartitionFacts> facts_;
  std::vector<Check> checks_;
};

}  // namespace smc::clocks::detail
