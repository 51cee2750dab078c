// Integer arithmetic on literals alone (`1000000 * 1000000`,
// `div(-2147483648, -1)`) has its value at translation time wherever it is
// written, in an equation as much as in a parameter's binding. Each lowered
// expression is checked once, bottom-up, by the constant evaluator's exact
// arithmetic, so that an overflow is a located error naming the operation
// when the model is compiled (IntegerRange.h), rather than a failure of the
// FMU when it runs. Nothing is folded: the flat model keeps what was
// written.
#include "flatten/Flattener.h"

namespace smc::flatten {

namespace {

// Operations with an Integer result for Integer operands (or, integer(),
// for a Real one).
bool isIntegerOperation(const flat::Expr& e) {
  switch (e.kind) {
    case flat::ExprKind::Unary: return e.op == flat::Op::Negate;
    case flat::ExprKind::Binary:
      return e.op == flat::Op::Add || e.op == flat::Op::Sub || e.op == flat::Op::Mul;
    case flat::ExprKind::Call:
      return e.fn == flat::Builtin::Abs || e.fn == flat::Builtin::Div || e.fn == flat::Builtin::Mod ||
             e.fn == flat::Builtin::Rem || e.fn == flat::Builtin::Min || e.fn == flat::Builtin::Max ||
             e.fn == flat::Builtin::Integer;
    default: return false;
  }
}

class LiteralArithmetic {
public:
  LiteralArithmetic(const flat::FlatModel& model, DiagnosticEngine& diags)
      : evaluator_(model), diags_(diags) {}

  // The value of `e` when it is a number literal or an Integer operation on
  // such values; empty otherwise, and after reporting an overflow.
  std::optional<flat::Constant> valueOf(const flat::Expr& e) {
    std::vector<std::optional<flat::Constant>> values;
    bool literalOperands = true;
    for (const flat::ExprPtr& arg : e.args) {
      values.push_back(arg ? valueOf(*arg) : std::nullopt);
      literalOperands = literalOperands && values.back();
    }
    if (e.kind == flat::ExprKind::Integer || e.kind == flat::ExprKind::Real)
      return evaluator_.evaluate(e);
    if (!literalOperands || !isIntegerOperation(e)) return std::nullopt;
    flat::Expr folded = e;
    for (size_t i = 0; i < values.size(); ++i) folded.args[i] = flat::makeLiteral(*values[i], e.args[i]->range);
    std::optional<flat::Constant> value = evaluator_.evaluate(folded, e.range);
    if (!value) diags_.error(evaluator_.error().range, evaluator_.error().message);
    return value;
  }

private:
  flat::ConstantEvaluator evaluator_;
  DiagnosticEngine& diags_;
};

}  // namespace

bool Flattener::checkLiteralArithmetic(const Value& value) {
  const unsigned errorsBefore = diags_.errorReports();
  LiteralArithmetic arithmetic(model_, diags_);
  for (const flat::ExprPtr& element : value.elements)
    if (element) arithmetic.valueOf(*element);
  return diags_.errorReports() == errorsBefore;
}

}  // namespace smc::flatten
