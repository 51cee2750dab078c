// Builds flat models in C++ for causalization tests, independently of the
// frontend and flattening. Every piece can carry a source line (in a
// buffer that holds no text) so tests can check where diagnostics point;
// and runs the causalizer on them, keeping its dump and its messages.
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::test {

using flat::ExprPtr;
using flat::VarId;

// A range on `line` of the test buffer (line 0: no location).
SourceRange at(uint32_t line);

// Expression shorthands.
ExprPtr var(VarId v);
ExprPtr real(double value);
ExprPtr integer(long long value);
ExprPtr boolean(bool value);
ExprPtr add(ExprPtr a, ExprPtr b);
ExprPtr sub(ExprPtr a, ExprPtr b);
ExprPtr mul(ExprPtr a, ExprPtr b);
ExprPtr neg(ExprPtr a);
ExprPtr less(ExprPtr a, ExprPtr b, uint32_t line = 0);
ExprPtr lessEq(ExprPtr a, ExprPtr b, uint32_t line = 0);
ExprPtr greater(ExprPtr a, ExprPtr b, uint32_t line = 0);
ExprPtr notOf(ExprPtr a);
ExprPtr andOf(ExprPtr a, ExprPtr b);
ExprPtr ifThen(ExprPtr c, ExprPtr a, ExprPtr b);
ExprPtr der(VarId v);
ExprPtr pre(VarId v);
ExprPtr sample(ExprPtr start, ExprPtr interval, uint32_t line = 0);
// sample(start, interval, resolution), as the clocks stage writes it.
ExprPtr rationalSample(ExprPtr start, ExprPtr interval, ExprPtr resolution, uint32_t line = 0);
ExprPtr noEvent(ExprPtr e);
ExprPtr time();
ExprPtr initial();

flat::Action assign(VarId target, ExprPtr value, uint32_t line = 0);
flat::Action reinit(VarId target, ExprPtr value, uint32_t line = 0);

class FlatBuilder {
public:
  explicit FlatBuilder(std::string name);

  VarId real(const std::string& name, uint32_t line = 0);
  VarId state(const std::string& name, double start, std::optional<bool> fixed, uint32_t line = 0);
  VarId parameter(const std::string& name, double value);
  VarId integer(const std::string& name, long long start, uint32_t line = 0);
  VarId boolean(const std::string& name, bool start, uint32_t line = 0);
  flat::Variable& variable(VarId v) { return model.variables[v]; }

  void equation(ExprPtr lhs, ExprPtr rhs, uint32_t line = 0);
  void initialEquation(ExprPtr lhs, ExprPtr rhs, uint32_t line = 0);
  // when c1 then actions1 elsewhen c2 then actions2 ...
  void when(std::vector<std::pair<ExprPtr, std::vector<flat::Action>>> branches, uint32_t line = 0);
  void algorithm(std::vector<flat::Statement> statements, uint32_t line = 0);
  void initialAlgorithm(std::vector<flat::Statement> statements, uint32_t line = 0);
  void assertion(ExprPtr condition, const std::string& message, uint32_t line = 0);
  // A hidden Boolean for a partition's tick, defined by `tick = condition`.
  VarId tick(const std::string& name, ExprPtr condition, uint32_t line = 0);
  // A clocked partition computing `variables` from `equations` when `tick`
  // is true; its range is that of its first equation.
  void partition(const std::string& clock, VarId tick, std::vector<VarId> variables,
                 std::vector<flat::Equation> equations);

  flat::FlatModel model;

private:
  VarId add(flat::Variable v);
};

// `lhs = rhs` on `line`, for partitions.
flat::Equation eq(ExprPtr lhs, ExprPtr rhs, uint32_t line = 0);

// Statement shorthands.
flat::Statement assignStatement(VarId target, ExprPtr value, uint32_t line = 0);
flat::Statement whenStatement(ExprPtr condition, std::vector<flat::Statement> body, uint32_t line = 0);
flat::Statement ifStatement(ExprPtr condition, std::vector<flat::Statement> body, uint32_t line = 0);
flat::Statement reinitStatement(VarId target, ExprPtr value, uint32_t line = 0);

struct CausalizeRun {
  std::optional<causal::CausalModel> model;
  std::vector<Diagnostic> diagnostics;
  std::string blt;       // dumpBlt when causalization succeeded
  std::string messages;  // "line: severity: message" per diagnostic, one a line
};

CausalizeRun causalizeFlat(flat::FlatModel model);

// The messages (as in CausalizeRun) of causalizing `model`, which must be
// rejected: the test fails when causalization succeeds.
std::string causalizeErrors(flat::FlatModel model);

}  // namespace smc::test
