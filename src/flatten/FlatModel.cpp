// Constructors of flat expressions and the names of built-ins. The text form
// of the flat model is in FlatDump.cpp.
#include "flatten/FlatModel.h"

#include <fmt/format.h>

#include <charconv>

namespace smc::flat {

std::vector<std::pair<size_t, size_t>> whenConditionRanges(const Statement& when) {
  std::vector<std::pair<size_t, size_t>> ranges;
  if (when.conditionCounts.empty()) {
    for (size_t i = 0; i < when.conditions.size(); ++i) ranges.emplace_back(i, i + 1);
    return ranges;
  }
  size_t begin = 0;
  for (uint32_t count : when.conditionCounts) {
    ranges.emplace_back(begin, begin + count);
    begin += count;
  }
  return ranges;
}

namespace {

ExprPtr make(Expr expr) { return std::make_shared<const Expr>(std::move(expr)); }

}  // namespace

std::string formatReal(double value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  // Keep a Real recognisable as Real in flat Modelica: 2 -> 2.0.
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

ExprPtr makeReal(double value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Real;
  e.real = value;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeInteger(long long value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Integer;
  e.integer = value;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeBoolean(bool value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Boolean;
  e.boolean = value;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeString(std::string value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::String;
  e.text = std::move(value);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeVar(VarId var, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Var;
  e.var = var;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeTime(SourceRange range) {
  Expr e;
  e.kind = ExprKind::Time;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeUnary(Op op, ExprPtr operand, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Unary;
  e.op = op;
  e.args = {std::move(operand)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Binary;
  e.op = op;
  e.args = {std::move(lhs), std::move(rhs)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeCall(Builtin fn, std::vector<ExprPtr> args, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Call;
  e.fn = fn;
  e.args = std::move(args);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeIf(ExprPtr condition, ExprPtr then, ExprPtr otherwise, SourceRange range) {
  Expr e;
  e.kind = ExprKind::If;
  e.args = {std::move(condition), std::move(then), std::move(otherwise)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeDer(ExprPtr operand, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Der;
  e.args = {std::move(operand)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makePre(ExprPtr var, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Pre;
  e.args = {std::move(var)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeDelay(ExprPtr value, ExprPtr delayTime, ExprPtr delayMax, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Delay;
  e.args = {std::move(value), std::move(delayTime), std::move(delayMax)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeInitial(SourceRange range) {
  Expr e;
  e.kind = ExprKind::Initial;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeTerminal(SourceRange range) {
  Expr e;
  e.kind = ExprKind::Terminal;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeSample(ExprPtr start, ExprPtr interval, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Sample;
  e.args = {std::move(start), std::move(interval)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeFunctionCall(uint32_t function, uint32_t output, std::vector<ExprPtr> inputs,
                         SourceRange range) {
  Expr e;
  e.kind = ExprKind::FunctionCall;
  e.function = function;
  e.output = output;
  e.args = std::move(inputs);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeElement(uint32_t declared, std::vector<ExprPtr> subscripts, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Element;
  e.integer = declared;
  e.args = std::move(subscripts);
  e.range = range;
  return make(std::move(e));
}

size_t valuesGiven(const Equation& equation) {
  if (equation.lhs->kind != ExprKind::Tuple) return 1;
  size_t count = 0;
  for (const auto& slot : equation.lhs->args) count += slot ? 1 : 0;
  return count;
}

size_t DeclaredVariable::size() const {
  size_t n = 1;
  for (long long d : dims) n *= static_cast<size_t>(d);
  return n;
}

ExprPtr makeTuple(std::vector<ExprPtr> slots, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Tuple;
  e.args = std::move(slots);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeClockConstructor(ClockForm form, std::vector<ExprPtr> args, SourceRange range) {
  Expr e;
  e.kind = ExprKind::ClockConstructor;
  e.clockForm = form;
  e.args = std::move(args);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeClockOp(ClockOperator op, std::vector<ExprPtr> args, SourceRange range) {
  Expr e;
  e.kind = ExprKind::ClockOp;
  e.clockOp = op;
  e.args = std::move(args);
  e.range = range;
  return make(std::move(e));
}

const char* toString(ClockOperator op) {
  switch (op) {
    case ClockOperator::Sample: return "sample";
    case ClockOperator::Hold: return "hold";
    case ClockOperator::Previous: return "previous";
    case ClockOperator::SubSample: return "subSample";
    case ClockOperator::SuperSample: return "superSample";
    case ClockOperator::ShiftSample: return "shiftSample";
    case ClockOperator::BackSample: return "backSample";
    case ClockOperator::NoClock: return "noClock";
    case ClockOperator::Interval: return "interval";
    case ClockOperator::FirstTick: return "firstTick";
  }
  return "?";
}

const char* toString(Builtin fn) {
  switch (fn) {
    case Builtin::Abs: return "abs";
    case Builtin::Sign: return "sign";
    case Builtin::Sqrt: return "sqrt";
    case Builtin::Sin: return "sin";
    case Builtin::Cos: return "cos";
    case Builtin::Tan: return "tan";
    case Builtin::Asin: return "asin";
    case Builtin::Acos: return "acos";
    case Builtin::Atan: return "atan";
    case Builtin::Atan2: return "atan2";
    case Builtin::Sinh: return "sinh";
    case Builtin::Cosh: return "cosh";
    case Builtin::Tanh: return "tanh";
    case Builtin::Exp: return "exp";
    case Builtin::Log: return "log";
    case Builtin::Log10: return "log10";
    case Builtin::Min: return "min";
    case Builtin::Max: return "max";
    case Builtin::Floor: return "floor";
    case Builtin::Ceil: return "ceil";
    case Builtin::Integer: return "integer";
    case Builtin::Div: return "div";
    case Builtin::Mod: return "mod";
    case Builtin::Rem: return "rem";
    case Builtin::NoEvent: return "noEvent";
    case Builtin::Smooth: return "smooth";
    case Builtin::SemiLinear: return "semiLinear";
    case Builtin::String:
    case Builtin::StringFormat: return "String";
  }
  return "?";
}

bool mentionsClocks(const Expr& e) {
  if (e.kind == ExprKind::ClockOp || e.kind == ExprKind::ClockConstructor) return true;
  for (const auto& a : e.args)
    if (a && mentionsClocks(*a)) return true;
  return false;
}

}  // namespace smc::flat
