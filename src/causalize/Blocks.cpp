// From sorted blocks to causal blocks. A single equation linear in its
// unknown becomes an assignment (solved symbolically); a single nonlinear
// equation or a group of equations over Real unknowns becomes an algebraic
// loop solved numerically at run time (torn first, see Tearing.h); a
// defining node keeps its own block.
// What the run time cannot iterate is reported: a loop through a relation,
// a when-clause or an algorithm, or one mixing Real with Integer/Boolean
// unknowns ("mixed discrete/continuous loop"; event iteration resolves
// discrete dependencies only when they sit outside loops), a cycle through a
// clocked partition, and a loop or nonlinear equation over Integer or
// Boolean unknowns alone.
#include "causalize/Blocks.h"

#include "causalize/ExprUtil.h"
#include "causalize/InlineCalls.h"
#include "causalize/Tearing.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace smc::causal {

namespace {

bool isReal(const CausalModel& model, VarId v) { return model.flat.variables[v].type == flat::BaseType::Real; }

void reportMixedLoop(const EquationSystem& system, const SortedBlock& block, const CausalModel& model,
                     DiagnosticEngine& diags) {
  std::vector<std::string> names;
  for (VarId v : block.unknowns) names.push_back("'" + model.flat.variables[v].name + "'");
  for (size_t n : block.nodes)
    for (VarId v : system.nodes[n].defines) names.push_back("'" + model.flat.variables[v].name + "'");
  // A loop through arrays can hold hundreds: name the first few.
  constexpr size_t kNamed = 8;
  const size_t more = names.size() > kNamed ? names.size() - kNamed : 0;
  names.resize(names.size() - more);
  SourceRange first = block.equations.empty() ? system.nodes[block.nodes[0]].range
                                              : system.equation(block.equations[0]).range;
  diags.unsupported(first, fmt::format("mixed discrete/continuous algebraic loop: in {}, {}{} depend on each other",
                                       system.what, fmt::join(names, ", "),
                                       more > 0 ? fmt::format(" and {} more", more) : std::string()));
  for (size_t e : block.equations) {
    const flat::Equation& eq = system.equation(e);
    diags.note(eq.range, fmt::format("in the loop: '{} = {}'", flat::toString(*eq.lhs, model.flat),
                                     flat::toString(*eq.rhs, model.flat)));
  }
  for (size_t n : block.nodes) diags.note(system.nodes[n].range, "in the loop: " + system.nodes[n].description);
}

// A clocked partition in a cycle: something it reads depends on its own
// variables at the same instant (spec 16.7 would need the partition and the
// continuous equations solved together).
const DefiningNode* clockedNodeOf(const EquationSystem& system, const SortedBlock& block) {
  for (size_t n : block.nodes)
    if (std::holds_alternative<ClockedBlock>(system.nodes[n].block)) return &system.nodes[n];
  return nullptr;
}

void reportClockedCycle(const EquationSystem& system, const SortedBlock& block, const DefiningNode& clocked,
                        const CausalModel& model, DiagnosticEngine& diags) {
  diags.unsupported(clocked.range, fmt::format("a dependency cycle through {}: in {}, what it reads depends on "
                                               "its own variables at the same instant",
                                               clocked.description, system.what));
  for (size_t e : block.equations) {
    const flat::Equation& eq = system.equation(e);
    diags.note(eq.range, fmt::format("in the cycle: '{} = {}'", flat::toString(*eq.lhs, model.flat),
                                     flat::toString(*eq.rhs, model.flat)));
  }
  for (size_t n : block.nodes)
    if (&system.nodes[n] != &clocked) diags.note(system.nodes[n].range, "in the cycle: " + system.nodes[n].description);
}

// A loop through a state machine's choice of immediate transition (the
// `$sm.<machine>.immediate` variable of src/statemachine): a condition reads
// what the machine's states compute at the same tick, which the chapter's
// semantics makes an algebraic loop. Reported in the user's terms.
bool reportImmediateTransitionLoop(const EquationSystem& system, const SortedBlock& block, const CausalModel& model,
                                   DiagnosticEngine& diags) {
  // The equation of the block written `v = ...` (state machine equations all are).
  auto definitionOf = [&](VarId v) -> const flat::Equation* {
    for (size_t e : block.equations) {
      const flat::Equation& eq = system.equation(e);
      if (eq.lhs && eq.lhs->kind == flat::ExprKind::Var && eq.lhs->var == v) return &eq;
    }
    return nullptr;
  };
  const flat::Equation* choice = nullptr;
  for (VarId v : block.unknowns) {
    const std::string& name = model.flat.variables[v].name;
    if (name.starts_with("$sm.") && name.ends_with(".immediate")) choice = definitionOf(v);
  }
  if (!choice) return false;
  diags.error(choice->range,
              "algebraic loop through an immediate transition: its condition reads values that the states of "
              "its state machine compute at the same tick (spec 17.3.4 decides immediate transitions before "
              "the equations of the active state)");
  for (VarId v : block.unknowns) {
    const std::string& name = model.flat.variables[v].name;
    if (name.starts_with("$") || name.starts_with("activeState(")) continue;
    if (const flat::Equation* eq = definitionOf(v))
      diags.note(eq->range, fmt::format("'{}' is computed here at the same tick", name));
  }
  diags.note(choice->range,
             "make the transition delayed (immediate = false), or read previous(...) of those values in its "
             "condition");
  return true;
}

void reportDiscreteUnknown(const flat::Equation& eq, VarId unknown, const CausalModel& model,
                           DiagnosticEngine& diags) {
  const flat::Variable& v = model.flat.variables[unknown];
  diags.unsupported(eq.range, fmt::format("solving for the {} variable '{}' in a nonlinear equation or an "
                                          "algebraic loop",
                                          v.type == flat::BaseType::Integer ? "Integer" : "non-Real", v.name));
}

}  // namespace

