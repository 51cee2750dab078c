// External objects beyond initialization: destruction, and the log and
// replay that let FMU states hold them (see IrExternalObjects.h).
#include "codegen/IrExternalObjects.h"

#include "codegen/IrExpr.h"
#include "codegen/IrFunctions.h"
#include "smc/model.h"

#include <fmt/format.h>

#include <algorithm>

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

bool takesExternalObject(const flat::Function& fn) {
  for (uint32_t i = 0; i < fn.numInputs && i < fn.variables.size(); ++i)
    if (fn.variables[i].type == flat::BaseType::ExternalObject) return true;
  return false;
}

bool ExprEmitter::logExternalObjectCall(const flat::Expr& call, const flat::Function& fn,
                                        const std::vector<llvm::Value*>& arguments) {
  // Every model-level call is handed over, and the runtime drops those made
  // between events: a chunk of assignments emitted once may run in event
  // and in continuous callbacks alike (IrChunks.h).
  // arguments[1 + k] is the k-th input the function takes (takesInput).
  std::vector<llvm::Value*> values;
  size_t next = 1;
  for (uint32_t i = 0; i < fn.numInputs; ++i) {
    const flat::BaseType type = fn.variables[i].type;
    if (!takesInput(fn, i)) continue;
    if (type == flat::BaseType::String) {
      ctx_.diags.unsupported(call.range, fmt::format("calling '{}', which takes an external object, with its String "
                                                     "input '{}' computed when the model runs: an FMU state "
                                                     "could not replay the call",
                                                     fn.name, fn.variables[i].name));
      return false;
    }
    llvm::Value* value = next < arguments.size() ? arguments[next++] : nullptr;
    if (!value) {
      error(call.range, "internal error: a logged call lacks an input");
      return false;
    }
    switch (type) {
      case flat::BaseType::ExternalObject: {
        const flat::Expr* arg = i < call.args.size() ? call.args[i].get() : nullptr;
        if (!arg || arg->kind != flat::ExprKind::Var) {
          error(call.range, fmt::format("not supported yet: an external object given to '{}' that is not a "
                                        "component",
                                        fn.name));
          return false;
        }
        values.push_back(llvm::ConstantFP::get(ctx_.types.real, ctx_.layout.of(arg->var).valueReference));
        break;
      }
      case flat::BaseType::Integer: values.push_back(b_.CreateSIToFP(value, ctx_.types.real)); break;
      case flat::BaseType::Boolean: values.push_back(b_.CreateUIToFP(value, ctx_.types.real)); break;
      default: values.push_back(value); break;
    }
  }
  auto* arrayType = llvm::ArrayType::get(ctx_.types.real, std::max<size_t>(values.size(), 1));
  llvm::AllocaInst* buffer = frame_.stackSlot(arrayType, fn.name + ".logged");
  for (size_t k = 0; k < values.size(); ++k)
    b_.CreateStore(values[k], b_.CreateConstInBoundsGEP2_64(arrayType, buffer, 0, k));
  auto* type = llvm::FunctionType::get(b_.getVoidTy(), {ctx_.types.ptr, ctx_.types.integer, ctx_.types.integer,
                                                        ctx_.types.ptr},
                                       false);
  llvm::FunctionCallee log = ctx_.module.getOrInsertFunction("smc_external_log", type);
  b_.CreateCall(log, {frame_.data(), b_.getInt32(call.function), b_.getInt32(static_cast<uint32_t>(values.size())),
                      buffer});
  ctx_.loggedFunctions.insert(call.function);
  return true;
}

