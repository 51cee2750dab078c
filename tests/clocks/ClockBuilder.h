// Builds flat models with synchronous (clocked) constructs in C++ for the
// clocks-stage tests, independently of the frontend and flattening. Each
// piece can carry a source line of a test buffer so tests can check where
// diagnostics point; runClocks() runs inference, the dump and lowering.
#pragma once

#include "clocks/Clocks.h"
#include "flatten/FlatModel.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::test {

using flat::ExprPtr;
using flat::VarId;

// A range on `line` of the test buffer (line 0: no location).
SourceRange at(uint32_t line);

// Ordinary expressions.
ExprPtr var(VarId v, uint32_t line = 0);
ExprPtr real(double value);
ExprPtr integer(long long value);
ExprPtr add(ExprPtr a, ExprPtr b);
ExprPtr sub(ExprPtr a, ExprPtr b);
ExprPtr mul(ExprPtr a, ExprPtr b);
ExprPtr neg(ExprPtr a);
ExprPtr greater(ExprPtr a, ExprPtr b);
ExprPtr der(VarId v);
ExprPtr time();

// Clock constructors (spec 16.3).
ExprPtr clockInterval(ExprPtr interval, uint32_t line = 0);
ExprPtr clockRational(long long counter, long long resolution, uint32_t line = 0);
ExprPtr clockEvent(ExprPtr condition, double startInterval, uint32_t line = 0);
ExprPtr clockInferred(uint32_t line = 0);
ExprPtr clockSolver(ExprPtr clock, const std::string& method, uint32_t line = 0);

// Clock operators (spec 16.4, 16.5).
ExprPtr sampleOf(ExprPtr u, ExprPtr clock, uint32_t line = 0);
ExprPtr sampleInferred(ExprPtr u, uint32_t line = 0);
ExprPtr hold(ExprPtr u, uint32_t line = 0);
ExprPtr previous(VarId v, uint32_t line = 0);
ExprPtr subSample(ExprPtr u, ExprPtr factor, uint32_t line = 0);
ExprPtr superSample(ExprPtr u, ExprPtr factor, uint32_t line = 0);
ExprPtr shiftSample(ExprPtr u, long long counter, long long resolution, uint32_t line = 0);
ExprPtr backSample(ExprPtr u, long long counter, long long resolution, uint32_t line = 0);
ExprPtr noClock(ExprPtr u, uint32_t line = 0);
ExprPtr intervalOf(uint32_t line = 0);           // interval()
ExprPtr intervalOf(ExprPtr u, uint32_t line = 0);
ExprPtr firstTick(uint32_t line = 0);

class ClockBuilder {
public:
  explicit ClockBuilder(std::string name);

  VarId real(const std::string& name, double start = 0, uint32_t line = 0);
  VarId integer(const std::string& name, long long start = 0, uint32_t line = 0);
  VarId boolean(const std::string& name, uint32_t line = 0);
  VarId parameter(const std::string& name, double value);
  VarId integerParameter(const std::string& name, long long value);
  VarId clock(const std::string& name, uint32_t line = 0);
  flat::Variable& variable(VarId v) { return model.variables[v]; }

  // lhs = rhs; with `clock`: inside `when clock then ... end when`.
  void equation(ExprPtr lhs, ExprPtr rhs, uint32_t line = 0, ExprPtr clock = nullptr);

  flat::FlatModel model;

private:
  // Appends a variable with the fields every kind sets; the callers add
  // what is their own (start, binding, source line).
  VarId declare(const std::string& name, flat::BaseType type, flat::Variability variability);
};

struct ClockRun {
  std::optional<clocks::Partitioning> partitioning;
  std::string dump;                      // dumpClocks when inference succeeded
  std::optional<flat::FlatModel> lowered;
  std::string messages;                  // "line: severity: message" per diagnostic, one a line
};

// Infers, dumps and (when inference succeeded) lowers `model`.
ClockRun runClocks(const flat::FlatModel& model);

// "lhs = rhs" of each equation in flat text.
std::vector<std::string> equationTexts(const flat::FlatModel& model, const std::vector<flat::Equation>& equations);
// The id of the variable called `name` in `model` (fails the test when absent).
VarId idOf(const flat::FlatModel& model, const std::string& name);

}  // namespace smc::test
