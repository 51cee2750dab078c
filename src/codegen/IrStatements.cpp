// Statements to IR (see IrStatements.h). Each statement leaves the builder
// at a block where the next statement may continue.
#include "codegen/IrStatements.h"

#include <fmt/format.h>

#include <algorithm>

namespace smc::codegen {

void StatementEmitter::emitList(const std::vector<flat::Statement>& statements) {
  for (const flat::Statement& s : statements) emit(s);
}

void StatementEmitter::emit(const flat::Statement& s) {
  switch (s.kind) {
    case flat::StatementKind::Assign: return emitAssign(s);
    case flat::StatementKind::AssignElement: {
      if (!s.value || !s.element) {
        ctx_.diags.error(s.range, "internal error: an element assignment without its element or value");
        return;
      }
      Typed value = exprs_.emit(*s.value);
      if (value.value) exprs_.storeElement(*s.element, value, s.range);
      return;
    }
    case flat::StatementKind::TupleAssign: return emitTupleAssign(s);
    case flat::StatementKind::If: return emitIf(s);
    case flat::StatementKind::For: return emitFor(s);
    case flat::StatementKind::While: return emitWhile(s);
    case flat::StatementKind::When: return emitWhen(s);
    case flat::StatementKind::Break:
      if (loopExits_.empty()) {
        ctx_.diags.error(s.range, "'break' outside a for- or while-loop");
        return;
      }
      return emitJump(loopExits_.back());
    case flat::StatementKind::Return:
      if (!returnBlock_) {
        ctx_.diags.error(s.range, "'return' outside a function");
        return;
      }
      return emitJump(returnBlock_);
    case flat::StatementKind::Reinit:
      if (!inWhen_) {
        ctx_.diags.error(s.range, "reinit() outside a when-statement (spec 8.3.6)");
        return;
      }
      return actions_.emitReinit(s.target, s.value, s.range);
    case flat::StatementKind::Assert:
      return actions_.emitAssert(s.value, s.message, s.level, s.range);
    case flat::StatementKind::Terminate: return actions_.emitTerminate(s.message);
  }
  ctx_.diags.error(s.range, "internal error: unknown statement kind");
}

// Branches to `target` and continues in a fresh block without predecessors,
// so that statements after a break or return still have somewhere to go.
void StatementEmitter::emitJump(llvm::BasicBlock* target) {
  b_.CreateBr(target);
  b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_.llvm, "unreachable", frame_.function()));
}

llvm::Value* StatementEmitter::emitCondition(const flat::ExprPtr& e, SourceRange where,
                                             const char* what) {
  if (!e) {
    ctx_.diags.errorf(where, "internal error: {} without a condition", what);
    return nullptr;
  }
  Typed value = exprs_.emit(*e);
  if (!value.value) return nullptr;
  if (value.type != ValueType::Boolean) {
    ctx_.diags.errorf(e->range.valid() ? e->range : where, "the condition of {} must be Boolean",
                      what);
    return nullptr;
  }
  return value.value;
}

llvm::Value* StatementEmitter::emitInteger(const flat::ExprPtr& e, SourceRange where,
                                           const char* what) {
  if (!e) {
    ctx_.diags.errorf(where, "internal error: for-loop without a {}", what);
    return nullptr;
  }
  Typed value = exprs_.emit(*e);
  if (!value.value) return nullptr;
  if (value.type != ValueType::Integer) {
    ctx_.diags.unsupported(e->range.valid() ? e->range : where,
                           fmt::format("a for-loop range whose {} is not an Integer", what));
    return nullptr;
  }
  return value.value;
}

bool StatementEmitter::activeAtInitialization(const flat::Expr& condition) const {
  if (mentionsInitial(condition)) return true;
  if (!algorithm_ || condition.kind != flat::ExprKind::Var) return false;
  const std::vector<flat::VarId>& active = algorithm_->conditionsActiveAtInitialization;
  return std::find(active.begin(), active.end(), condition.var) != active.end();
}

bool StatementEmitter::updatesRelation(flat::VarId target) const {
  if (!algorithm_) return false;
  const std::vector<flat::VarId>& updates = algorithm_->relationUpdates;
  return std::find(updates.begin(), updates.end(), target) != updates.end();
}

void StatementEmitter::emitAssign(const flat::Statement& s) {
  if (!s.value) {
    ctx_.diags.error(s.range, "internal error: assignment without a value");
    return;
  }
  if (actions_.mode() == EvalMode::Continuous && updatesRelation(s.target)) return;  // frozen
  if (const LocalScope* scope = exprs_.scope();
      scope && scope->function && s.target < scope->function->numInputs) {
    ctx_.diags.errorf(s.range, "assignment to '{}', an input of '{}' (spec 12.2)",
                      scope->function->variables[s.target].name, scope->function->name);
    return;
  }
  Typed value = exprs_.emit(*s.value);
  if (value.value) exprs_.store(s.target, value, s.range);
}

