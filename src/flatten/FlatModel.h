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
  // Discrete-time operators (spec 3.7.4, 8.3). edge(b) and change(v) are
  // lowered by flattening to `b and not pre(b)` and `v <> pre(v)`.
  Pre,       // pre(args[0]): args[0] is a Var
  Initial,   // initial()
  Terminal,  // terminal()
  Sample,    // sample(args[0] = start, args[1] = interval): a time event (Boolean)
  // A call of the user function `function` (index into FlatModel::functions)
  // with the inputs `args`; the value is the function's output `output`.
  FunctionCall,
  // (a, , b): the left side of `(a, , b) = f(x)`; args are Vars or null.
  Tuple,
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
  SemiLinear,  // semiLinear(x, k+, k-) (spec 3.7.2)
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
  uint32_t function = 0;  // FunctionCall: index into FlatModel::functions
  uint32_t output = 0;    // FunctionCall: which output is the value
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
ExprPtr makePre(ExprPtr var, SourceRange range = {});
ExprPtr makeInitial(SourceRange range = {});
ExprPtr makeTerminal(SourceRange range = {});
ExprPtr makeSample(ExprPtr start, ExprPtr interval, SourceRange range = {});
ExprPtr makeFunctionCall(uint32_t function, uint32_t output, std::vector<ExprPtr> inputs,
                         SourceRange range = {});
// `slots` are Vars, or null for a skipped output.
ExprPtr makeTuple(std::vector<ExprPtr> slots, SourceRange range = {});

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
  // Synthesized by a later stage (relation states, sample counters): has a
  // slot in the FMU but is not listed in modelDescription.xml.
  bool isHidden = false;
  SourceRange range;  // the declaration
};

// A scalar equation lhs = rhs, with where it came from for error messages.
struct Equation {
  ExprPtr lhs, rhs;
  SourceRange range;
  std::string origin;  // instance path that contributed it ("" for the top)
};

enum class AssertLevel { Error, Warning };

// --- Discrete-time equations (spec 8.3.5) --------------------------------

enum class ActionKind {
  Assign,     // target = value (the left side of an equation in a when-clause)
  Reinit,     // reinit(target, value): target is a state
  Assert,     // assert(value, message, level)
  Terminate,  // terminate(message)
};

struct Action {
  ActionKind kind = ActionKind::Assign;
  VarId target = 0;
  ExprPtr value;    // Assign/Reinit: the new value; Assert: the condition
  ExprPtr message;  // Assert/Terminate: a String expression
  AssertLevel level = AssertLevel::Error;
  SourceRange range;
};

// `when c1 then ... elsewhen c2 then ... end when;` A condition may be a
// vector written {c, d}: the branch fires when any element becomes true.
struct WhenBranch {
  std::vector<ExprPtr> conditions;
  std::vector<Action> actions;
  SourceRange range;
};

struct WhenEquation {
  std::vector<WhenBranch> branches;
  SourceRange range;
};

// assert() in an equation section: checked after every accepted step and
// event.
struct Assertion {
  ExprPtr condition;
  ExprPtr message;
  AssertLevel level = AssertLevel::Error;
  SourceRange range;
};

// --- Algorithms and functions (spec 11, 12) --------------------------------

enum class StatementKind {
  Assign,       // target := value
  TupleAssign,  // (targets...) := value (a FunctionCall); an empty slot is skipped
  If,           // conditions[i] / branches[i]; a trailing else has no condition
  For,          // for iterator in rangeStart:rangeStep:rangeStop loop branches[0]
  While,        // while conditions[0] loop branches[0]
  When,         // when conditions[i] then branches[i] (algorithms of models only)
  Break,
  Return,
  Reinit,       // reinit(target, value) inside a when-statement
  Assert,       // assert(value, message, level)
  Terminate,    // terminate(message)
};

struct Statement {
  StatementKind kind = StatementKind::Assign;
  VarId target = 0;
  std::vector<std::optional<VarId>> targets;  // TupleAssign
  ExprPtr value;
  ExprPtr message;
  AssertLevel level = AssertLevel::Error;
  std::vector<ExprPtr> conditions;
  std::vector<std::vector<Statement>> branches;
  VarId iterator = 0;  // For: an Integer variable of the enclosing table
  ExprPtr rangeStart, rangeStep, rangeStop;  // For
  SourceRange range;
};

// An algorithm section of the model: its statements compute the variables
// they assign (spec 11.1). For-loops over parameter ranges are unrolled by
// flattening, so model algorithms have no For statements.
struct Algorithm {
  std::vector<Statement> statements;
  SourceRange range;
};

// A user-defined function with scalar inputs and outputs (spec 12). Inside
// its body, Var refers to `variables`: inputs first, then outputs, then
// protected locals (for-loop iterators included). An input's binding is its
// default value; an output's or local's binding is assigned before the body.
struct Function {
  std::string name;  // full Modelica name, "Lib.f"
  std::vector<Variable> variables;
  uint32_t numInputs = 0;
  uint32_t numOutputs = 0;
  std::vector<Statement> body;
  SourceRange range;
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
  std::vector<WhenEquation> whenEquations;
  std::vector<Assertion> assertions;
  std::vector<Algorithm> algorithms;
  std::vector<Algorithm> initialAlgorithms;
  std::vector<Function> functions;
  Experiment experiment;
  SourceRange range;  // the top class
};

// Flat Modelica text (`smc --dump=flat`): the user functions, then the
// class (declarations, initial equations and algorithms, equations with the
// when-equations and assertions, algorithms), in a fixed order, with
// expressions printed with minimal parentheses.
std::string dumpFlat(const FlatModel& model);
std::string toString(const Expr& expr, const FlatModel& model);
// An expression of the body of `function` (its Vars name the function's
// variables).
std::string toString(const Expr& expr, const FlatModel& model, const Function& function);
// The type of an expression (spec 10.6 for the operators): Integer
// arithmetic stays Integer except '/' and '^'. Var refers to the variables
// of `function` when given, otherwise to the model's.
BaseType typeOf(const Expr& expr, const FlatModel& model, const Function* function = nullptr);
// A value of type `value` may be assigned to a variable of type `target`
// (the same type, or an Integer into a Real).
bool isAssignable(BaseType target, BaseType value);
const char* toString(BaseType type);  // "Real", "Integer"...
const char* toString(Builtin fn);  // the Modelica name: "sin", "noEvent"...
// Shortest text that reads back as the same double, always with a '.' or
// exponent so it stays a Real literal.
std::string formatReal(double value);

}  // namespace smc::flat
