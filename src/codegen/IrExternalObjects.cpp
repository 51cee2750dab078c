// Destruction of external objects (see IrExternalObjects.h).
#include "codegen/IrExternalObjects.h"

#include <fmt/format.h>

namespace smc::codegen {

llvm::Function* emitDestroyExternalObjects(IrContext& ctx) {
  if (ctx.layout.numExternalObjects == 0) return nullptr;
  auto* type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx.llvm), {ctx.types.ptr}, false);
  llvm::Function* fn =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, "smc_destroy_external_objects", ctx.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  llvm::Value* slots = frame.arrayOf(flat::BaseType::ExternalObject);
  for (auto info = ctx.layout.vars.rbegin(); info != ctx.layout.vars.rend(); ++info) {
    if (info->type != flat::BaseType::ExternalObject) continue;
    const flat::Variable& v = ctx.model.flat.variables[info->id];
    if (!v.destructor || *v.destructor >= ctx.functions.size() || !ctx.functions[*v.destructor]) {
      ctx.diags.errorf(v.range, "internal error: external object '{}' has no destructor", v.name);
      continue;
    }
    llvm::Value* slot = builder.CreateConstInBoundsGEP1_32(ctx.types.ptr, slots,
                                                           static_cast<unsigned>(info->valueReference), v.name);
    llvm::Value* object = builder.CreateLoad(ctx.types.ptr, slot, v.name + ".object");
    builder.CreateStore(llvm::ConstantPointerNull::get(ctx.types.ptr), slot);
    auto* destroy = llvm::BasicBlock::Create(ctx.llvm, "destroy", fn);
    auto* next = llvm::BasicBlock::Create(ctx.llvm, "next", fn);
    builder.CreateCondBr(builder.CreateIsNull(object), next, destroy);
    builder.SetInsertPoint(destroy);
    // A failing destructor has reported why; the others still run.
    builder.CreateCall(ctx.functions[*v.destructor], {frame.data(), object});
    builder.CreateBr(next);
    builder.SetInsertPoint(next);
  }
  builder.CreateRetVoid();
  return fn;
}

}  // namespace smc::codegen
