// Built-in functions (spec 3.7.1-3.7.3) to LLVM: intrinsics where LLVM has
// one (sqrt, sin, cos, exp, log, log10, floor, ceil, fabs, trunc), calls to
// libm otherwise (tan, asin, acos, atan, atan2, sinh, cosh, tanh), and inline
// code for the rest. Semantics, for x, y of either type:
//   div(x, y) = x/y truncated towards zero; rem(x, y) = x - div(x, y)*y;
//   mod(x, y) = x - floor(x/y)*y; integer(x) = floor(x) as Integer;
//   sign(x) = -1, 0 or 1 (Integer); min/max Integer when both are Integer;
//   semiLinear(x, k+, k-) = if x >= 0 then k+*x else k-*x (spec 3.7.2).
// Integer div/mod/rem by zero report the expression's location through
// smc_report_failure and make the callback return SMC_FAILED instead of
// trapping; Integer results that do not fit in 32 bits do the same
// (IrIntegerArithmetic.cpp). noEvent(e) and smooth(p, e) evaluate e: relations that generate
// events were replaced by their relation variables during causalization.
#include "codegen/IrExpr.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

struct BuiltinInfo {
  const char* name;  // the Modelica name
  size_t arity;
};

BuiltinInfo infoOf(flat::Builtin fn) {
  using B = flat::Builtin;
  switch (fn) {
    case B::Abs: return {"abs", 1};
    case B::Sign: return {"sign", 1};
    case B::Sqrt: return {"sqrt", 1};
    case B::Sin: return {"sin", 1};
    case B::Cos: return {"cos", 1};
    case B::Tan: return {"tan", 1};
    case B::Asin: return {"asin", 1};
    case B::Acos: return {"acos", 1};
    case B::Atan: return {"atan", 1};
    case B::Atan2: return {"atan2", 2};
    case B::Sinh: return {"sinh", 1};
    case B::Cosh: return {"cosh", 1};
    case B::Tanh: return {"tanh", 1};
    case B::Exp: return {"exp", 1};
    case B::Log: return {"log", 1};
    case B::Log10: return {"log10", 1};
    case B::Min: return {"min", 2};
    case B::Max: return {"max", 2};
    case B::Floor: return {"floor", 1};
    case B::Ceil: return {"ceil", 1};
    case B::Integer: return {"integer", 1};
    case B::Div: return {"div", 2};
    case B::Mod: return {"mod", 2};
    case B::Rem: return {"rem", 2};
    case B::NoEvent: return {"noEvent", 1};
    case B::Smooth: return {"smooth", 2};
    case B::SemiLinear: return {"semiLinear", 3};
    case B::String: return {"String", 4};
    case B::StringFormat: return {"String", 2};
  }
  return {"?", 0};
}

}  // namespace

llvm::Value* ExprEmitter::libm(const char* name, llvm::ArrayRef<llvm::Value*> args) {
  llvm::SmallVector<llvm::Type*, 2> params(args.size(), ctx_.types.real);
  llvm::FunctionType* type = llvm::FunctionType::get(ctx_.types.real, params, false);
  llvm::FunctionCallee callee = ctx_.module.getOrInsertFunction(name, type);
  if (auto* fn = llvm::dyn_cast<llvm::Function>(callee.getCallee()))
    fn->addFnAttr(llvm::Attribute::NoUnwind);
  return b_.CreateCall(callee, args);
}

