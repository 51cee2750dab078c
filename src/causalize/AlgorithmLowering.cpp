// Algorithm sections (spec 11.1) -> AlgorithmBlock nodes defining the
// variables they assign. Relations outside when-statements are zero
// crossings (in model algorithms; initial algorithms are evaluated once, so
// never). A when-statement's condition elements are moved into Boolean
// variables assigned just before the statement, in the algorithm itself,
// because they may read what the algorithm computed above them; the
// statement then tests those variables against their pre() values, like a
// WhenBlock. A relation reading a variable the algorithm assigns is updated
// by the algorithm itself, just before the statement using it (see
// AlgorithmBlock::relationUpdates). Structure errors of spec 11.2.7 are reported here: nested
// when-statements, a when-statement inside if/for/while or in an initial
// algorithm, reinit() outside a when-statement.
#include "causalize/ExprUtil.h"
#include "causalize/LoweringContext.h"
#include "causalize/Statements.h"

#include <fmt/format.h>

#include <algorithm>

namespace smc::causal {

namespace {

struct Context {
  bool crossings;    // relations here may generate events
  bool insideWhen;   // inside a when-statement
  bool insideBlock;  // inside if, for or while
  bool insideWhile;  // inside a while loop (or its condition)
  bool initial;      // an initial algorithm
};

class StatementLowerer {
public:
  StatementLowerer(Lowerer& lowerer, AlgorithmBlock& block, std::vector<std::pair<VarId, ExprPtr>>& updates)
      : l_(lowerer), block_(block), updates_(updates) {}

  std::vector<flat::Statement> lower(const std::vector<flat::Statement>& statements, Context ctx) {
    std::vector<flat::Statement> out;
    for (const flat::Statement& s : statements) lowerOne(s, ctx, out);
    return out;
  }

private:
  ExprPtr rewrite(const ExprPtr& e, bool crossings) { return e ? l_.events.rewrite(e, crossings) : e; }

  void error(SourceRange range, const std::string& message) {
    l_.diags.error(range, message);
    l_.ok = false;
  }

  // Places the updates of relations that read this algorithm's own outputs
  // (collected while rewriting the statement's expressions) before it.
  void placeRelationUpdates(const flat::Statement& s, Context ctx, std::vector<flat::Statement>& out) {
    if (!updates_.empty() && ctx.insideWhile) {
      l_.diags.unsupported(s.range, "a relation in a while loop on a variable the algorithm assigns (write "
                                    "noEvent(...) around it)");
      l_.ok = false;
    }
    for (const auto& [var, relation] : updates_) {
      flat::Statement update;
      update.kind = flat::StatementKind::Assign;
      update.target = var;
      update.value = relation;
      update.range = relation->range;
      out.push_back(std::move(update));
      if (std::find(block_.relationUpdates.begin(), block_.relationUpdates.end(), var) ==
          block_.relationUpdates.end())
        block_.relationUpdates.push_back(var);
    }
    updates_.clear();
  }

  void lowerOne(const flat::Statement& s, Context ctx, std::vector<flat::Statement>& out) {
    flat::Statement t = s;
    const bool crossings = ctx.crossings && !ctx.insideWhen;
    switch (s.kind) {
      case flat::StatementKind::Assign:
      case flat::StatementKind::TupleAssign: t.value = rewrite(s.value, crossings); break;
      case flat::StatementKind::If:
      case flat::StatementKind::While:
      case flat::StatementKind::For: {
        Context nested = ctx;
        nested.insideBlock = true;
        nested.insideWhile = ctx.insideWhile || s.kind == flat::StatementKind::While;
        for (ExprPtr& c : t.conditions) c = rewrite(c, crossings);
        t.rangeStart = rewrite(s.rangeStart, false);
        t.rangeStep = rewrite(s.rangeStep, false);
        t.rangeStop = rewrite(s.rangeStop, false);
        placeRelationUpdates(s, nested, out);
        for (auto& branch : t.branches) branch = lower(branch, nested);
        break;
      }
      case flat::StatementKind::When: lowerWhen(t, ctx, out); break;
      case flat::StatementKind::Reinit:
        if (!ctx.insideWhen) error(s.range, "reinit() is only allowed inside a when-clause");
        l_.checkReinitTarget(s.target, s.range);
        t.value = rewrite(s.value, false);
        break;
      case flat::StatementKind::Assert:
      case flat::StatementKind::Terminate:
        t.value = rewrite(s.value, false);
        t.message = rewrite(s.message, false);
        break;
      case flat::StatementKind::AssignElement:
        error(s.range, "internal error: an array element chosen at run time in a model's algorithm");
        break;
      case flat::StatementKind::Break:
      case flat::StatementKind::Return: break;
    }
    placeRelationUpdates(s, ctx, out);
    out.push_back(std::move(t));
  }

