// User function bodies (see IrFunctions.h for the calling convention).
#include "codegen/IrFunctions.h"

#include "codegen/IrExternal.h"
#include "codegen/IrStatements.h"
#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

// Reports what the calling convention cannot hold; true when usable.
bool checkSignature(IrContext& ctx, const flat::Function& fn) {
  if (fn.variables.size() < static_cast<size_t>(fn.numInputs) + fn.numOutputs) {
    ctx.diags.errorf(fn.range, "internal error: function '{}' lists fewer variables than its "
                               "inputs and outputs",
                     fn.name);
    return false;
  }
  return true;
}

}  // namespace

bool takesInput(const flat::Function& fn, uint32_t i) {
  return fn.variables[i].type != flat::BaseType::String || !fn.fixedStringInputs.count(i);
}

namespace {

llvm::FunctionType* signatureOf(IrContext& ctx, const flat::Function& fn) {
  std::vector<llvm::Type*> params = {ctx.types.ptr};
  for (uint32_t i = 0; i < fn.numInputs; ++i)
    if (takesInput(fn, i)) params.push_back(llvmTypeOf(ctx, valueTypeOf(fn.variables[i].type)));
  for (uint32_t k = 0; k < fn.numOutputs; ++k) params.push_back(ctx.types.ptr);
  return llvm::FunctionType::get(ctx.types.integer, params, false);
}

void emitBody(IrContext& ctx, const flat::Function& fn, llvm::Function* function) {
  llvm::IRBuilder<> builder(ctx.llvm);
  FunctionFrame frame(ctx, builder, function);
  LocalScope scope{&fn, {}, {}};
  // An array variable is one stack array, so that a subscript varying at
  // run time can index it; its elements' slots point into it.
  scope.slots.assign(fn.variables.size(), nullptr);
  for (const flat::DeclaredVariable& declared : fn.declared) {
    if (declared.dims.empty() || declared.first + declared.size() > fn.variables.size()) {
      scope.arrays.push_back(nullptr);
      continue;
    }
    // An empty array (an equalityConstraint's `residue[0]`) has no element
    // to take the type from, and needs none.
    llvm::Type* element = declared.size() == 0 ? llvmTypeOf(ctx, valueTypeOf(flat::BaseType::Real))
                                               : llvmTypeOf(ctx, valueTypeOf(fn.variables[declared.first].type));
    llvm::AllocaInst* array =
        frame.stackSlot(llvm::ArrayType::get(element, declared.size()), declared.name + ".array");
    scope.arrays.push_back(array);
    for (size_t k = 0; k < declared.size(); ++k) {
      const flat::Variable& v = fn.variables[declared.first + k];
      scope.slots[declared.first + k] = builder.CreateConstInBoundsGEP2_64(array->getAllocatedType(), array, 0, k, v.name);
    }
  }
  for (size_t i = 0; i < fn.variables.size(); ++i) {
    const flat::Variable& v = fn.variables[i];
    if (!scope.slots[i]) scope.slots[i] = frame.stackSlot(llvmTypeOf(ctx, valueTypeOf(v.type)), v.name + ".slot");
  }
  ExprEmitter exprs(ctx, frame, builder, &scope);

  unsigned parameter = 1;
  for (uint32_t i = 0; i < fn.numInputs; ++i) {
    if (!takesInput(fn, i)) continue;  // a constant of this specialization
    llvm::Argument* argument = function->getArg(parameter++);
    argument->setName(fn.variables[i].name);
    builder.CreateStore(argument, scope.slots[i]);
  }
  // Outputs and locals: zero (a String "") first, so that a binding
  // reading a later variable sees a defined value; then the bindings in
  // order.
  for (size_t i = fn.numInputs; i < fn.variables.size(); ++i) {
    const ValueType type = valueTypeOf(fn.variables[i].type);
    llvm::Value* zero = type == ValueType::String ? exprs.emitStringLiteral("").value
                                                  : llvm::Constant::getNullValue(llvmTypeOf(ctx, type));
    builder.CreateStore(zero, scope.slots[i]);
  }
  for (size_t i = fn.numInputs; i < fn.variables.size(); ++i) {
    const flat::Variable& v = fn.variables[i];
    if (!v.binding) continue;
    Typed value = exprs.emit(*v.binding);
    if (value.value) exprs.store(static_cast<flat::VarId>(i), value, v.range);
  }

  auto* returnBlock = llvm::BasicBlock::Create(ctx.llvm, "return");
  ActionEmitter actions(ctx, frame, builder, exprs, EvalMode::Function, nullptr);
  StatementEmitter statements(ctx, frame, builder, exprs, actions, returnBlock);
  if (fn.external) emitExternalCall(ctx, frame, builder, exprs, scope, fn);
  else statements.emitList(fn.body);
  builder.CreateBr(returnBlock);

  returnBlock->insertInto(function);
  builder.SetInsertPoint(returnBlock);
  for (uint32_t k = 0; k < fn.numOutputs; ++k) {
    const uint32_t id = fn.numInputs + k;
    llvm::Argument* out = function->getArg(parameter + k);
    out->setName(fn.variables[id].name + ".out");
    builder.CreateStore(
        builder.CreateLoad(llvmTypeOf(ctx, valueTypeOf(fn.variables[id].type)), scope.slots[id]), out);
  }
  builder.CreateRet(builder.getInt32(SMC_OK));
}

}  // namespace

void declareFunctions(IrContext& ctx) {
  for (const flat::Function& fn : ctx.model.flat.functions) {
    if (!checkSignature(ctx, fn)) {
      ctx.functions.push_back(nullptr);
      continue;
    }
    llvm::Function* function =
        llvm::Function::Create(signatureOf(ctx, fn), llvm::GlobalValue::InternalLinkage,
                               "function." + fn.name, ctx.module);
    function->addFnAttr(llvm::Attribute::NoUnwind);
    ctx.functions.push_back(function);
  }
}

void emitFunctionBodies(IrContext& ctx) {
  for (size_t i = 0; i < ctx.functions.size(); ++i)
    if (ctx.functions[i]) emitBody(ctx, ctx.model.flat.functions[i], ctx.functions[i]);
}

}  // namespace smc::codegen
