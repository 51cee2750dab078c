// Text of the causalized model (`smc --dump=blt`), pinned by golden tests:
// variable roles, zero crossings, samples, then each section's blocks in
// evaluation order, and the assertions. Assignments print as `x := e`,
// loops as a bracketed group of residuals, when-blocks and algorithms as
// Modelica-like text with their condition variables, clocked partitions as
// a header naming clock, tick and variables over their own blocks, indented.
#include "causalize/CausalModel.h"
#include "causalize/JacobianPattern.h"

#include <fmt/format.h>

namespace smc::causal {

namespace {

const char* roleName(Role role) {
  switch (role) {
    case Role::Constant: return "constant";
    case Role::Parameter: return "parameter";
    case Role::CalculatedParameter: return "calculated parameter";
    case Role::InitialParameter: return "parameter (fixed = false)";
    case Role::Input: return "input";
    case Role::State: return "state";
    case Role::Derivative: return "derivative";
    case Role::Algebraic: return "algebraic";
    case Role::Discrete: return "discrete";
    case Role::Alias: return "alias";
  }
  return "?";
}

const char* levelName(flat::AssertLevel level) {
  return level == flat::AssertLevel::Error ? "AssertionLevel.error" : "AssertionLevel.warning";
}

class Printer {
public:
  Printer(const flat::FlatModel& flat, std::string& out) : flat_(flat), out_(out) {}

  void blocks(const char* title, const std::vector<Block>& blocks) {
    out_ += fmt::format("{} ({} block{})\n", title, blocks.size(), blocks.size() == 1 ? "" : "s");
    for (const Block& block : blocks) std::visit([this](const auto& b) { print(b); }, block);
  }

  std::string expr(const ExprPtr& e) const { return flat::toString(*e, flat_); }
  std::string name(VarId v) const { return flat_.variables[v].name; }

private:
  // `depth` counts from the section; blocks inside a clocked partition sit
  // `nesting_` levels deeper.
  void line(int depth, const std::string& text) {
    out_ += std::string(2 * (depth + nesting_), ' ') + text + "\n";
  }

  std::string names(const std::vector<VarId>& vars) const {
    std::vector<std::string> list;
    for (VarId v : vars) list.push_back(name(v));
    return fmt::format("{}", fmt::join(list, ", "));
  }

  // The partition's own blocks, indented one level, between its header and
  // an end line.
  void print(const ClockedBlock& clocked) {
    line(1, fmt::format("clocked partition {} when {} for {{{}}}:", clocked.clock, name(clocked.tick),
                        names(clocked.variables)));
    ++nesting_;
    for (const Block& block : clocked.blocks) std::visit([this](const auto& b) { print(b); }, block);
    --nesting_;
    line(1, "end clocked partition");
  }

  void print(const Assign& assign) { line(1, fmt::format("{} := {}", name(assign.target), expr(assign.value))); }

  void print(const AlgebraicLoop& loop) {
    if (!loop.linear) {
      // A torn loop: the explicit assignments, then the residuals.
      line(1, fmt::format("loop for {{{}}}:", names(loop.unknowns)));
      for (const Assign& assign : loop.torn)
        line(2, fmt::format("{} := {}", name(assign.target), expr(assign.value)));
      for (const ExprPtr& r : loop.residuals) line(2, "0 = " + expr(r));
      return;
    }
    // Linear: one row per equation, `a11 * x1 + ... = b1`, its nonzero terms only.
    line(1, fmt::format("linear loop for {{{}}}:", names(loop.unknowns)));
    std::vector<std::vector<std::string>> rows(loop.rhs.size());
    for (const AlgebraicLoop::Coefficient& a : loop.matrix)
      rows[a.row].push_back(fmt::format("({}) * {}", expr(a.value), name(loop.unknowns[a.column])));
    for (size_t i = 0; i < rows.size(); ++i)
      line(2, fmt::format("{} = {}", rows[i].empty() ? "0" : fmt::format("{}", fmt::join(rows[i], " + ")),
                          expr(loop.rhs[i])));
  }

