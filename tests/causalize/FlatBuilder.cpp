// Flat-model construction helpers for the causalization tests (see
// FlatBuilder.h), and a causalize() run that collects diagnostics.
#include "FlatBuilder.h"

#include "causalize/Causalize.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace smc::test {

SourceRange at(uint32_t line) { return {{0, line, 1}, {0, line, 2}}; }

ExprPtr var(VarId v) { return flat::makeVar(v); }
ExprPtr real(double value) { return flat::makeReal(value); }
ExprPtr integer(long long value) { return flat::makeInteger(value); }
ExprPtr boolean(bool value) { return flat::makeBoolean(value); }
ExprPtr add(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Add, a, b); }
ExprPtr sub(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Sub, a, b); }
ExprPtr mul(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Mul, a, b); }
ExprPtr neg(ExprPtr a) { return flat::makeUnary(flat::Op::Negate, a); }
ExprPtr less(ExprPtr a, ExprPtr b, uint32_t line) { return flat::makeBinary(flat::Op::Less, a, b, at(line)); }
ExprPtr lessEq(ExprPtr a, ExprPtr b, uint32_t line) { return flat::makeBinary(flat::Op::LessEq, a, b, at(line)); }
ExprPtr greater(ExprPtr a, ExprPtr b, uint32_t line) { return flat::makeBinary(flat::Op::Greater, a, b, at(line)); }
ExprPtr notOf(ExprPtr a) { return flat::makeUnary(flat::Op::Not, a); }
ExprPtr andOf(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::And, a, b); }
ExprPtr ifThen(ExprPtr c, ExprPtr a, ExprPtr b) { return flat::makeIf(c, a, b); }
ExprPtr der(VarId v) { return flat::makeDer(flat::makeVar(v)); }
ExprPtr pre(VarId v) { return flat::makePre(flat::makeVar(v)); }
ExprPtr sample(ExprPtr start, ExprPtr interval, uint32_t line) { return flat::makeSample(start, interval, at(line)); }
ExprPtr rationalSample(ExprPtr start, ExprPtr interval, ExprPtr resolution, uint32_t line) {
  auto e = std::make_shared<flat::Expr>(*flat::makeSample(start, interval, at(line)));
  e->args.push_back(resolution);
  return e;
}
ExprPtr noEvent(ExprPtr e) { return flat::makeCall(flat::Builtin::NoEvent, {e}); }
ExprPtr time() { return flat::makeTime(); }
ExprPtr initial() { return flat::makeInitial(); }

flat::Action assign(VarId target, ExprPtr value, uint32_t line) {
  flat::Action a;
  a.kind = flat::ActionKind::Assign;
  a.target = target;
  a.value = value;
  a.range = at(line);
  return a;
}

flat::Action reinit(VarId target, ExprPtr value, uint32_t line) {
  flat::Action a = assign(target, value, line);
  a.kind = flat::ActionKind::Reinit;
  return a;
}

FlatBuilder::FlatBuilder(std::string name) {
  model.name = std::move(name);
  model.range = at(1);
}

VarId FlatBuilder::add(flat::Variable v) {
  model.variables.push_back(std::move(v));
  return static_cast<VarId>(model.variables.size() - 1);
}

VarId FlatBuilder::real(const std::string& name, uint32_t line) {
  flat::Variable v;
  v.name = name;
  v.range = at(line);
  return add(std::move(v));
}

VarId FlatBuilder::state(const std::string& name, double start, std::optional<bool> fixed, uint32_t line) {
  VarId id = real(name, line);
  model.variables[id].attributes.start = flat::makeReal(start);
  model.variables[id].attributes.fixed = fixed;
  return id;
}

VarId FlatBuilder::parameter(const std::string& name, double value) {
  VarId id = real(name);
  model.variables[id].variability = flat::Variability::Parameter;
  model.variables[id].binding = flat::makeReal(value);
  return id;
}

VarId FlatBuilder::integer(const std::string& name, long long start, uint32_t line) {
  VarId id = real(name, line);
  model.variables[id].type = flat::BaseType::Integer;
  model.variables[id].variability = flat::Variability::Discrete;
  model.variables[id].attributes.start = flat::makeInteger(start);
  return id;
}

