// User functions built by hand (flat::Function, as flattening produces
// them: inputs, then outputs, then protected locals), statement shorthands,
// and the functions the codegen tests call. Each function states its
// Modelica text.
#pragma once

#include "TestModels.h"

namespace smc::codegen::testing {

flat::Statement assignStatement(VarId target, ExprPtr value);
flat::Statement whileStatement(ExprPtr condition, std::vector<flat::Statement> body);
flat::Statement forStatement(VarId iterator, ExprPtr start, ExprPtr step, ExprPtr stop,
                             std::vector<flat::Statement> body);
// if c1 then b1 elseif c2 then b2 ... [else bn] end if;
flat::Statement ifStatement(std::vector<ExprPtr> conditions,
                            std::vector<std::vector<flat::Statement>> branches);
flat::Statement jumpStatement(flat::StatementKind kind);  // Break or Return
flat::Statement assertStatement(ExprPtr condition, const std::string& message,
                                flat::AssertLevel level = flat::AssertLevel::Error);

class FunctionBuilder {
public:
  explicit FunctionBuilder(std::string name) { fn_.name = std::move(name); }
  // Declare inputs first, then outputs, then locals.
  VarId input(const std::string& name, flat::BaseType type, ExprPtr defaultValue = nullptr);
  VarId output(const std::string& name, flat::BaseType type, ExprPtr binding = nullptr);
  VarId local(const std::string& name, flat::BaseType type, ExprPtr binding = nullptr);
  void body(std::vector<flat::Statement> statements) { fn_.body = std::move(statements); }
  flat::Function build() const { return fn_; }

private:
  VarId add(const std::string& name, flat::BaseType type, ExprPtr binding);
  flat::Function fn_;
};

// function newtonSqrt "Newton's iteration for sqrt(a), a > 0"
//   input Real a; input Real tolerance = 1e-13; output Real root;
//   protected Real previous;
// algorithm
//   root := if a > 1 then a else 1; previous := 0;
//   while abs(root - previous) > tolerance*root loop
//     previous := root; root := 0.5*(root + a/root);
//   end while;
flat::Function newtonSqrt();

// function isqrt "floor(sqrt(n)) for n >= 0, by a for-loop with break"
//   input Integer n; output Integer r = 0; protected Integer i;
// algorithm
//   for i in 0:n loop if i*i > n then break; end if; r := i; end for;
flat::Function isqrt();

// function stepSum: input Integer a, s, b; output Integer total = 0;
//   protected Integer i; algorithm for i in a:s:b loop total := total + i; end for;
flat::Function stepSum();

// function divMod "two outputs and an early return"
//   input Integer a, b; output Integer q; output Integer r;
// algorithm q := div(a, b); r := a - q*b; return; r := 99;
flat::Function divMod();

// function checkedSqrt: input Real x; output Real y;
// algorithm assert(x >= 0, "x must not be negative", level); y := sqrt(x);
flat::Function checkedSqrt(flat::AssertLevel level);

// function isEven: input Integer n; output Boolean even;
// algorithm even := mod(n, 2) == 0;
flat::Function isEven();

// function factorial "recursive": input Integer n; output Integer f;
// algorithm if n <= 1 then f := 1; else f := n*factorial(n - 1); end if;
// `self` is its own index in flat.functions.
flat::Function factorial(uint32_t self);

}  // namespace smc::codegen::testing