Typed ExprEmitter::emitCall(const flat::Expr& e) {
  using B = flat::Builtin;
  const BuiltinInfo info = infoOf(e.fn);
  if (e.args.size() != info.arity)
    return error(e.range, fmt::format("'{}' takes {} argument{}, not {}", info.name, info.arity,
                                      info.arity == 1 ? "" : "s", e.args.size()));
  for (const flat::ExprPtr& arg : e.args)
    if (!arg)
      return error(e.range, fmt::format("internal error: '{}' has a null argument", info.name));

  // noEvent and smooth only evaluate their expression argument; smooth's
  // order argument is a hint for event handling.
  if (e.fn == B::NoEvent) return emit(*e.args[0]);
  if (e.fn == B::Smooth) return emit(*e.args[1]);
  if (e.fn == B::String || e.fn == B::StringFormat) return emitStringOf(e);

  std::vector<Typed> args;
  for (const flat::ExprPtr& arg : e.args) {
    args.push_back(emit(*arg));
    if (!args.back().value) return {};
    if (args.back().type == ValueType::Boolean)
      return error(arg->range, fmt::format("'{}' needs a numeric argument, not a Boolean",
                                           info.name));
  }
  auto real = [&](size_t i) { return convert(args[i], ValueType::Real, e.args[i]->range); };
  auto unaryIntrinsic = [&](llvm::Intrinsic::ID id) -> Typed {
    return {b_.CreateUnaryIntrinsic(id, real(0)), ValueType::Real};
  };

  switch (e.fn) {
    case B::Abs:
      if (args[0].type == ValueType::Integer)
        return {checkedAbs(args[0].value, e), ValueType::Integer};
      return unaryIntrinsic(llvm::Intrinsic::fabs);
    case B::Sign: return emitSign(args[0]);
    case B::Sqrt: return unaryIntrinsic(llvm::Intrinsic::sqrt);
    case B::Sin: return unaryIntrinsic(llvm::Intrinsic::sin);
    case B::Cos: return unaryIntrinsic(llvm::Intrinsic::cos);
    case B::Exp: return unaryIntrinsic(llvm::Intrinsic::exp);
    case B::Log: return unaryIntrinsic(llvm::Intrinsic::log);
    case B::Log10: return unaryIntrinsic(llvm::Intrinsic::log10);
    case B::Floor: return unaryIntrinsic(llvm::Intrinsic::floor);
    case B::Ceil: return unaryIntrinsic(llvm::Intrinsic::ceil);
    case B::Tan:
    case B::Asin:
    case B::Acos:
    case B::Atan:
    case B::Sinh:
    case B::Cosh:
    case B::Tanh: return {libm(info.name, {real(0)}), ValueType::Real};
    case B::Atan2: return {libm("atan2", {real(0), real(1)}), ValueType::Real};
    case B::Min:
    case B::Max: return emitMinMax(e.fn == B::Min, args[0], args[1], e.range);
    case B::Integer:
      if (args[0].type == ValueType::Integer) return args[0];
      return {checkedRealToInteger(args[0].value, e), ValueType::Integer};
    case B::Div:
    case B::Mod:
    case B::Rem: return emitDivision(e, args[0], args[1]);
    case B::SemiLinear: return emitSemiLinear(args[0], args[1], args[2], e.range);
    case B::NoEvent:
    case B::Smooth:
    case B::String:
    case B::StringFormat: break;  // handled above
  }
  return error(e.range, "internal error: unknown built-in function");
}

Typed ExprEmitter::emitSign(Typed x) {
  llvm::Value *positive, *negative;
  if (x.type == ValueType::Integer) {
    positive = b_.CreateICmpSGT(x.value, b_.getInt32(0));
    negative = b_.CreateICmpSLT(x.value, b_.getInt32(0));
  } else {
    llvm::Value* zero = llvm::ConstantFP::get(ctx_.types.real, 0.0);
    positive = b_.CreateFCmpOGT(x.value, zero);
    negative = b_.CreateFCmpOLT(x.value, zero);
  }
  return {b_.CreateSub(b_.CreateZExt(positive, ctx_.types.integer),
                       b_.CreateZExt(negative, ctx_.types.integer), "sign"),
          ValueType::Integer};
}

Typed ExprEmitter::emitMinMax(bool isMin, Typed x, Typed y, SourceRange where) {
  if (x.type == ValueType::Integer && y.type == ValueType::Integer) {
    llvm::Value* pickX =
        isMin ? b_.CreateICmpSLT(x.value, y.value) : b_.CreateICmpSGT(x.value, y.value);
    return {b_.CreateSelect(pickX, x.value, y.value), ValueType::Integer};
  }
  llvm::Value* a = convert(x, ValueType::Real, where);
  llvm::Value* b = convert(y, ValueType::Real, where);
  llvm::Value* pickA = isMin ? b_.CreateFCmpOLT(a, b) : b_.CreateFCmpOGT(a, b);
  return {b_.CreateSelect(pickA, a, b), ValueType::Real};
}

