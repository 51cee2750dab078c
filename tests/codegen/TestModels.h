// Causal models built by hand for the codegen tests, so that these tests do
// not depend on the parser, flattener or causalizer. Each model states the
// equations it stands for and the closed-form solution the tests expect.
#pragma once

#include "causalize/CausalModel.h"

#include <string>

namespace smc::codegen::testing {

using flat::ExprPtr;
using flat::VarId;

// Expression shorthands (independent of flat::make*).
ExprPtr real(double value);
ExprPtr integer(long long value);
ExprPtr boolean(bool value);
ExprPtr var(VarId id);
ExprPtr timeExpr();
ExprPtr unary(flat::Op op, ExprPtr operand);
ExprPtr binary(flat::Op op, ExprPtr lhs, ExprPtr rhs);
ExprPtr call(flat::Builtin fn, std::vector<ExprPtr> args);
ExprPtr ifExpr(ExprPtr condition, ExprPtr then, ExprPtr otherwise);
ExprPtr der(ExprPtr operand);
ExprPtr pre(VarId id);
ExprPtr initialExpr();
ExprPtr string(const std::string& text);
// A call of flat.functions[function]; its value is output number `output`.
ExprPtr functionCall(uint32_t function, std::vector<ExprPtr> args, uint32_t output = 0);
SourceRange at(uint32_t line, uint32_t column);
// A copy of `e` with the source range `range`.
ExprPtr located(ExprPtr e, SourceRange range);

// Adds variables with consistent flat variability/causality and role.
class ModelBuilder {
public:
  explicit ModelBuilder(std::string name);

  VarId parameter(const std::string& name, ExprPtr binding,
                  flat::BaseType type = flat::BaseType::Real);
  VarId calculatedParameter(const std::string& name, ExprPtr binding);
  VarId constant(const std::string& name, ExprPtr value,
                 flat::BaseType type = flat::BaseType::Real);
  VarId input(const std::string& name, ExprPtr start, flat::BaseType type = flat::BaseType::Real);
  // A state; its derivative variable "der(name)" is added by derivative().
  VarId state(const std::string& name, ExprPtr start, bool output = false);
  VarId derivative(VarId state);
  VarId algebraic(const std::string& name, bool output, flat::BaseType type = flat::BaseType::Real);
  // A discrete variable (Role::Discrete) with a start value and fixed = true.
  VarId discrete(const std::string& name, flat::BaseType type, ExprPtr start, bool output);
  // A hidden Boolean or Integer (relation state, condition, sample flag or
  // counter) as causalization synthesizes it: Role::Discrete, isHidden.
  VarId hidden(const std::string& name, flat::BaseType type);

  flat::Variable& variable(VarId id) { return model_.flat.variables[id]; }
  causal::CausalModel& model() { return model_; }

private:
  VarId add(flat::Variable variable, causal::Role role);
  causal::CausalModel model_;
};

causal::Assign assign(VarId target, ExprPtr value, SourceRange range = {});

// Dahlquist: parameter k = 1.5; x(start = 1, fixed = true); der(x) = -k*x;
// output y = 2*x. Solution x = exp(-k t), y = 2 exp(-k t).
// Variables in flat order: k, x, y, der(x) (the derivative last, as a
// causalizer synthesizes it).
causal::CausalModel dahlquist(const std::string& name = "Dahlquist");

// A nonlinear algebraic loop: x(start = 1); a*b = x; a - b = 0 (both a, b
// start at 1, so the positive root is found); der(x) = -a; output y = b.
// Solution sqrt(x) = 1 - t/2, so x = (1 - t/2)^2 and y = 1 - t/2 for t < 2.
// The loop's equations sit at Loop.mo lines 5 and 6, column 3.
causal::CausalModel algebraicLoop(const std::string& name = "Loop");

// Parameters bound to parameters: parameter p = 2; parameter q = 2*p
// (calculated); x(start = p, fixed = true); der(x) = -q*x; output y = x.
// Solution x = p exp(-2 p t).
causal::CausalModel parameterChain(const std::string& name = "Chain");

}  // namespace smc::codegen::testing