  void lowerWhen(flat::Statement& t, Context ctx, std::vector<flat::Statement>& out) {
    if (ctx.initial) return error(t.range, "a when-statement is not allowed in an initial algorithm (spec 11.2.7)");
    if (ctx.insideWhen) return error(t.range, "when-statements cannot be nested (spec 11.2.7)");
    if (ctx.insideBlock)
      return error(t.range, "a when-statement cannot be inside an if, for or while statement (spec 11.2.7)");
    size_t k = ++l_.whenCount;
    for (size_t i = 0; i < t.conditions.size(); ++i) {
      const ExprPtr& condition = t.conditions[i];
      ExprPtr rewritten = rewrite(condition, ctx.crossings);
      placeRelationUpdates(t, ctx, out);
      bool needsUpdate = false;
      VarId var = l_.conditionVariable(rewritten, fmt::format("$when{}.{}", k, i + 1), needsUpdate);
      if (needsUpdate) {
        flat::Statement update;
        update.kind = flat::StatementKind::Assign;
        update.target = var;
        update.value = rewritten;
        update.range = condition->range;
        out.push_back(std::move(update));
      }
      if (containsKind(*condition, flat::ExprKind::Initial)) block_.conditionsActiveAtInitialization.push_back(var);
      t.conditions[i] = flat::makeVar(var, condition->range);
    }
    Context inside = ctx;
    inside.insideWhen = true;
    for (auto& branch : t.branches) branch = lower(branch, inside);
  }

  Lowerer& l_;
  AlgorithmBlock& block_;
  std::vector<std::pair<VarId, ExprPtr>>& updates_;
};

// `crossings`: whether relations outside when-statements generate events
// (not in initial algorithms, evaluated once, nor in clocked ones, which
// run only at their ticks).
DefiningNode algorithmNode(Lowerer& lowerer, const flat::Algorithm& algorithm, bool initial, bool crossings) {
  AlgorithmBlock block;
  block.range = algorithm.range;
  const std::vector<VarId> assigned = assignedVariables(algorithm.statements);
  const std::set<VarId> assignedSet(assigned.begin(), assigned.end());
  std::vector<std::pair<VarId, ExprPtr>> updates;
  lowerer.events.setLocalScope(&assignedSet, &updates);
  block.statements =
      StatementLowerer(lowerer, block, updates).lower(algorithm.statements, {crossings, false, false, false, initial});
  lowerer.events.setLocalScope(nullptr, nullptr);
  const std::string where = initial ? "the initial algorithm section" : "the algorithm section";
  for (VarId v : assignedVariables(block.statements))
    if (lowerer.checkAssignable(v, algorithm.range, where, initial)) block.outputs.push_back(v);
  DefiningNode node;
  collectStatementUses(block.statements, node.uses);
  for (VarId v : block.outputs) node.uses.erase(v);
  node.defines = block.outputs;
  node.block = std::move(block);
  node.description = where;
  node.range = algorithm.range;
  return node;
}

}  // namespace

void Lowerer::lowerAlgorithms() {
  for (const flat::Algorithm& algorithm : model.flat.algorithms)
    out.nodes.push_back(algorithmNode(*this, algorithm, false, true));
  for (const flat::Algorithm& algorithm : model.flat.initialAlgorithms)
    out.initialNodes.push_back(algorithmNode(*this, algorithm, true, false));
}

DefiningNode Lowerer::clockedAlgorithmNode(const flat::Algorithm& algorithm) {
  return algorithmNode(*this, algorithm, false, false);
}

}  // namespace smc::causal