// All three operands are evaluated already (they have no side effects), so
// a select suffices; at x = 0 both arms are 0.
Typed ExprEmitter::emitSemiLinear(Typed x, Typed positive, Typed negative, SourceRange where) {
  llvm::Value* a = convert(x, ValueType::Real, where);
  llvm::Value* up = convert(positive, ValueType::Real, where);
  llvm::Value* down = convert(negative, ValueType::Real, where);
  llvm::Value* nonNegative = b_.CreateFCmpOGE(a, llvm::ConstantFP::get(ctx_.types.real, 0.0));
  return {b_.CreateSelect(nonNegative, b_.CreateFMul(up, a), b_.CreateFMul(down, a), "semiLinear"),
          ValueType::Real};
}

Typed ExprEmitter::emitDivision(const flat::Expr& e, Typed x, Typed y) {
  const flat::Builtin fn = e.fn;
  const SourceRange where = e.range;
  if (x.type == ValueType::Integer && y.type == ValueType::Integer)
    return {emitIntegerDivision(fn, x.value, y.value, e), ValueType::Integer};
  llvm::Value* a = convert(x, ValueType::Real, where);
  llvm::Value* b = convert(y, ValueType::Real, where);
  llvm::Value* quotient = b_.CreateFDiv(a, b);
  if (fn == flat::Builtin::Div)
    return {b_.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, quotient), ValueType::Real};
  llvm::Intrinsic::ID round =
      fn == flat::Builtin::Mod ? llvm::Intrinsic::floor : llvm::Intrinsic::trunc;
  llvm::Value* whole = b_.CreateUnaryIntrinsic(round, quotient);
  return {b_.CreateFSub(a, b_.CreateFMul(whole, b)), ValueType::Real};
}

// sdiv/srem are undefined for y == 0 and overflow for INT_MIN / -1: zero
// divisors fail the callback (with a message naming the call's location),
// and -1 is replaced by 1 with the quotient negated afterwards (the
// remainder by +-1 is 0 either way; div(-2147483648, -1) fails as an
// overflow).
llvm::Value* ExprEmitter::emitIntegerDivision(flat::Builtin fn, llvm::Value* x, llvm::Value* y,
                                              const flat::Expr& e) {
  const SourceRange where = e.range;
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx_.llvm, "div.nonzero", frame_.function());
  const std::string message = fmt::format("integer division by zero in {}() at {}",
                                          infoOf(fn).name, sourceLocation(ctx_, where));
  b_.CreateCondBr(b_.CreateICmpEQ(y, b_.getInt32(0)), frame_.reportBlock(message), ok);
  b_.SetInsertPoint(ok);
  llvm::Value* minusOne = b_.CreateICmpEQ(y, b_.getInt32(-1));
  llvm::Value* divisor = b_.CreateSelect(minusOne, b_.getInt32(1), y);
  if (fn == flat::Builtin::Div) {
    failIf(b_.CreateAnd(minusOne, b_.CreateICmpEQ(x, b_.getInt32(INT32_MIN))),
           overflowMessage(e));
    return b_.CreateSelect(minusOne, b_.CreateNeg(x), b_.CreateSDiv(x, divisor));
  }
  llvm::Value* remainder = b_.CreateSRem(x, divisor);
  if (fn == flat::Builtin::Rem) return remainder;
  // mod takes the sign of y: add y when the remainder is non-zero and its
  // sign differs from y's.
  llvm::Value* signsDiffer = b_.CreateICmpSLT(b_.CreateXor(remainder, y), b_.getInt32(0));
  llvm::Value* adjust = b_.CreateAnd(b_.CreateICmpNE(remainder, b_.getInt32(0)), signsDiffer);
  return b_.CreateSelect(adjust, b_.CreateAdd(remainder, y), remainder);
}

}  // namespace smc::codegen
