// Calls of user functions inside expressions (see IrFunctions.h for the
// calling convention): the caller evaluates the inputs (an omitted input
// gets its default value, which may refer to earlier inputs, so defaults
// are evaluated over stack slots holding the inputs), passes a stack slot
// per output, and fails itself - silently, the callee reported why - when
// the callee returns SMC_FAILED.
#include "codegen/IrExpr.h"
#include "codegen/IrFunctions.h"
#include "codegen/IrExternalObjects.h"

#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

bool ExprEmitter::emitArguments(const flat::Expr& call, const flat::Function& fn,
                                std::vector<llvm::Value*>& arguments) {
  if (call.args.size() > fn.numInputs) {
    error(call.range, fmt::format("'{}' takes {} input{}, not {}", fn.name, fn.numInputs,
                                  fn.numInputs == 1 ? "" : "s", call.args.size()));
    return false;
  }
  // Slots for the inputs, only when some default needs to read them.
  LocalScope defaults{&fn, {}, {}};
  const bool needDefaults = call.args.size() < fn.numInputs;
  for (uint32_t i = 0; i < fn.numInputs; ++i) {
    const flat::Variable& input = fn.variables[i];
    const ValueType type = valueTypeOf(input.type);
    if (!takesInput(fn, i)) {
      // Fixed per specialization (the callee has it as a constant); a
      // default that reads it sees a slot it never needs.
      if (needDefaults) defaults.slots.push_back(frame_.stackSlot(llvmTypeOf(ctx_, type), fn.name + "." + input.name));
      continue;
    }
    llvm::Value* value = nullptr;
    if (i < call.args.size()) {
      if (!call.args[i]) {
        error(call.range, fmt::format("internal error: null argument {} in a call of '{}'", i + 1,
                                      fn.name));
        return false;
      }
      value = emitAs(*call.args[i], type);
    } else if (input.binding) {
      ExprEmitter inCallee(ctx_, frame_, b_, &defaults);
      value = inCallee.emitAs(*input.binding, type);
    } else {
      error(call.range, fmt::format("the call of '{}' gives no value for its input '{}', which "
                                    "has no default",
                                    fn.name, input.name));
      return false;
    }
    if (!value) return false;
    arguments.push_back(value);
    if (needDefaults) {
      defaults.slots.push_back(frame_.stackSlot(llvmTypeOf(ctx_, type), fn.name + "." + input.name));
      b_.CreateStore(value, defaults.slots.back());
    }
  }
  return true;
}

std::vector<llvm::AllocaInst*> ExprEmitter::emitCallOutputs(const flat::Expr& call) {
  if (call.function >= ctx_.model.flat.functions.size() || call.function >= ctx_.functions.size() ||
      !ctx_.functions[call.function]) {
    error(call.range, fmt::format("internal error: call of unknown function {}", call.function));
    return {};
  }
  const flat::Function& fn = ctx_.model.flat.functions[call.function];
  std::vector<llvm::Value*> arguments = {frame_.data()};
  if (!emitArguments(call, fn, arguments)) return {};
  if (!scope_ && takesExternalObject(fn) && !logExternalObjectCall(call, fn, arguments)) return {};
  std::vector<llvm::AllocaInst*> outputs;
  for (uint32_t k = 0; k < fn.numOutputs; ++k) {
    const flat::Variable& output = fn.variables[fn.numInputs + k];
    outputs.push_back(
        frame_.stackSlot(llvmTypeOf(ctx_, valueTypeOf(output.type)), fn.name + "." + output.name));
    arguments.push_back(outputs.back());
  }
  llvm::Value* status = b_.CreateCall(ctx_.functions[call.function], arguments, "status");
  llvm::BasicBlock* returned =
      llvm::BasicBlock::Create(ctx_.llvm, "call.ok", frame_.function());
  b_.CreateCondBr(b_.CreateICmpNE(status, b_.getInt32(SMC_OK)), frame_.failBlock(), returned);
  b_.SetInsertPoint(returned);
  return outputs;
}

Typed ExprEmitter::emitFunctionCall(const flat::Expr& e) {
  if (e.function < ctx_.model.flat.functions.size()) {
    const flat::Function& fn = ctx_.model.flat.functions[e.function];
    if (e.output >= fn.numOutputs)
      return error(e.range, fmt::format("'{}' has {} output{}; its value number {} is used",
                                        fn.name, fn.numOutputs, fn.numOutputs == 1 ? "" : "s",
                                        e.output + 1));
  }
  std::vector<llvm::AllocaInst*> outputs = emitCallOutputs(e);
  if (outputs.empty()) return {};
  const flat::Function& fn = ctx_.model.flat.functions[e.function];
  const ValueType type = valueTypeOf(fn.variables[fn.numInputs + e.output].type);
  return {b_.CreateLoad(llvmTypeOf(ctx_, type), outputs[e.output], fn.name), type};
}

}  // namespace smc::codegen
