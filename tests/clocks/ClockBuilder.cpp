// Flat-model construction helpers for the clocks-stage tests (see
// ClockBuilder.h) and a run of the stage that collects its diagnostics.
#include "ClockBuilder.h"

#include "frontend/Diagnostics.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace smc::test {

using flat::ClockForm;
using flat::ClockOperator;

SourceRange at(uint32_t line) { return {{0, line, 1}, {0, line, 2}}; }

ExprPtr var(VarId v, uint32_t line) { return flat::makeVar(v, at(line)); }
ExprPtr real(double value) { return flat::makeReal(value); }
ExprPtr integer(long long value) { return flat::makeInteger(value); }
ExprPtr add(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Add, a, b); }
ExprPtr sub(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Sub, a, b); }
ExprPtr mul(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Mul, a, b); }
ExprPtr neg(ExprPtr a) { return flat::makeUnary(flat::Op::Negate, a); }
ExprPtr greater(ExprPtr a, ExprPtr b) { return flat::makeBinary(flat::Op::Greater, a, b); }
ExprPtr der(VarId v) { return flat::makeDer(flat::makeVar(v)); }
ExprPtr time() { return flat::makeTime(); }

ExprPtr clockInterval(ExprPtr interval, uint32_t line) {
  return flat::makeClockConstructor(ClockForm::Interval, {interval}, at(line));
}
ExprPtr clockRational(long long counter, long long resolution, uint32_t line) {
  return flat::makeClockConstructor(ClockForm::Rational, {integer(counter), integer(resolution)}, at(line));
}
ExprPtr clockEvent(ExprPtr condition, double startInterval, uint32_t line) {
  return flat::makeClockConstructor(ClockForm::Event, {condition, real(startInterval)}, at(line));
}
ExprPtr clockInferred(uint32_t line) { return flat::makeClockConstructor(ClockForm::Inferred, {}, at(line)); }
ExprPtr clockSolver(ExprPtr clock, const std::string& method, uint32_t line) {
  return flat::makeClockConstructor(ClockForm::Solver, {clock, flat::makeString(method, at(line))}, at(line));
}

ExprPtr sampleOf(ExprPtr u, ExprPtr clock, uint32_t line) {
  return flat::makeClockOp(ClockOperator::Sample, {u, clock}, at(line));
}
ExprPtr sampleInferred(ExprPtr u, uint32_t line) { return flat::makeClockOp(ClockOperator::Sample, {u}, at(line)); }
ExprPtr hold(ExprPtr u, uint32_t line) { return flat::makeClockOp(ClockOperator::Hold, {u}, at(line)); }
ExprPtr previous(VarId v, uint32_t line) {
  return flat::makeClockOp(ClockOperator::Previous, {flat::makeVar(v)}, at(line));
}
ExprPtr subSample(ExprPtr u, ExprPtr factor, uint32_t line) {
  return flat::makeClockOp(ClockOperator::SubSample, {u, factor}, at(line));
}
ExprPtr superSample(ExprPtr u, ExprPtr factor, uint32_t line) {
  return flat::makeClockOp(ClockOperator::SuperSample, {u, factor}, at(line));
}
ExprPtr shiftSample(ExprPtr u, long long counter, long long resolution, uint32_t line) {
  return flat::makeClockOp(ClockOperator::ShiftSample, {u, integer(counter), integer(resolution)}, at(line));
}
ExprPtr backSample(ExprPtr u, long long counter, long long resolution, uint32_t line) {
  return flat::makeClockOp(ClockOperator::BackSample, {u, integer(counter), integer(resolution)}, at(line));
}
ExprPtr noClock(ExprPtr u, uint32_t line) { return flat::makeClockOp(ClockOperator::NoClock, {u}, at(line)); }
ExprPtr intervalOf(uint32_t line) { return flat::makeClockOp(ClockOperator::Interval, {}, at(line)); }
ExprPtr intervalOf(ExprPtr u, uint32_t line) { return flat::makeClockOp(ClockOperator::Interval, {u}, at(line)); }
ExprPtr firstTick(uint32_t line) { return flat::makeClockOp(ClockOperator::FirstTick, {}, at(line)); }

ClockBuilder::ClockBuilder(std::string name) {
  model.name = std::move(name);
  model.range = at(1);
}

VarId ClockBuilder::declare(const std::string& name, flat::BaseType type, flat::Variability variability) {
  flat::Variable v;
  v.name = name;
  v.type = type;
  v.variability = variability;
  model.variables.push_back(std::move(v));
  return VarId(model.variables.size() - 1);
}

VarId ClockBuilder::real(const std::string& name, double start, uint32_t line) {
  VarId v = declare(name, flat::BaseType::Real, flat::Variability::Continuous);
  variable(v).attributes.start = flat::makeReal(start);
  variable(v).range = at(line);
  return v;
}

VarId ClockBuilder::integer(const std::string& name, long long start, uint32_t line) {
  VarId v = declare(name, flat::BaseType::Integer, flat::Variability::Discrete);
  variable(v).attributes.start = flat::makeInteger(start);
  variable(v).range = at(line);
  return v;
}

VarId ClockBuilder::boolean(const std::string& name, uint32_t line) {
  VarId v = declare(name, flat::BaseType::Boolean, flat::Variability::Discrete);
  variable(v).range = at(line);
  return v;
}

VarId ClockBuilder::parameter(const std::string& name, double value) {
  VarId v = declare(name, flat::BaseType::Real, flat::Variability::Parameter);
  variable(v).binding = flat::makeReal(value);
  return v;
}

VarId ClockBuilder::integerParameter(const std::string& name, long long value) {
  VarId v = declare(name, flat::BaseType::Integer, flat::Variability::Parameter);
  variable(v).binding = flat::makeInteger(value);
  return v;
}

VarId ClockBuilder::clock(const std::string& name, uint32_t line) {
  VarId v = declare(name, flat::BaseType::Clock, flat::Variability::Discrete);
  variable(v).range = at(line);
  return v;
}

void ClockBuilder::equation(ExprPtr lhs, ExprPtr rhs, uint32_t line, ExprPtr clock) {
  flat::Equation eq;
  eq.lhs = std::move(lhs);
  eq.rhs = std::move(rhs);
  eq.range = at(line);
  eq.clock = std::move(clock);
  model.equations.push_back(std::move(eq));
}

ClockRun runClocks(const flat::FlatModel& model) {
  SourceManager sources;
  sources.addBuffer("test.mo", "");
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  ClockRun run;
  run.partitioning = clocks::inferClocks(model, diags);
  if (run.partitioning) {
    run.dump = clocks::dumpClocks(model, *run.partitioning);
    run.lowered = clocks::lowerClocks(model, *run.partitioning, diags);
  }
  const char* names[] = {"note", "warning", "error"};
  for (const Diagnostic& d : diags.diagnostics())
    run.messages += fmt::format("{}: {}: {}\n", d.range.begin.line, names[int(d.severity)], d.message);
  return run;
}

std::vector<std::string> equationTexts(const flat::FlatModel& model, const std::vector<flat::Equation>& equations) {
  std::vector<std::string> out;
  for (const flat::Equation& eq : equations)
    out.push_back(flat::toString(*eq.lhs, model) + " = " + flat::toString(*eq.rhs, model));
  return out;
}

VarId idOf(const flat::FlatModel& model, const std::string& name) {
  for (VarId v = 0; v < model.variables.size(); ++v)
    if (model.variables[v].name == name) return v;
  ADD_FAILURE() << "no variable " << name;
  return 0;
}

}  // namespace smc::test
