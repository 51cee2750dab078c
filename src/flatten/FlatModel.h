// The flat model: what remains of a Modelica model after lookup,
// instantiation, modifiers and connect() (spec chapter 5 and 9): scalar
// variables with dotted names, and scalar equations over them. Variables are
// referred to by index (VarId) from here on; expressions are immutable trees
// shared between stages.
#pragma once

#include "frontend/Source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smc::flat {

using VarId = uint32_t;

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

enum class ExprKind {
  Real,     // `real`
  Integer,  // `integer`
  Boolean,  // `boolean`
  String,   // `text`
  Var,      // variable `var`
  Time,     // the built-in `time`
  Unary,    // `op` args[0]
  Binary,   // args[0] `op` args[1]
  Call,     // built-in `fn`(args...)
  If,       // if args[0] then args[1] else args[2]
  Der,      // der(args[0]): args[0] is a Var before causalization
};

enum class Op {
  Negate, Not,                                  // unary
  Add, Sub, Mul, Div, Pow,                      // arithmetic
  Less, LessEq, Greater, GreaterEq, Equal, NotEqual,  // relations
  And, Or,                                      // logical
};

// Built-in scalar functions the code generator knows (spec 3.7).
enum class Builtin {
  Abs, Sign, Sqrt, Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh,
  Exp, Log, Log10, Min, Max, Floor, Ceil, Integer, Div, Mod, Rem,
  NoEvent, Smooth,
};

struct Expr {
  ExprKind kind = ExprKind::Real;
  double real = 0;
  long long integer = 0;
  bool boolean = false;
  std::string text;
  VarId var = 0;
  Op op = Op::Add;
  Builtin fn = Builtin::Abs;
  std::vector<ExprPtr> args;
  SourceRange range;
};

// Constructors for the common shapes (defined in FlatModel.cpp).
ExprPtr makeReal(double value, SourceRange range = {});
ExprPtr makeInteger(long long value, SourceRange range = {});
ExprPtr makeBoolean(bool value, SourceRange range = {});
ExprPtr makeString(std::string value, SourceRange range = {});
ExprPtr makeVar(VarId var, SourceRange range = {});
ExprPtr makeTime(SourceRange range = {});
ExprPtr makeUnary(Op op, ExprPtr operand, SourceRange range = {});
ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, SourceRange range = {});
ExprPtr makeCall(Builtin fn, std::vector<ExprPtr> args, SourceRange range = {});
ExprPtr makeIf(ExprPtr condition, ExprPtr then, ExprPtr otherwise, SourceRange range = {});
ExprPtr makeDer(ExprPtr operand, SourceRange range = {});

enum class BaseType { Real, Integer, Boolean, String };
enum class Variability { Constant, Parameter, Discrete, Continuous };
enum class Causality { Local, Input, Output };

struct Attributes {
  ExprPtr start;             // null when not given
  std::optional<bool> fixed; // empty when not given
  ExprPtr min, max, nominal;
  std::string unit, displayUnit, quantity;
};

struct Variable {
  std::string name;  // dotted Modelica name with subscripts: `a.b[2].c`
  BaseType type = BaseType::Real;
  Variability variability = Variability::Continuous;
  Causality causality = Causality::Local;
  // Binding of a parameter or constant (may be null). A non-parameter's
  // declaration equation (`Real y = 2*x`) is moved into FlatModel::equations.
  ExprPtr binding;
  Attributes attributes;
  std::string description;
  bool isProtected = false;
  SourceRange range;  // the declaration
};

// A scalar equation lhs = rhs, with where it came from for error messages.
struct Equation {
  ExprPtr lhs, rhs;
  SourceRange range;
  std::string origin;  // instance path that contributed it ("" for the top)
};

struct Experiment {
  std::optional<double> startTime, stopTime, interval, tolerance;
};

struct FlatModel {
  std::string name;
  std::string description;
  std::vector<Variable> variables;
  std::vector<Equation> equations;
  std::vector<Equation> initialEquations;
  Experiment experiment;
  SourceRange range;  // the top class
};

// Flat Modelica text (`smc --dump=flat`): declarations then equations, in a
// fixed order, with expressions printed with minimal parentheses.
std::string dumpFlat(const FlatModel& model);
std::string toString(const Expr& expr, const FlatModel& model);
const char* toString(Builtin fn);  // the Modelica name: "sin", "noEvent"...
// Shortest text that reads back as the same double, always with a '.' or
// exponent so it stays a Real literal.
std::string formatReal(double value);

}  // namespace smc::flat