void StatementEmitter::emitTupleAssign(const flat::Statement& s) {
  if (!s.value || s.value->kind != flat::ExprKind::FunctionCall) {
    ctx_.diags.error(s.range, "the right side of (a, b) := ... must be a function call");
    return;
  }
  if (s.value->function >= ctx_.model.flat.functions.size()) {
    ctx_.diags.errorf(s.range, "internal error: call of unknown function {}", s.value->function);
    return;
  }
  const flat::Function& fn = ctx_.model.flat.functions[s.value->function];
  if (s.targets.size() > fn.numOutputs) {
    ctx_.diags.errorf(s.range, "'{}' has {} output{}, but {} are assigned", fn.name,
                      fn.numOutputs, fn.numOutputs == 1 ? "" : "s", s.targets.size());
    return;
  }
  std::vector<llvm::AllocaInst*> outputs = exprs_.emitCallOutputs(*s.value);
  if (outputs.size() != fn.numOutputs) return;  // reported
  for (size_t k = 0; k < s.targets.size(); ++k) {
    if (!s.targets[k]) continue;
    const ValueType type = valueTypeOf(fn.variables[fn.numInputs + k].type);
    llvm::Value* value = b_.CreateLoad(llvmTypeOf(ctx_, type), outputs[k]);
    exprs_.store(*s.targets[k], {value, type}, s.range);
  }
}

void StatementEmitter::emitIf(const flat::Statement& s) {
  const size_t tests = s.conditions.size();
  if (s.branches.size() != tests && s.branches.size() != tests + 1) {
    ctx_.diags.error(s.range, "internal error: if-statement with mismatched branches");
    return;
  }
  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* end = llvm::BasicBlock::Create(ctx_.llvm, "if.end", fn);
  for (size_t i = 0; i < tests; ++i) {
    llvm::Value* condition = emitCondition(s.conditions[i], s.range, "an if-statement");
    if (!condition) return;
    llvm::BasicBlock* then = llvm::BasicBlock::Create(ctx_.llvm, "if.then", fn);
    llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx_.llvm, "if.else", fn);
    b_.CreateCondBr(condition, then, next);
    b_.SetInsertPoint(then);
    emitList(s.branches[i]);
    b_.CreateBr(end);
    b_.SetInsertPoint(next);
  }
  if (s.branches.size() > tests) emitList(s.branches.back());
  b_.CreateBr(end);
  b_.SetInsertPoint(end);
}

// for i in start:step:stop. The range is evaluated once; the number of
// iterations is computed in 64 bits (no overflow for any 32-bit range) as
// (stop - start) / step + 1 when stop lies on the step's side of start, else
// 0; iteration k sets i = start + k*step, so assigning i in the body cannot
// change the loop.
void StatementEmitter::emitFor(const flat::Statement& s) {
  if (s.branches.size() != 1) {
    ctx_.diags.error(s.range, "internal error: for-loop without exactly one body");
    return;
  }
  std::optional<ValueType> iteratorType = exprs_.typeOf(s.iterator, s.range);
  if (!iteratorType) return;
  if (*iteratorType != ValueType::Integer) {
    ctx_.diags.unsupported(s.range, "a for-loop whose iterator is not an Integer");
    return;
  }
  llvm::Value* start = emitInteger(s.rangeStart, s.range, "start");
  llvm::Value* step = s.rangeStep ? emitInteger(s.rangeStep, s.range, "step") : b_.getInt32(1);
  llvm::Value* stop = emitInteger(s.rangeStop, s.range, "end");
  if (!start || !step || !stop) return;

  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* stepOk = llvm::BasicBlock::Create(ctx_.llvm, "for.range", fn);
  b_.CreateCondBr(b_.CreateICmpEQ(step, b_.getInt32(0)),
                  frame_.reportBlock("for-loop range with step 0 at " +
                                     sourceLocation(ctx_, s.range)),
                  stepOk);
  b_.SetInsertPoint(stepOk);
  llvm::Type* i64 = b_.getInt64Ty();
  llvm::Value* first = b_.CreateSExt(start, i64);
  llvm::Value* stride = b_.CreateSExt(step, i64);
  llvm::Value* span = b_.CreateSub(b_.CreateSExt(stop, i64), first, "for.span");
  llvm::Value* zero = b_.getInt64(0);
  llvm::Value* reachable = b_.CreateSelect(b_.CreateICmpSGT(stride, zero),
                                           b_.CreateICmpSGE(span, zero),
                                           b_.CreateICmpSLE(span, zero));
  llvm::Value* count = b_.CreateSelect(
      reachable, b_.CreateAdd(b_.CreateSDiv(span, stride), b_.getInt64(1)), zero, "for.count");
  llvm::AllocaInst* k = frame_.stackSlot(i64, "for.k");
  b_.CreateStore(zero, k);

  llvm::BasicBlock* test = llvm::BasicBlock::Create(ctx_.llvm, "for.test", fn);
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_.llvm, "for.body", fn);
  llvm::BasicBlock* latch = llvm::BasicBlock::Create(ctx_.llvm, "for.next", fn);
  llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx_.llvm, "for.end", fn);
  b_.CreateBr(test);
  b_.SetInsertPoint(test);
  llvm::Value* index = b_.CreateLoad(i64, k, "k");
  b_.CreateCondBr(b_.CreateICmpSLT(index, count), body, exit);

  b_.SetInsertPoint(body);
  llvm::Value* value = b_.CreateTrunc(b_.CreateAdd(first, b_.CreateMul(index, stride)),
                                      ctx_.types.integer);
  exprs_.store(s.iterator, {value, ValueType::Integer}, s.range);
  loopExits_.push_back(exit);
  emitList(s.branches[0]);
  loopExits_.pop_back();
  b_.CreateBr(latch);

  b_.SetInsertPoint(latch);
  b_.CreateStore(b_.CreateAdd(b_.CreateLoad(i64, k), b_.getInt64(1)), k);
  b_.CreateBr(test);
  b_.SetInsertPoint(exit);
}

