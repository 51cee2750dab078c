// Algorithm statements to IR (spec 11.2), for user function bodies and for
// the algorithm sections of models:
//   v := e; (a, , b) := f(x); if/elseif/else; for i in a:s:b (an Integer
//   iterator, the step's sign respected, an empty range runs no iteration,
//   a zero step fails the callback); while; break; return (functions);
//   when/elsewhen (model algorithms, fired as IrActions.h describes);
//   reinit, assert, terminate.
// Statements after a break or return are emitted into an unreachable block,
// which keeps the IR well-formed without special cases.
//
// In a model's algorithm (an AlgorithmBlock), the causalizer has replaced
// each when-statement condition by a condition variable assigned just
// before the statement; the block lists those active at initialization,
// and the relation variables the algorithm updates itself, whose
// assignments are skipped in continuous mode (relations stay frozen there).
#pragma once

#include "codegen/IrActions.h"

namespace smc::codegen {

class StatementEmitter {
public:
  // returnBlock: where `return` and the end of a function body branch to
  // (null outside functions); algorithm: the model algorithm being emitted
  // (null in functions).
  StatementEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                   ExprEmitter& exprs, ActionEmitter& actions, llvm::BasicBlock* returnBlock,
                   const causal::AlgorithmBlock* algorithm = nullptr)
      : ctx_(ctx), frame_(frame), b_(builder), exprs_(exprs), actions_(actions),
        returnBlock_(returnBlock), algorithm_(algorithm) {}

  void emitList(const std::vector<flat::Statement>& statements);

private:
  void emit(const flat::Statement& s);
  void emitAssign(const flat::Statement& s);
  void emitTupleAssign(const flat::Statement& s);
  void emitIf(const flat::Statement& s);
  void emitFor(const flat::Statement& s);
  void emitWhile(const flat::Statement& s);
  void emitWhen(const flat::Statement& s);
  void emitJump(llvm::BasicBlock* target);
  llvm::Value* emitInteger(const flat::ExprPtr& e, SourceRange where, const char* what);
  llvm::Value* emitCondition(const flat::ExprPtr& e, SourceRange where, const char* what);
  bool inFunction() const { return actions_.mode() == EvalMode::Function; }
  bool activeAtInitialization(const flat::Expr& condition) const;
  bool updatesRelation(flat::VarId target) const;

  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
  ExprEmitter& exprs_;
  ActionEmitter& actions_;
  llvm::BasicBlock* returnBlock_;
  const causal::AlgorithmBlock* algorithm_;
  std::vector<llvm::BasicBlock*> loopExits_;  // innermost last, for break
  bool inWhen_ = false;
};

}  // namespace smc::codegen
