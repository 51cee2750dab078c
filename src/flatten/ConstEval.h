// Compile-time evaluation of flat expressions: literals, arithmetic, the
// math built-ins, and parameters or constants followed to their bindings
// (or start values), with cycle detection. Used for structure (array sizes,
// loop ranges) and to fold parameter values into literals.
#pragma once

#include "flatten/FlatModel.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::flat {

struct Constant {
  enum Kind { Real, Integer, Boolean, String } kind = Real;
  double real = 0;
  long long integer = 0;
  bool boolean = false;
  std::string text;

  double asReal() const { return kind == Integer ? double(integer) : real; }
};

// The literal expression for a constant.
ExprPtr makeLiteral(const Constant& value, SourceRange range = {});

class ConstantEvaluator {
public:
  explicit ConstantEvaluator(const FlatModel& model) : model_(model) {}

  // Empty when `expr` is not evaluable; error() then says why and where.
  std::optional<Constant> evaluate(const Expr& expr, SourceRange where = {});

  struct Error {
    std::string message;
    SourceRange range;
  };
  const Error& error() const { return error_; }

private:
  std::nullopt_t fail(SourceRange range, std::string message) {
    error_ = {std::move(message), range};
    return std::nullopt;
  }

  const FlatModel& model_;
  std::vector<VarId> evaluating_;
  Error error_;
};

}  // namespace smc::flat
