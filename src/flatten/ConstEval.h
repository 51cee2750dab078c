// Compile-time evaluation of flat expressions: literals, arithmetic, the
// math built-ins, parameters or constants followed to their bindings (or
// start values) with cycle detection, and calls of user functions (their
// algorithms are interpreted, FunctionEval.cpp). Used for structure (array
// sizes, loop ranges) and to fold parameter values into literals.
#pragma once

#include "flatten/FlatModel.h"

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
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

// String(value, significantDigits = d, minimumLength = n, leftJustified =
// l) of spec 3.7.1.2: a Real as "%.<d>g" (d clamped to 1..17), padded with
// blanks to n characters (n clamped to kMaxStringMinimumLength).
inline constexpr long long kMaxStringMinimumLength = 1000;
// The longest String evaluated at translation: a function that grows one
// without end stops there (and is left to the FMU, which has its own
// bound) instead of exhausting smc's memory.
inline constexpr size_t kMaxTranslationStringLength = size_t{16} << 20;
std::string formatStringOf(const Constant& value, long long significantDigits, long long minimumLength,
                           bool leftJustified);
// String(value, format = f) of spec 3.7.1.2: f is "[flags][width][.precision]
// conversion" as in C's printf without the '%': flags from "-+ #0", width
// and precision at most kMaxStringMinimumLength, the conversion one of
// "eEfFgG" (an Integer value is converted to Real for it) or, for an
// Integer, "diouxXc". Empty when f is not such a format or the value is
// not a number; the runtime (model_strings.c) accepts the same formats.
std::optional<std::string> formatStringWith(const Constant& value, const std::string& format);

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
    // It calls an external function: only the FMU can compute it, which
    // is no error where a value may wait for the run.
    bool needsRun = false;
  };
  const Error& error() const { return error_; }

  // How many statements of user functions one evaluator may run before it
  // gives up on an endless loop.
  void setStepLimit(long long steps) { stepLimit_ = steps; }

  // Reads a variable that is neither parameter nor constant as its start
  // value (0 without one): an estimate of the model at its start, for
  // choices that need numbers where only the run knows them.
  void readStartValues() { startValues_ = true; }

  // Impure external functions (spec 12.3 lets a parameter's binding call
  // one) run at translation only for values that fix the model's
  // structure (an array size from Streams.readMatrixSize): Always there.
  // Values that may wait (a parameter folded into modelDescription.xml)
  // use Remembered: an impure call the structure already made keeps its
  // answer, any other is left to the FMU.
  enum class ImpureCalls { Never, Remembered, Always };
  void setImpureCalls(ImpureCalls calls) { impureCalls_ = calls; }

private:
  std::nullopt_t fail(SourceRange range, std::string message, bool needsRun = false) {
    error_ = {std::move(message), range, needsRun};
    return std::nullopt;
  }
  // `value`, the exact result of the Integer operation `symbol` ("+",
  // "div"...) on `operands`, or an overflow error naming the operation.
  std::optional<Constant> integerResult(long long value, SourceRange at, std::string_view symbol,
                                        std::initializer_list<long long> operands);

  // --- FunctionEval.cpp: interpreting a user function's algorithm.
  // The variables of the function being run; Var reads them while set.
  struct Frame {
    const Function* function = nullptr;
    std::vector<std::optional<Constant>> values;
  };
  enum class Flow { Next, Break, Return, Failed };
  std::optional<Constant> evaluateFunctionCall(const Expr& call, SourceRange at);
  // Runs the callee; the returned frame holds every variable afterwards.
  std::optional<Frame> callFunction(const Expr& call, SourceRange at);
  // ExternalEval.cpp: an external function's C code run by the model's
  // ExternalRunner, the frame holding its inputs.
  std::optional<Frame> callExternal(Frame frame, SourceRange at);
  Flow execute(const std::vector<Statement>& statements, Frame& frame);
  Flow execute(const Statement& statement, Frame& frame);
  std::optional<Constant> readLocal(VarId var, SourceRange at);
  // The variable an Element expression selects in the current frame.
  std::optional<VarId> elementVariable(const Expr& element, SourceRange at);
  bool assignLocal(Frame& frame, VarId var, Constant value, SourceRange at);

  const FlatModel& model_;
  std::vector<VarId> evaluating_;
  Error error_;
  Frame* frame_ = nullptr;  // null outside function bodies
  int callDepth_ = 0;
  long long steps_ = 0;     // statements run, bounded to stop endless loops
  long long stepLimit_ = 2'000'000;
  bool startValues_ = false;
  ImpureCalls impureCalls_ = ImpureCalls::Never;
};

}  // namespace smc::flat
