// Run-time messages (see IrMessages.h).
#include "codegen/IrMessages.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

// The message's pieces from left to right: the leaves of its '+' tree.
void collectPieces(const flat::Expr& e, std::vector<const flat::Expr*>& out) {
  if (e.kind == flat::ExprKind::Binary && e.op == flat::Op::Add && e.args.size() == 2 && e.args[0] &&
      e.args[1]) {
    collectPieces(*e.args[0], out);
    collectPieces(*e.args[1], out);
    return;
  }
  out.push_back(&e);
}

llvm::FunctionCallee service(IrContext& ctx, const char* name, std::vector<llvm::Type*> params,
                             llvm::Type* result) {
  llvm::FunctionCallee callee =
      ctx.module.getOrInsertFunction(name, llvm::FunctionType::get(result, params, false));
  if (auto* fn = llvm::dyn_cast<llvm::Function>(callee.getCallee())) fn->addFnAttr(llvm::Attribute::NoUnwind);
  return callee;
}

}  // namespace

bool checkRuntimeMessage(IrContext& ctx, const flat::Expr& message, SourceRange where) {
  std::vector<const flat::Expr*> pieces;
  collectPieces(message, pieces);
  for (const flat::Expr* piece : pieces) {
    if (piece->kind == flat::ExprKind::String) continue;
    if (piece->kind == flat::ExprKind::Call && piece->fn == flat::Builtin::String && piece->args.size() == 4) continue;
    ctx.diags.unsupported(piece->range.valid() ? piece->range : where,
                          "a message piece other than a String literal or String() of a value");
    return false;
  }
  return true;
}

llvm::Value* emitRuntimeMessage(IrContext& ctx, llvm::IRBuilder<>& b, ExprEmitter& exprs, llvm::Value* data,
                                const flat::Expr& message, const std::string& suffix) {
  llvm::Type* ptr = ctx.types.ptr;
  llvm::Type* i32 = ctx.types.integer;
  llvm::Type* voidType = llvm::Type::getVoidTy(ctx.llvm);
  auto appendText = [&](const std::string& text) {
    b.CreateCall(service(ctx, "smc_message_append_text", {ptr, ptr}, voidType), {data, messageConstant(ctx, text)});
  };
  b.CreateCall(service(ctx, "smc_message_begin", {ptr}, voidType), {data});
  std::vector<const flat::Expr*> pieces;
  collectPieces(message, pieces);
  for (const flat::Expr* piece : pieces) {
    if (piece->kind == flat::ExprKind::String) {
      appendText(piece->text);
      continue;
    }
    // String(value, significantDigits, minimumLength, leftJustified)
    Typed value = exprs.emit(*piece->args[0]);
    llvm::Value* digits = exprs.emitAs(*piece->args[1], ValueType::Integer);
    llvm::Value* width = exprs.emitAs(*piece->args[2], ValueType::Integer);
    llvm::Value* left = exprs.emitAs(*piece->args[3], ValueType::Boolean);
    if (!value.value || !digits || !width || !left) return nullptr;
    llvm::Value* leftFlag = b.CreateZExt(left, i32);
    switch (value.type) {
      case ValueType::Real:
        b.CreateCall(service(ctx, "smc_message_append_real", {ptr, ctx.types.real, i32, i32, i32}, voidType),
                     {data, value.value, digits, width, leftFlag});
        break;
      case ValueType::Integer:
        b.CreateCall(service(ctx, "smc_message_append_integer", {ptr, i32, i32, i32}, voidType),
                     {data, value.value, width, leftFlag});
        break;
      case ValueType::Boolean:
        b.CreateCall(service(ctx, "smc_message_append_boolean", {ptr, i32, i32, i32}, voidType),
                     {data, b.CreateZExt(value.value, i32), width, leftFlag});
        break;
      case ValueType::Object:
        ctx.diags.error(piece->args[0]->range, "String() cannot show an external object");
        return nullptr;
    }
  }
  if (!suffix.empty()) appendText(suffix);
  return b.CreateCall(service(ctx, "smc_message_text", {ptr}, ptr), {data});
}

}  // namespace smc::codegen
