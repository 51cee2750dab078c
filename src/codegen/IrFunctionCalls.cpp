// Calls of user functions inside expressions (see IrFunctions.h for the
// calling convention): the caller evaluates the inputs (an omitted input
// gets its default value, which may refer to earlier inputs, so defaults
// are evaluated over stack slots holding the inputs), passes a stack slot
// per output, and fails itself - silently, the callee reported why - when
// the callee returns SMC_FAILED.
#include "codegen/IrExpr.h"
#include "codegen/IrFunctions.h"
#include "codegen/IrExternalObjects.h"
#include "codegen/SharedCalls.h"
#include "flatten/ExprEquality.h"

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

namespace {

// Whether every path to `later` passes through `earlier`: a chain of
// blocks with one predecessor each leads back to it (a merge block ends
// the walk, which then answers no). The walk is bounded; a long chain
// answers no too, which only costs a call.
bool dominatesByChain(const llvm::BasicBlock* earlier, const llvm::BasicBlock* later) {
  constexpr int kMaxSteps = 256;
  for (int step = 0; step < kMaxSteps && later; ++step) {
    if (later == earlier) return true;
    later = later->getSinglePredecessor();
  }
  return false;
}

bool sameInputs(const flat::Expr& a, const flat::Expr& b) {
  if (a.function != b.function || a.args.size() != b.args.size()) return false;
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (!a.args[i] || !b.args[i]) return false;
    if (a.args[i] != b.args[i] && !flat::sameExpr(*a.args[i], *b.args[i])) return false;
  }
  return true;
}

}  // namespace

const std::vector<llvm::AllocaInst*>* ExprEmitter::sharedCall(const flat::Expr& call) {
  // Model equations only: a function body's statements have loops and
  // locals of their own; an alike group's arms read different literals,
  // and in a run's loop two nodes alike in the first assignment may read
  // different slots in the others (`f(x[i]) + f(x[1])` at i = 1).
  if (scope_ || varying_ || iteration_) return nullptr;
  if (ctx_.shareableFunctions.size() != ctx_.model.flat.functions.size())
    ctx_.shareableFunctions = shareableFunctions(ctx_.model.flat);
  if (call.function >= ctx_.shareableFunctions.size() || !ctx_.shareableFunctions[call.function])
    return nullptr;
  for (const EmittedCall& earlier : emittedCalls_)
    if (earlier.pre == readPre_ && sameInputs(*earlier.call, call) &&
        dominatesByChain(earlier.block, b_.GetInsertBlock()))
      return &earlier.outputs;
  return nullptr;
}

Typed ExprEmitter::emitFunctionCall(const flat::Expr& e) {
  if (e.function < ctx_.model.flat.functions.size()) {
    const flat::Function& fn = ctx_.model.flat.functions[e.function];
    if (e.output >= fn.numOutputs)
      return error(e.range, fmt::format("'{}' has {} output{}; its value number {} is used",
                                        fn.name, fn.numOutputs, fn.numOutputs == 1 ? "" : "s",
                                        e.output + 1));
  }
  const std::vector<llvm::AllocaInst*>* outputs = sharedCall(e);
  if (!outputs) {
    std::vector<llvm::AllocaInst*> made = emitCallOutputs(e);
    if (made.empty()) return {};
    emittedCalls_.push_back({&e, readPre_, b_.GetInsertBlock(), std::move(made)});
    outputs = &emittedCalls_.back().outputs;
  }
  const flat::Function& fn = ctx_.model.flat.functions[e.function];
  const ValueType type = valueTypeOf(fn.variables[fn.numInputs + e.output].type);
  return {b_.CreateLoad(llvmTypeOf(ctx_, type), (*outputs)[e.output], fn.name), type};
}

}  // namespace smc::codegen