VarId FlatBuilder::boolean(const std::string& name, bool start, uint32_t line) {
  VarId id = real(name, line);
  model.variables[id].type = flat::BaseType::Boolean;
  model.variables[id].variability = flat::Variability::Discrete;
  model.variables[id].attributes.start = flat::makeBoolean(start);
  return id;
}

void FlatBuilder::equation(ExprPtr lhs, ExprPtr rhs, uint32_t line) {
  model.equations.push_back({lhs, rhs, at(line), ""});
}

void FlatBuilder::initialEquation(ExprPtr lhs, ExprPtr rhs, uint32_t line) {
  model.initialEquations.push_back({lhs, rhs, at(line), ""});
}

void FlatBuilder::when(std::vector<std::pair<ExprPtr, std::vector<flat::Action>>> branches, uint32_t line) {
  flat::WhenEquation when;
  when.range = at(line);
  for (auto& [condition, actions] : branches) {
    flat::WhenBranch branch;
    branch.conditions = {condition};
    branch.actions = std::move(actions);
    branch.range = at(line);
    when.branches.push_back(std::move(branch));
  }
  model.whenEquations.push_back(std::move(when));
}

void FlatBuilder::algorithm(std::vector<flat::Statement> statements, uint32_t line) {
  model.algorithms.push_back({std::move(statements), at(line)});
}

void FlatBuilder::initialAlgorithm(std::vector<flat::Statement> statements, uint32_t line) {
  model.initialAlgorithms.push_back({std::move(statements), at(line)});
}

void FlatBuilder::assertion(ExprPtr condition, const std::string& message, uint32_t line) {
  model.assertions.push_back({condition, flat::makeString(message), flat::AssertLevel::Error, at(line)});
}

VarId FlatBuilder::tick(const std::string& name, ExprPtr condition, uint32_t line) {
  VarId id = boolean(name, false, line);
  model.variables[id].isHidden = true;
  equation(var(id), condition, line);
  return id;
}

void FlatBuilder::partition(const std::string& clock, VarId tick, std::vector<VarId> variables,
                            std::vector<flat::Equation> equations) {
  flat::ClockedPartition p;
  p.clock = clock;
  p.tick = tick;
  p.variables = std::move(variables);
  p.range = equations.empty() ? SourceRange{} : equations.front().range;
  p.equations = std::move(equations);
  model.clockedPartitions.push_back(std::move(p));
}

flat::Equation eq(ExprPtr lhs, ExprPtr rhs, uint32_t line) { return {lhs, rhs, at(line), ""}; }

flat::Statement assignStatement(VarId target, ExprPtr value, uint32_t line) {
  flat::Statement s;
  s.kind = flat::StatementKind::Assign;
  s.target = target;
  s.value = value;
  s.range = at(line);
  return s;
}

flat::Statement whenStatement(ExprPtr condition, std::vector<flat::Statement> body, uint32_t line) {
  flat::Statement s;
  s.kind = flat::StatementKind::When;
  s.conditions = {condition};
  s.branches = {std::move(body)};
  s.range = at(line);
  return s;
}

flat::Statement ifStatement(ExprPtr condition, std::vector<flat::Statement> body, uint32_t line) {
  flat::Statement s = whenStatement(condition, std::move(body), line);
  s.kind = flat::StatementKind::If;
  return s;
}

flat::Statement reinitStatement(VarId target, ExprPtr value, uint32_t line) {
  flat::Statement s = assignStatement(target, value, line);
  s.kind = flat::StatementKind::Reinit;
  return s;
}

CausalizeRun causalizeFlat(flat::FlatModel model) {
  SourceManager sources;
  sources.addBuffer("built.mo", "");
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  CausalizeRun run;
  run.model = causal::causalize(std::move(model), diags);
  run.diagnostics = diags.diagnostics();
  if (run.model && !diags.hasErrors()) run.blt = causal::dumpBlt(*run.model);
  for (const Diagnostic& d : run.diagnostics)
    run.messages += fmt::format("{}: {}: {}\n", d.range.begin.line,
                                d.severity == Severity::Error ? "error" : d.severity == Severity::Note ? "note" : "warning",
                                d.message);
  return run;
}

std::string causalizeErrors(flat::FlatModel model) {
  CausalizeRun run = causalizeFlat(std::move(model));
  EXPECT_FALSE(run.model) << run.blt;
  return run.messages;
}

}  // namespace smc::test