namespace {

// Fills loop.matrix and loop.rhs when every residual is linear in every
// unknown with coefficients free of the unknowns: residual_i =
// sum_j a_ij x_j + c_i, so A x = -c. Only the unknowns a residual mentions
// get a coefficient, so a loop of thousands of unknowns costs what its
// equations do, not the square of its size. Calls of straight-line
// functions (Complex's operators) are inlined first, so that a loop over
// them is seen to be linear.
void makeLinear(AlgebraicLoop& loop, const std::vector<flat::Function>& functions) {
  std::map<VarId, uint32_t> column;
  for (uint32_t j = 0; j < loop.unknowns.size(); ++j) column.emplace(loop.unknowns[j], j);
  // Uses, not pre() or other reads of the past: those are known values.
  auto mentionsUnknown = [&](const flat::Expr& e) {
    std::set<VarId> vars;
    collectUses(e, vars);
    for (VarId v : vars)
      if (column.count(v)) return true;
    return false;
  };
  std::vector<AlgebraicLoop::Coefficient> matrix;
  std::vector<ExprPtr> rhs;
  for (uint32_t i = 0; i < loop.residuals.size(); ++i) {
    ExprPtr rest = inlineStraightLineCalls(loop.residuals[i], functions);
    std::set<VarId> vars;
    collectUses(*rest, vars);
    std::vector<std::pair<uint32_t, VarId>> mentioned;
    for (VarId v : vars)
      if (auto it = column.find(v); it != column.end()) mentioned.emplace_back(it->second, v);
    std::sort(mentioned.begin(), mentioned.end());
    for (const auto& [j, unknown] : mentioned) {
      auto parts = linearParts(rest ? rest : flat::makeInteger(0), unknown);
      if (!parts) return;
      if (parts->coefficient) {
        if (mentionsUnknown(*parts->coefficient)) return;
        matrix.push_back({i, j, parts->coefficient});
      }
      rest = parts->rest;
    }
    if (rest && mentionsUnknown(*rest)) return;
    rhs.push_back(rest ? negated(rest) : flat::makeInteger(0, loop.ranges[i]));
  }
  loop.linear = true;
  loop.matrix = std::move(matrix);
  loop.rhs = std::move(rhs);
}

}  // namespace

bool buildBlocks(const EquationSystem& system, const std::vector<SortedBlock>& sorted, const CausalModel& model,
                 DiagnosticEngine& diags, std::vector<Block>& out) {
  for (const SortedBlock& block : sorted) {
    if (block.equations.empty() && block.nodes.size() == 1) {
      out.push_back(system.nodes[block.nodes[0]].block);
      continue;
    }
    if (block.nodes.empty() && block.equations.size() == 1) {
      const flat::Equation& eq = system.equation(block.equations[0]);
      if (ExprPtr value = solveLinear(eq.lhs, eq.rhs, block.unknowns[0])) {
        out.push_back(Assign{block.unknowns[0], value, eq.range});
        continue;
      }
    }
    size_t realCount = 0;
    for (VarId v : block.unknowns) realCount += isReal(model, v);
    if (reportImmediateTransitionLoop(system, block, model, diags)) return false;
    if (const DefiningNode* clocked = clockedNodeOf(system, block)) {
      reportClockedCycle(system, block, *clocked, model, diags);
      return false;
    }
    if (!block.nodes.empty() || (realCount > 0 && realCount < block.unknowns.size())) {
      reportMixedLoop(system, block, model, diags);
      return false;
    }
    AlgebraicLoop loop;
    std::vector<const flat::Equation*> equations;
    for (size_t i = 0; i < block.equations.size(); ++i) {
      const flat::Equation& eq = system.equation(block.equations[i]);
      if (!isReal(model, block.unknowns[i])) {
        reportDiscreteUnknown(eq, block.unknowns[i], model, diags);
        return false;
      }
      equations.push_back(&eq);
      loop.unknowns.push_back(block.unknowns[i]);
      loop.residuals.push_back(flat::makeBinary(flat::Op::Sub, eq.lhs, eq.rhs, eq.range));
      loop.ranges.push_back(eq.range);
    }
    makeLinear(loop, model.flat.functions);
    // A linear loop is solved directly; a nonlinear one iterates on its
    // tearing set only.
    if (!loop.linear) loop = tearLoop(equations, block.unknowns, model.flat);
    out.push_back(std::move(loop));
  }
  return true;
}

std::vector<VarId> blockOutputs(const Block& block) {
  if (const auto* assign = std::get_if<Assign>(&block)) return {assign->target};
  if (const auto* loop = std::get_if<AlgebraicLoop>(&block)) {
    std::vector<VarId> outputs = loop->unknowns;
    for (const Assign& assign : loop->torn) outputs.push_back(assign.target);
    return outputs;
  }
  if (const auto* when = std::get_if<WhenBlock>(&block)) return when->targets;
  if (const auto* clocked = std::get_if<ClockedBlock>(&block)) return clocked->variables;
  return std::get<AlgorithmBlock>(block).outputs;
}

}  // namespace smc::causal
