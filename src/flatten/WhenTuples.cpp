// A when-equation with equations of several function outputs (spec 8.3.5:
// `when sample(0, T) then (r, state) = random(pre(state)); end when;`, how
// the MSL's noise blocks draw): one call must give every target, so the
// clause becomes an algorithm section with one when-statement of the same
// branches and conditions, the tuple equations as `(a, b) := f(x)` and the
// other equations as assignments, reinit(), assert() and terminate()
// statements. Equations are unordered and statements are not, so each
// branch is ordered by what it reads: a statement goes after those that
// assign a variable it reads (pre() reads the value before the event).
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

// The variables e reads now (not those inside pre()).
void collectReads(const flat::ExprPtr& e, std::set<flat::VarId>& out) {
  if (!e || e->kind == flat::ExprKind::Pre) return;
  if (e->kind == flat::ExprKind::Var) out.insert(e->var);
  for (const flat::ExprPtr& arg : e->args) collectReads(arg, out);
}

flat::Statement statementOf(const flat::Action& action) {
  flat::Statement s;
  s.range = action.range;
  s.target = action.target;
  s.value = action.value;
  s.message = action.message;
  s.level = action.level;
  switch (action.kind) {
    case flat::ActionKind::Assign: s.kind = flat::StatementKind::Assign; break;
    case flat::ActionKind::Reinit: s.kind = flat::StatementKind::Reinit; break;
    case flat::ActionKind::Assert: s.kind = flat::StatementKind::Assert; break;
    case flat::ActionKind::Terminate: s.kind = flat::StatementKind::Terminate; break;
  }
  return s;
}

std::set<flat::VarId> assignedBy(const flat::Statement& s) {
  std::set<flat::VarId> out;
  if (s.kind == flat::StatementKind::Assign) out.insert(s.target);
  for (const auto& slot : s.targets)
    if (slot) out.insert(*slot);
  return out;
}

// `statements` in an order where each comes after those assigning what it
// reads, otherwise as written; empty when they read each other in a cycle.
std::optional<std::vector<flat::Statement>> ordered(std::vector<flat::Statement> statements) {
  std::vector<std::set<flat::VarId>> reads(statements.size()), writes(statements.size());
  for (size_t i = 0; i < statements.size(); ++i) {
    collectReads(statements[i].value, reads[i]);
    collectReads(statements[i].message, reads[i]);
    writes[i] = assignedBy(statements[i]);
  }
  std::vector<bool> placed(statements.size(), false);
  std::vector<flat::Statement> out;
  while (out.size() < statements.size()) {
    bool progress = false;
    for (size_t i = 0; i < statements.size() && !progress; ++i) {
      if (placed[i]) continue;
      bool ready = true;
      for (size_t j = 0; j < statements.size() && ready; ++j) {
        if (j == i || placed[j]) continue;
        for (flat::VarId v : writes[j]) ready = ready && !reads[i].count(v);
      }
      if (!ready) continue;
      placed[i] = true;
      out.push_back(std::move(statements[i]));
      progress = true;
    }
    if (!progress) return std::nullopt;
  }
  return out;
}

}  // namespace

bool Flattener::addWhenAsAlgorithm(const flat::WhenEquation& when,
                                   std::vector<std::vector<flat::Statement>> tuples) {
  flat::Statement statement;
  statement.kind = flat::StatementKind::When;
  statement.range = when.range;
  for (size_t i = 0; i < when.branches.size(); ++i) {
    const flat::WhenBranch& branch = when.branches[i];
    statement.conditions.insert(statement.conditions.end(), branch.conditions.begin(), branch.conditions.end());
    statement.conditionCounts.push_back(static_cast<uint32_t>(branch.conditions.size()));
    std::vector<flat::Statement> body = std::move(tuples[i]);
    for (const flat::Action& action : branch.actions) body.push_back(statementOf(action));
    auto inOrder = ordered(std::move(body));
    if (!inOrder) {
      diags_.errorf(branch.range,
                    "the equations of this when-clause compute each other in a cycle; each must be computable "
                    "from the ones before it (spec 8.3.5)");
      return false;
    }
    statement.branches.push_back(std::move(*inOrder));
  }
  flat::Algorithm algorithm;
  algorithm.statements.push_back(std::move(statement));
  algorithm.range = when.range;
  algorithm.origin = when.origin;
  model_.algorithms.push_back(std::move(algorithm));
  return true;
}

}  // namespace smc::flatten