  void print(const WhenBlock& when) {
    for (size_t i = 0; i < when.branches.size(); ++i) {
      const WhenBlock::Branch& branch = when.branches[i];
      std::string condition = branch.conditionVars.size() == 1 ? names(branch.conditionVars)
                                                               : "{" + names(branch.conditionVars) + "}";
      line(1, fmt::format("{} {}{} then", i == 0 ? "when" : "elsewhen", condition,
                          branch.activeAtInitialization ? " (at initialization)" : ""));
      for (const flat::Action& a : branch.actions) action(a);
    }
    line(1, "end when");
  }

  void action(const flat::Action& a) {
    switch (a.kind) {
      case flat::ActionKind::Assign: line(2, fmt::format("{} := {}", name(a.target), expr(a.value))); break;
      case flat::ActionKind::Reinit: line(2, fmt::format("reinit({}, {})", name(a.target), expr(a.value))); break;
      case flat::ActionKind::Assert:
        line(2, fmt::format("assert({}, {}, {})", expr(a.value), expr(a.message), levelName(a.level)));
        break;
      case flat::ActionKind::Terminate: line(2, fmt::format("terminate({})", expr(a.message))); break;
    }
  }

  void print(const AlgorithmBlock& algorithm) {
    std::string notes;
    if (!algorithm.conditionsActiveAtInitialization.empty())
      notes += fmt::format(" (at initialization: {})", names(algorithm.conditionsActiveAtInitialization));
    if (!algorithm.relationUpdates.empty())
      notes += fmt::format(" (event mode only: {})", names(algorithm.relationUpdates));
    line(1, fmt::format("algorithm for {{{}}}{}", names(algorithm.outputs), notes));
    statements(algorithm.statements, 2);
    line(1, "end algorithm");
  }

  void statements(const std::vector<flat::Statement>& list, int depth) {
    for (const flat::Statement& s : list) statement(s, depth);
  }

  // A when-statement branch's condition: `c`, or `{a, b}` for a vector.
  std::string whenCondition(const flat::Statement& s, std::pair<size_t, size_t> range) {
    if (range.second - range.first == 1) return expr(s.conditions[range.first]);
    std::vector<std::string> parts;
    for (size_t k = range.first; k < range.second; ++k) parts.push_back(expr(s.conditions[k]));
    return fmt::format("{{{}}}", fmt::join(parts, ", "));
  }

  // if/when/while with their branches; `first` and `next` are the keywords
  // before each condition, `last` closes the statement.
  void branched(const flat::Statement& s, int depth, const char* first, const char* next, const char* end,
                const char* close) {
    const bool isWhen = s.kind == flat::StatementKind::When;
    const auto whenRanges = isWhen ? flat::whenConditionRanges(s) : std::vector<std::pair<size_t, size_t>>{};
    for (size_t i = 0; i < s.branches.size(); ++i) {
      if (isWhen && i < whenRanges.size())
        line(depth, fmt::format("{} {} {}", i == 0 ? first : next, whenCondition(s, whenRanges[i]), end));
      else if (i < s.conditions.size() && s.conditions[i])
        line(depth, fmt::format("{} {} {}", i == 0 ? first : next, expr(s.conditions[i]), end));
      else
        line(depth, "else");
      statements(s.branches[i], depth + 1);
    }
    line(depth, close);
  }

  void statement(const flat::Statement& s, int depth) {
    switch (s.kind) {
      case flat::StatementKind::Assign: line(depth, fmt::format("{} := {}", name(s.target), expr(s.value))); break;
      case flat::StatementKind::AssignElement:
        line(depth, fmt::format("{} := {}", expr(s.element), expr(s.value)));
        break;
      case flat::StatementKind::TupleAssign: {
        std::vector<std::string> slots;
        for (const auto& t : s.targets) slots.push_back(t ? name(*t) : "");
        line(depth, fmt::format("({}) := {}", fmt::join(slots, ", "), expr(s.value)));
        break;
      }
      case flat::StatementKind::If: branched(s, depth, "if", "elseif", "then", "end if"); break;
      case flat::StatementKind::When: branched(s, depth, "when", "elsewhen", "then", "end when"); break;
      case flat::StatementKind::While: branched(s, depth, "while", "while", "loop", "end while"); break;
      case flat::StatementKind::For:
        line(depth, fmt::format("for {} in {}:{}:{} loop", name(s.iterator), expr(s.rangeStart),
                                s.rangeStep ? expr(s.rangeStep) : "1", expr(s.rangeStop)));
        for (const auto& branch : s.branches) statements(branch, depth + 1);
        line(depth, "end for");
        break;
      case flat::StatementKind::Break: line(depth, "break"); break;
      case flat::StatementKind::Return: line(depth, "return"); break;
      case flat::StatementKind::Reinit:
        line(depth, fmt::format("reinit({}, {})", name(s.target), expr(s.value)));
        break;
      case flat::StatementKind::Assert:
        line(depth, fmt::format("assert({}, {}, {})", expr(s.value), expr(s.message), levelName(s.level)));
        break;
      case flat::StatementKind::Terminate: line(depth, fmt::format("terminate({})", expr(s.message))); break;
    }
  }

