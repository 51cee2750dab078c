// String values when the model runs (ValueType::String, see IrExpr.h): a
// literal is a private constant of the module; `+`, String() and the
// relations call the runtime's smc_string_* services (smc/model.h), whose
// results live until the model call returns. Strings never reach a model
// variable's slot: a String variable that changes during simulation is
// rejected by the layout, so they flow only through expressions, function
// variables and external calls.
#include "codegen/IrExpr.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

llvm::FunctionCallee stringService(IrContext& ctx, const char* name, llvm::Type* result,
                                   std::vector<llvm::Type*> params) {
  llvm::FunctionCallee callee = ctx.module.getOrInsertFunction(name, llvm::FunctionType::get(result, params, false));
  if (auto* fn = llvm::dyn_cast<llvm::Function>(callee.getCallee())) fn->addFnAttr(llvm::Attribute::NoUnwind);
  return callee;
}

}  // namespace

Typed ExprEmitter::emitStringLiteral(const std::string& text) {
  return {messageConstant(ctx_, text), ValueType::String};
}

Typed ExprEmitter::emitStringConcat(Typed lhs, Typed rhs, SourceRange where) {
  if (lhs.type != ValueType::String || rhs.type != ValueType::String)
    return error(where, fmt::format("'+' joins two Strings, not a {} and a {} (String() converts a value, "
                                    "spec 3.7.1.2)",
                                    toString(lhs.type), toString(rhs.type)));
  llvm::Type* ptr = ctx_.types.ptr;
  return {b_.CreateCall(stringService(ctx_, "smc_string_concat", ptr, {ptr, ptr, ptr}),
                        {frame_.data(), lhs.value, rhs.value}, "joined"),
          ValueType::String};
}

Typed ExprEmitter::emitStringRelation(flat::Op op, Typed lhs, Typed rhs, SourceRange where) {
  if (lhs.type != ValueType::String || rhs.type != ValueType::String)
    return error(where, fmt::format("comparison of a {} with a {}", toString(lhs.type), toString(rhs.type)));
  llvm::Type* i32 = ctx_.types.integer;
  llvm::Value* order = b_.CreateCall(stringService(ctx_, "smc_string_compare", i32, {ctx_.types.ptr, ctx_.types.ptr}),
                                     {lhs.value, rhs.value}, "order");
  using P = llvm::CmpInst::Predicate;
  P predicate = P::ICMP_EQ;
  switch (op) {
    case flat::Op::Less: predicate = P::ICMP_SLT; break;
    case flat::Op::LessEq: predicate = P::ICMP_SLE; break;
    case flat::Op::Greater: predicate = P::ICMP_SGT; break;
    case flat::Op::GreaterEq: predicate = P::ICMP_SGE; break;
    case flat::Op::NotEqual: predicate = P::ICMP_NE; break;
    case flat::Op::Equal: predicate = P::ICMP_EQ; break;
    case flat::Op::Negate: case flat::Op::Not: case flat::Op::Add: case flat::Op::Sub:
    case flat::Op::Mul: case flat::Op::Div: case flat::Op::Pow: case flat::Op::And:
    case flat::Op::Or: return error(where, "internal error: not a relation");
  }
  return {b_.CreateICmp(predicate, order, b_.getInt32(0)), ValueType::Boolean};
}

// String(value, significantDigits, minimumLength, leftJustified), the
// form the flattener gives every call (defaults filled in), or
// String(value, format = f).
Typed ExprEmitter::emitStringOf(const flat::Expr& call) {
  if (call.fn == flat::Builtin::StringFormat) return emitFormattedString(call);
  if (call.args.size() != 4 || !call.args[0] || !call.args[1] || !call.args[2] || !call.args[3])
    return error(call.range, "internal error: String() without its four arguments");
  Typed value = emit(*call.args[0]);
  llvm::Value* digits = emitAs(*call.args[1], ValueType::Integer);
  llvm::Value* width = emitAs(*call.args[2], ValueType::Integer);
  llvm::Value* left = emitAs(*call.args[3], ValueType::Boolean);
  if (!value.value || !digits || !width || !left) return {};
  llvm::Type* ptr = ctx_.types.ptr;
  llvm::Type* i32 = ctx_.types.integer;
  llvm::Value* leftFlag = b_.CreateZExt(left, i32);
  switch (value.type) {
    case ValueType::Real:
      return {b_.CreateCall(stringService(ctx_, "smc_string_of_real", ptr, {ptr, ctx_.types.real, i32, i32, i32}),
                            {frame_.data(), value.value, digits, width, leftFlag}, "text"),
              ValueType::String};
    case ValueType::Integer:
      return {b_.CreateCall(stringService(ctx_, "smc_string_of_integer", ptr, {ptr, i32, i32, i32}),
                            {frame_.data(), value.value, width, leftFlag}, "text"),
              ValueType::String};
    case ValueType::Boolean:
      return {b_.CreateCall(stringService(ctx_, "smc_string_of_boolean", ptr, {ptr, i32, i32, i32}),
                            {frame_.data(), b_.CreateZExt(value.value, i32), width, leftFlag}, "text"),
              ValueType::String};
    case ValueType::String: return value;
    case ValueType::Object: break;
  }
  return error(call.args[0]->range, "String() cannot show an external object");
}

Typed ExprEmitter::emitFormattedString(const flat::Expr& call) {
  if (call.args.size() != 2 || !call.args[0] || !call.args[1])
    return error(call.range, "internal error: String(value, format) without its two arguments");
  Typed value = emit(*call.args[0]);
  llvm::Value* format = emitAs(*call.args[1], ValueType::String);
  if (!value.value || !format) return {};
  llvm::Type* ptr = ctx_.types.ptr;
  if (value.type == ValueType::Real)
    return {b_.CreateCall(stringService(ctx_, "smc_string_format_real", ptr, {ptr, ctx_.types.real, ptr}),
                          {frame_.data(), value.value, format}, "text"),
            ValueType::String};
  if (value.type == ValueType::Integer)
    return {b_.CreateCall(stringService(ctx_, "smc_string_format_integer", ptr, {ptr, ctx_.types.integer, ptr}),
                          {frame_.data(), value.value, format}, "text"),
            ValueType::String};
  return error(call.args[0]->range, fmt::format("String() with a format converts a Real or Integer, not a {}",
                                                toString(value.type)));
}

}  // namespace smc::codegen