void StatementEmitter::emitWhile(const flat::Statement& s) {
  if (s.conditions.size() != 1 || s.branches.size() != 1) {
    ctx_.diags.error(s.range, "internal error: while-loop without one condition and one body");
    return;
  }
  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* test = llvm::BasicBlock::Create(ctx_.llvm, "while.test", fn);
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_.llvm, "while.body", fn);
  llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx_.llvm, "while.end", fn);
  // A count of the rounds bounds the loop (RuntimeLimits.h): an endless
  // loop fails the call naming itself instead of hanging fmi2DoStep.
  llvm::Type* i64 = b_.getInt64Ty();
  llvm::AllocaInst* rounds = frame_.stackSlot(i64, "while.rounds");
  b_.CreateStore(b_.getInt64(0), rounds);
  b_.CreateBr(test);
  b_.SetInsertPoint(test);
  llvm::Value* condition = emitCondition(s.conditions[0], s.range, "a while-loop");
  if (!condition) return;
  llvm::BasicBlock* counted = llvm::BasicBlock::Create(ctx_.llvm, "while.counted", fn, body);
  b_.CreateCondBr(condition, counted, exit);
  b_.SetInsertPoint(counted);
  llvm::Value* round = b_.CreateAdd(b_.CreateLoad(i64, rounds), b_.getInt64(1));
  b_.CreateStore(round, rounds);
  const int64_t limit = ctx_.options.maxWhileIterations;
  b_.CreateCondBr(
      b_.CreateICmpSGT(round, b_.getInt64(static_cast<uint64_t>(limit))),
      frame_.reportBlock(fmt::format(
          "the while loop at {} ran more than {} times without ending (the limit is set by "
          "smc --max-while-iterations)",
          sourceLocation(ctx_, s.range), limit)),
      body);
  b_.SetInsertPoint(body);
  loopExits_.push_back(exit);
  emitList(s.branches[0]);
  loopExits_.pop_back();
  b_.CreateBr(test);
  b_.SetInsertPoint(exit);
}

void StatementEmitter::emitWhen(const flat::Statement& s) {
  if (inFunction()) {
    ctx_.diags.error(s.range, "a when-statement cannot be used inside a function (spec 12.2)");
    return;
  }
  if (inWhen_) {
    ctx_.diags.error(s.range, "a when-statement cannot be nested in another (spec 11.2.7)");
    return;
  }
  const std::vector<std::pair<size_t, size_t>> ranges = flat::whenConditionRanges(s);
  if (ranges.size() != s.branches.size() || (!ranges.empty() && ranges.back().second != s.conditions.size())) {
    ctx_.diags.error(s.range, "internal error: when-statement with mismatched branches");
    return;
  }
  for (const flat::ExprPtr& condition : s.conditions)
    if (!condition) {
      ctx_.diags.error(s.range, "internal error: when-statement without a condition");
      return;
    }
  // Discrete values are frozen in continuous mode: nothing can fire there.
  if (actions_.mode() == EvalMode::Continuous) return;
  inWhen_ = true;
  // A branch fires when any element of its condition becomes true.
  actions_.emitFirstFiring(
      s.branches.size(),
      [&](size_t i) -> llvm::Value* {
        llvm::Value* fires = nullptr;
        for (size_t k = ranges[i].first; k < ranges[i].second; ++k) {
          llvm::Value* element =
              actions_.conditionFires(*s.conditions[k], activeAtInitialization(*s.conditions[k]));
          if (!element) continue;
          fires = fires ? b_.CreateOr(fires, element, "any.fires") : element;
        }
        return fires;
      },
      [&](size_t i) { emitList(s.branches[i]); });
  inWhen_ = false;
}

}  // namespace smc::codegen