  const flat::FlatModel& flat_;
  std::string& out_;
  int nesting_ = 0;
};

}  // namespace

std::string dumpBlt(const CausalModel& model) {
  std::string out = fmt::format("model {}\n", model.flat.name);
  Printer printer(model.flat, out);
  out += "variables\n";
  for (size_t i = 0; i < model.flat.variables.size(); ++i)
    out += fmt::format("  {}: {}{}\n", model.flat.variables[i].name, roleName(model.roles[i]),
                       model.flat.variables[i].isHidden ? " (hidden)" : "");
  const AliasRecord& aliases = model.aliasElimination;
  if (!aliases.aliases.empty()) {
    out += fmt::format("alias elimination ({} of {} equations removed)\n", aliases.equationsRemoved,
                       aliases.equationsBefore);
    for (const AliasRecord::Alias& alias : aliases.aliases)
      out += fmt::format("  {} = {}{}\n", printer.name(alias.var), alias.negated ? "-" : "", printer.name(alias.of));
  }
  const IndexReductionRecord& reduction = model.indexReduction;
  if (!reduction.differentiated.empty()) {
    out += fmt::format("index reduction ({} differentiated equation{})\n", reduction.differentiated.size(),
                       reduction.differentiated.size() == 1 ? "" : "s");
    for (const flat::Equation& eq : reduction.differentiated)
      out += fmt::format("  {} = {}\n", printer.expr(eq.lhs), printer.expr(eq.rhs));
    auto list = [&](const char* title, const std::vector<VarId>& vars) {
      if (vars.empty()) return;
      std::vector<std::string> names;
      for (VarId v : vars) names.push_back(printer.name(v));
      out += fmt::format("  {}: {}\n", title, fmt::join(names, ", "));
    };
    list("dummy derivatives", reduction.dummyDerivatives);
    list("not states", reduction.demotedStates);
    list("new states", reduction.promotedStates);
  }
  if (!model.zeroCrossings.empty()) out += fmt::format("zero crossings ({})\n", model.zeroCrossings.size());
  for (const ZeroCrossing& z : model.zeroCrossings)
    out += fmt::format("  {}: indicator {}\n", printer.name(z.relation), printer.expr(z.indicator));
  if (!model.samples.empty()) out += fmt::format("samples ({})\n", model.samples.size());
  for (const Sample& s : model.samples)
    out += fmt::format("  {} (counter {}): start {}, interval {}{}\n", printer.name(s.flag), printer.name(s.counter),
                       printer.expr(s.start), printer.expr(s.interval),
                       s.resolution ? ", resolution " + printer.expr(s.resolution) : "");
  printer.blocks("initialization", model.initialization);
  printer.blocks("derivatives", model.derivativeBlocks);
  // Only a pattern with zeros tells something (the integrator's choice,
  // runtime/src/sparse_jacobian.h).
  const size_t n = model.states.size();
  if (std::optional<JacobianPattern> pattern = stateJacobianPattern(model); pattern && pattern->rows.size() < n * n)
    out += fmt::format("jacobian pattern ({} nonzeros of {} x {})\n", pattern->rows.size(), n, n);
  printer.blocks("outputs", model.outputBlocks);
  printer.blocks("indicators", model.indicatorBlocks);
  printer.blocks("events", model.eventBlocks);
  if (!model.assertions.empty()) out += fmt::format("assertions ({})\n", model.assertions.size());
  for (const flat::Assertion& a : model.assertions)
    out += fmt::format("  assert({}, {}, {})\n", printer.expr(a.condition),
                       a.message ? printer.expr(a.message) : "\"\"", levelName(a.level));
  return out;
}

}  // namespace smc::causal