llvm::Function* emitConstructExternalObjects(IrContext& ctx) {
  if (ctx.layout.numExternalObjects == 0) return nullptr;
  llvm::Function* fn = llvm::Function::Create(ctx.types.callback, llvm::GlobalValue::InternalLinkage,
                                              "smc_construct_external_objects", ctx.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  ExprEmitter exprs(ctx, frame, builder);
  for (const VarInfo& info : ctx.layout.vars) {
    if (info.type != flat::BaseType::ExternalObject) continue;
    const flat::Variable& v = ctx.model.flat.variables[info.id];
    if (!v.binding) {
      ctx.diags.errorf(v.range, "internal error: external object '{}' has no constructor call", v.name);
      continue;
    }
    Typed value = exprs.emit(*v.binding);
    if (value.value) exprs.store(info.id, value, v.range);
  }
  builder.CreateRet(builder.getInt32(SMC_OK));
  return fn;
}

llvm::Function* emitReplayExternalCall(IrContext& ctx) {
  if (ctx.layout.numExternalObjects == 0) return nullptr;
  llvm::Type* i32 = ctx.types.integer;
  auto* type = llvm::FunctionType::get(i32, {ctx.types.ptr, i32, i32, ctx.types.ptr}, false);
  llvm::Function* fn =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, "smc_replay_external_call", ctx.module);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, fn);
  llvm::Value* which = fn->getArg(1);
  llvm::Value* count = fn->getArg(2);
  llvm::Value* values = fn->getArg(3);
  llvm::BasicBlock* unknown = frame.reportBlock("an FMU state's log of external object calls names no function "
                                                "of this model, or gives one the wrong inputs");
  llvm::SwitchInst* cases = builder.CreateSwitch(which, unknown, static_cast<unsigned>(ctx.loggedFunctions.size()));
  llvm::Value* slots = frame.arrayOf(flat::BaseType::ExternalObject);
  for (uint32_t index : ctx.loggedFunctions) {
    const flat::Function& callee = ctx.model.flat.functions[index];
    uint32_t expected = 0;  // the inputs passed as values: all but fixed Strings
    for (uint32_t i = 0; i < callee.numInputs; ++i) expected += takesInput(callee, i);
    auto* check = llvm::BasicBlock::Create(ctx.llvm, "replay." + callee.name, fn);
    auto* block = llvm::BasicBlock::Create(ctx.llvm, "call." + callee.name, fn);
    cases->addCase(builder.getInt32(index), check);
    builder.SetInsertPoint(check);
    builder.CreateCondBr(builder.CreateICmpEQ(count, builder.getInt32(expected)), block, unknown);
    builder.SetInsertPoint(block);
    std::vector<llvm::Value*> arguments = {frame.data()};
    unsigned k = 0;
    for (uint32_t i = 0; i < callee.numInputs; ++i) {
      const flat::BaseType inputType = callee.variables[i].type;
      if (!takesInput(callee, i)) continue;
      llvm::Value* stored =
          builder.CreateLoad(ctx.types.real, builder.CreateConstInBoundsGEP1_32(ctx.types.real, values, k++));
      // A value from outside (a deserialized state): an Integer or a slot
      // number is converted only once it is known to be one.
      auto wholeIn = [&](double low, double high) -> llvm::Value* {
        llvm::Value* inRange =
            builder.CreateAnd(builder.CreateFCmpOGE(stored, llvm::ConstantFP::get(ctx.types.real, low)),
                              builder.CreateFCmpOLT(stored, llvm::ConstantFP::get(ctx.types.real, high)));
        auto* ranged = llvm::BasicBlock::Create(ctx.llvm, "ranged", fn);
        builder.CreateCondBr(inRange, ranged, unknown);
        builder.SetInsertPoint(ranged);
        llvm::Value* whole = builder.CreateFPToSI(stored, i32);
        auto* exact = llvm::BasicBlock::Create(ctx.llvm, "whole", fn);
        builder.CreateCondBr(builder.CreateFCmpOEQ(builder.CreateSIToFP(whole, ctx.types.real), stored), exact,
                             unknown);
        builder.SetInsertPoint(exact);
        return whole;
      };
      switch (inputType) {
        case flat::BaseType::ExternalObject: {
          llvm::Value* slot = wholeIn(0, ctx.layout.numExternalObjects);
          arguments.push_back(
              builder.CreateLoad(ctx.types.ptr, builder.CreateInBoundsGEP(ctx.types.ptr, slots, slot)));
          break;
        }
        case flat::BaseType::Integer: arguments.push_back(wholeIn(-2147483648.0, 2147483648.0)); break;
        case flat::BaseType::Boolean:
          arguments.push_back(builder.CreateFCmpUNE(stored, llvm::ConstantFP::get(ctx.types.real, 0)));
          break;
        default: arguments.push_back(stored); break;
      }
    }
    for (uint32_t o = 0; o < callee.numOutputs; ++o) {
      const flat::Variable& output = callee.variables[callee.numInputs + o];
      arguments.push_back(frame.stackSlot(llvmTypeOf(ctx, valueTypeOf(output.type)), callee.name + ".out"));
    }
    builder.CreateRet(builder.CreateCall(ctx.functions[index], arguments));
  }
  return fn;
}

}  // namespace smc::codegen
