// Expressions to LLVM IR with Modelica's semantics (spec 3.4-3.7, 10.6):
// Integer arithmetic when both operands are Integer (except `/`, always
// Real), `^` always Real, relations give i1, if-expressions branch so the
// branch not taken is never evaluated, built-ins map to LLVM intrinsics or
// libm. Values are typed Real (double), Integer (i32) or Boolean (i1);
// Integer converts to Real implicitly, nothing else converts.
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

enum class ValueType { Real, Integer, Boolean };

ValueType valueTypeOf(flat::BaseType type);
const char* toString(ValueType type);

// A generated value and its Modelica type; value is null after an error
// (already reported).
struct Typed {
  llvm::Value* value = nullptr;
  ValueType type = ValueType::Real;
};

class ExprEmitter {
public:
  ExprEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder)
      : ctx_(ctx), frame_(frame), b_(builder) {}

  Typed emit(const flat::Expr& e);
  // emit() converted to `target`; null after an error.
  llvm::Value* emitAs(const flat::Expr& e, ValueType target);

  Typed load(flat::VarId id, SourceRange where);
  // Stores into the variable's slot, converting Integer to Real if needed.
  bool store(flat::VarId id, Typed value, SourceRange where);
  // A literal start value in the variable's slot.
  void storeLiteral(flat::VarId id, const Literal& value);

private:
  Typed emitLiteral(const flat::Expr& e);
  Typed emitUnary(const flat::Expr& e);
  Typed emitBinary(const flat::Expr& e);
  Typed emitArithmetic(flat::Op op, Typed lhs, Typed rhs, SourceRange where);
  Typed emitRelation(flat::Op op, Typed lhs, Typed rhs, SourceRange where);
  Typed emitIf(const flat::Expr& e);
  Typed emitCall(const flat::Expr& e);
  Typed emitMinMax(bool isMin, Typed x, Typed y, SourceRange where);
  Typed emitSign(Typed x);
  Typed emitDivision(flat::Builtin fn, Typed x, Typed y, SourceRange where);
  llvm::Value* emitIntegerDivision(flat::Builtin fn, llvm::Value* x, llvm::Value* y);

  llvm::Value* convert(Typed v, ValueType target, SourceRange where);
  llvm::Value* libm(const char* name, llvm::ArrayRef<llvm::Value*> args);
  Typed error(SourceRange where, std::string message);

  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
};

}  // namespace smc::codegen
