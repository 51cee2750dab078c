// External function calls (see IrExternal.h).
#include "codegen/IrExternal.h"

namespace smc::codegen {

namespace {

// The C type of a Modelica value: double, void* for an external object,
// const char* for a String, or int for the others.
llvm::Type* cTypeOf(IrContext& ctx, ValueType type) {
  if (type == ValueType::Object || type == ValueType::String) return ctx.types.ptr;
  return type == ValueType::Real ? ctx.types.real : llvm::Type::getInt32Ty(ctx.llvm);
}

// A String from C: null (which the C function should not give) is "", so
// nothing downstream reads through it.
llvm::Value* nonNullString(llvm::IRBuilder<>& builder, ExprEmitter& exprs, llvm::Value* text) {
  return builder.CreateSelect(builder.CreateIsNull(text), exprs.emitStringLiteral("").value, text);
}

}  // namespace

void emitExternalCall(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, ExprEmitter& exprs,
                      const LocalScope& scope, const flat::Function& fn) {
  const flat::ExternalCall& call = *fn.external;
  if (call.language == flat::ExternalLanguage::Fortran77) return emitFortranCall(ctx, frame, builder, exprs, scope, fn);
  llvm::Type* int32 = llvm::Type::getInt32Ty(ctx.llvm);
  std::vector<llvm::Type*> params;
  std::vector<llvm::Value*> args;
  // Boolean outputs passed by address: the int the C function writes, and the slot it goes to.
  std::vector<std::pair<llvm::Value*, llvm::Value*>> booleanOutputs;
  // String outputs passed by address: the slot the C function writes its const char* to.
  std::vector<llvm::Value*> stringOutputs;
  // Boolean output arrays: the int[] copy the C function writes, and the array it goes to.
  std::vector<std::pair<llvm::AllocaInst*, llvm::AllocaInst*>> booleanArrays;
  for (const flat::ExternalArg& arg : call.args) {
    switch (arg.kind) {
      case flat::ExternalArgKind::Value: {
        Typed value = exprs.emit(*arg.value);
        if (!value.value) return;
        llvm::Value* c = value.type == ValueType::Boolean ? builder.CreateZExt(value.value, int32) : value.value;
        params.push_back(cTypeOf(ctx, value.type));
        args.push_back(c);
        break;
      }
      case flat::ExternalArgKind::Size: {
        Typed value = exprs.emit(*arg.value);
        if (!value.value) return;
        llvm::Type* sizeType = llvm::Type::getInt64Ty(ctx.llvm);
        params.push_back(sizeType);
        args.push_back(value.type == ValueType::Real ? builder.CreateFPToUI(value.value, sizeType)
                                                     : builder.CreateSExt(value.value, sizeType));
        break;
      }
      case flat::ExternalArgKind::Array: {
        params.push_back(ctx.types.ptr);
        const flat::DeclaredVariable& declared = fn.declared[arg.declared];
        llvm::AllocaInst* array = scope.arrays[arg.declared];
        if (fn.variables[declared.first].type != flat::BaseType::Boolean) {
          args.push_back(array);
          break;
        }
        // C sees a Boolean array as int[]: a copy, written back after the
        // call when the function may change it (an output).
        auto* asInts = llvm::ArrayType::get(int32, declared.size());
        llvm::AllocaInst* copy = frame.stackSlot(asInts, declared.name + ".c");
        for (size_t k = 0; k < declared.size(); ++k) {
          llvm::Value* element = builder.CreateLoad(builder.getInt1Ty(), builder.CreateConstInBoundsGEP2_64(
                                                                             array->getAllocatedType(), array, 0, k));
          builder.CreateStore(builder.CreateZExt(element, int32), builder.CreateConstInBoundsGEP2_64(asInts, copy, 0, k));
        }
        if (declared.causality == flat::Causality::Output) booleanArrays.emplace_back(copy, array);
        args.push_back(copy);
        break;
      }
      case flat::ExternalArgKind::OutputAddress: {
        params.push_back(ctx.types.ptr);
        llvm::Value* slot = scope.slots[arg.variable];
        if (fn.variables[arg.variable].type == flat::BaseType::Boolean) {
          llvm::Value* asInt = frame.stackSlot(int32, fn.variables[arg.variable].name + ".c");
          builder.CreateStore(builder.getInt32(0), asInt);
          booleanOutputs.emplace_back(asInt, slot);
          slot = asInt;
        }
        if (fn.variables[arg.variable].type == flat::BaseType::String) stringOutputs.push_back(slot);
        args.push_back(slot);
        break;
      }
    }
  }
  const flat::Variable* result = call.result ? &fn.variables[*call.result] : nullptr;
  const ValueType resultType = result ? valueTypeOf(result->type) : ValueType::Real;
  llvm::Type* returnType = result ? cTypeOf(ctx, resultType) : builder.getVoidTy();
  auto* type = llvm::FunctionType::get(returnType, params, false);
  llvm::FunctionCallee callee = ctx.module.getOrInsertFunction(call.symbol, type);
  llvm::CallInst* returned = builder.CreateCall(type, callee.getCallee(), args);
  if (result) {
    llvm::Value* value = returned;
    if (resultType == ValueType::Boolean) value = builder.CreateICmpNE(value, builder.getInt32(0));
    if (resultType == ValueType::String) value = nonNullString(builder, exprs, value);
    builder.CreateStore(value, scope.slots[*call.result]);
  }
  for (llvm::Value* slot : stringOutputs)
    builder.CreateStore(nonNullString(builder, exprs, builder.CreateLoad(ctx.types.ptr, slot)), slot);
  for (const auto& [asInt, slot] : booleanOutputs)
    builder.CreateStore(builder.CreateICmpNE(builder.CreateLoad(int32, asInt), builder.getInt32(0)), slot);
  for (const auto& [copy, array] : booleanArrays) {
    const uint64_t n = llvm::cast<llvm::ArrayType>(copy->getAllocatedType())->getNumElements();
    for (uint64_t k = 0; k < n; ++k) {
      llvm::Value* value = builder.CreateLoad(int32, builder.CreateConstInBoundsGEP2_64(copy->getAllocatedType(), copy, 0, k));
      builder.CreateStore(builder.CreateICmpNE(value, builder.getInt32(0)),
                          builder.CreateConstInBoundsGEP2_64(array->getAllocatedType(), array, 0, k));
    }
  }
}

}  // namespace smc::codegen
