// Compile-time values of start values, parameter bindings, constants and
// attributes such as nominal. The code generator only needs to recognise
// values that are literal after flattening: a literal, a negated literal, or
// a reference to a constant whose own value is literal. Anything else is
// computed at run time (in the initialize callback) instead.
#pragma once

#include "causalize/CausalModel.h"

#include <cstdint>
#include <optional>
#include <string>

namespace smc::codegen {

struct Literal {
  flat::BaseType type = flat::BaseType::Real;
  double real = 0;
  int32_t integer = 0;
  bool boolean = false;
  std::string text;  // String

  static Literal ofReal(double value);
  static Literal ofInteger(int32_t value);
  static Literal ofBoolean(bool value);
  static Literal ofString(std::string value);
  // The value converted to `target` the way Modelica converts implicitly
  // (Integer -> Real only); empty when no such conversion exists.
  std::optional<Literal> convertedTo(flat::BaseType target) const;
};

// The literal value of `expr`, or empty when it is not literal (including
// Integer literals outside the 32-bit range FMI 2.0 Integers have).
std::optional<Literal> foldLiteral(const flat::ExprPtr& expr, const causal::CausalModel& model);

// The Modelica default start value of a variable of `type` (0, 0, false, "").
Literal defaultLiteral(flat::BaseType type);

}  // namespace smc::codegen
