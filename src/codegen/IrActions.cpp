// Assert, terminate, reinit and when/elsewhen chains (see IrActions.h).
#include "codegen/IrActions.h"

#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {

namespace {

bool appendLiteral(const flat::Expr& e, std::string& out) {
  if (e.kind == flat::ExprKind::String) {
    out += e.text;
    return true;
  }
  if (e.kind == flat::ExprKind::Binary && e.op == flat::Op::Add && e.args.size() == 2 &&
      e.args[0] && e.args[1])
    return appendLiteral(*e.args[0], out) && appendLiteral(*e.args[1], out);
  return false;
}

}  // namespace

std::optional<std::string> messageText(const flat::ExprPtr& message) {
  std::string text;
  if (!message) return text;
  if (appendLiteral(*message, text)) return text;
  return std::nullopt;
}

bool mentionsInitial(const flat::Expr& e) {
  if (e.kind == flat::ExprKind::Initial) return true;
  for (const flat::ExprPtr& arg : e.args)
    if (arg && mentionsInitial(*arg)) return true;
  return false;
}

void ActionEmitter::callAssertFailed(flat::AssertLevel level, const std::string& text) {
  callAssertFailed(level, messageConstant(ctx_, text));
}

void ActionEmitter::callAssertFailed(flat::AssertLevel level, llvm::Value* text) {
  const int32_t runtimeLevel =
      level == flat::AssertLevel::Error ? SMC_ASSERT_ERROR : SMC_ASSERT_WARNING;
  b_.CreateCall(runtimeFunction(ctx_, RuntimeService::AssertFailed),
                {frame_.data(), b_.getInt32(static_cast<uint32_t>(runtimeLevel)), text});
}

void ActionEmitter::emitAssert(const flat::ExprPtr& condition, const flat::ExprPtr& message,
                               flat::AssertLevel level, SourceRange where) {
  if (!condition) {
    ctx_.diags.error(where, "internal error: assert() without a condition");
    return;
  }
  std::optional<std::string> text = messageText(message);
  Typed holds = exprs_.emit(*condition);
  if (!holds.value) return;
  if (holds.type != ValueType::Boolean) {
    ctx_.diags.error(condition->range, "the condition of assert() must be Boolean");
    return;
  }
  const std::string location = fmt::format(" (assert at {})", sourceLocation(ctx_, where));
  llvm::BasicBlock* violated = llvm::BasicBlock::Create(ctx_.llvm, "assert.failed",
                                                        frame_.function());
  llvm::BasicBlock* after = llvm::BasicBlock::Create(ctx_.llvm, "assert.ok", frame_.function());
  b_.CreateCondBr(holds.value, after, violated);
  b_.SetInsertPoint(violated);
  if (text) {
    callAssertFailed(level, *text + location);
  } else {
    // Built only where the assertion fails, so a passing one costs nothing.
    llvm::Value* built = emitMessage(*message, location);
    if (!built) return;
    callAssertFailed(level, built);
  }
  if (level == flat::AssertLevel::Error)
    b_.CreateBr(frame_.failBlock());
  else
    b_.CreateBr(after);
  b_.SetInsertPoint(after);
}

void ActionEmitter::emitTerminate(const flat::ExprPtr& message) {
  std::optional<std::string> text = messageText(message);
  llvm::Value* shown = text ? messageConstant(ctx_, *text) : emitMessage(*message, "");
  if (!shown) return;
  b_.CreateCall(runtimeFunction(ctx_, RuntimeService::Terminate), {frame_.data(), shown});
}

llvm::Value* ActionEmitter::emitMessage(const flat::Expr& message, const std::string& suffix) {
  Typed text = exprs_.emit(message);
  if (!text.value) return nullptr;
  if (text.type != ValueType::String) {
    ctx_.diags.errorf(message.range, "a message must be a String, not a {} expression", toString(text.type));
    return nullptr;
  }
  if (suffix.empty()) return text.value;
  return exprs_.emitStringConcat(text, exprs_.emitStringLiteral(suffix), message.range).value;
}

void ActionEmitter::emitReinit(flat::VarId target, const flat::ExprPtr& value,
                               SourceRange where) {
  if (target >= ctx_.model.flat.variables.size() || !value) {
    ctx_.diags.error(where, "internal error: reinit() of an unknown variable or without a value");
    return;
  }
  if (ctx_.model.roles[target] != causal::Role::State) {
    ctx_.diags.errorf(where, "reinit() of '{}', which is not a state (spec 8.3.6)",
                      ctx_.model.flat.variables[target].name);
    return;
  }
  Typed newValue = exprs_.emit(*value);
  if (!newValue.value || !exprs_.store(target, newValue, where)) return;
  if (mode_ == EvalMode::Event && statesReinitialized_)
    b_.CreateStore(b_.getInt32(1), statesReinitialized_);
}

void ActionEmitter::emitFirstFiring(size_t branches,
                                    const std::function<llvm::Value*(size_t)>& fires,
                                    const std::function<void(size_t)>& body) {
  llvm::BasicBlock* end = nullptr;
  for (size_t i = 0; i < branches; ++i) {
    llvm::Value* condition = fires(i);
    if (!condition) continue;
    if (!end) end = llvm::BasicBlock::Create(ctx_.llvm, "when.end");  // placed last, below
    llvm::BasicBlock* fired =
        llvm::BasicBlock::Create(ctx_.llvm, fmt::format("when.fire{}", i), frame_.function());
    llvm::BasicBlock* next =
        llvm::BasicBlock::Create(ctx_.llvm, fmt::format("when.next{}", i), frame_.function());
    b_.CreateCondBr(condition, fired, next);
    b_.SetInsertPoint(fired);
    body(i);
    b_.CreateBr(end);
    b_.SetInsertPoint(next);
  }
  if (!end) return;
  b_.CreateBr(end);
  end->insertInto(frame_.function());
  b_.SetInsertPoint(end);
}

llvm::Value* ActionEmitter::conditionVarFires(flat::VarId v, SourceRange where) {
  Typed now = exprs_.load(v, where);
  if (!now.value) return nullptr;
  if (now.type != ValueType::Boolean) {
    ctx_.diags.errorf(where, "internal error: the when-condition variable '{}' is not a Boolean",
                      ctx_.model.flat.variables[v].name);
    return nullptr;
  }
  if (mode_ != EvalMode::Event) return now.value;
  Typed before = exprs_.emitPre(*flat::makeVar(v, where));
  if (!before.value) return nullptr;
  return b_.CreateAnd(now.value, b_.CreateNot(before.value), "became.true");
}

llvm::Value* ActionEmitter::conditionFires(const flat::Expr& condition,
                                          bool activeAtInitialization) {
  if (mode_ == EvalMode::Initialization && !activeAtInitialization) return nullptr;
  Typed now = exprs_.emit(condition);
  if (!now.value) return nullptr;
  if (now.type != ValueType::Boolean) {
    ctx_.diags.error(condition.range, "the condition of a when-statement must be Boolean");
    return nullptr;
  }
  if (mode_ != EvalMode::Event) return now.value;
  Typed before = exprs_.emitPre(condition);
  if (!before.value) return nullptr;
  return b_.CreateAnd(now.value, b_.CreateNot(before.value), "became.true");
}

}  // namespace smc::codegen
