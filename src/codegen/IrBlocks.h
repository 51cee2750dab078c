// The blocks of a causal model to IR, inside one callback:
//   Assign          stores its value into the target's slot; a run of
//                   assignments (AssignRuns.h) becomes one loop;
//   AlgebraicLoop   a residual function (one per distinct loop, shared by
//                   the callbacks that solve it) plus a call to
//                   smc_solve_algebraic_loop whose failure makes the
//                   callback return SMC_FAILED;
//   WhenBlock       the first branch that fires runs its actions (see
//                   IrActions.h for when a branch fires in each mode);
//                   nothing happens in continuous mode;
//   AlgorithmBlock  its statements over the model's variables, after each
//                   assigned variable is set to pre(v) (discrete; not in
//                   continuous mode, where discrete values are frozen) or
//                   its start value (continuous), as spec 11.1.2 asks; see
//                   IrStatements.h for its when-statements and relations;
//   ClockedBlock    `if (tick) { its blocks }`, in event_update only (the
//                   partition's variables are frozen elsewhere).
#pragma once

#include <functional>

#include "codegen/IrActions.h"

namespace smc::codegen {

class BlockEmitter {
public:
  BlockEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, EvalMode mode,
               llvm::Value* statesReinitialized = nullptr)
      : ctx_(ctx), frame_(frame), b_(builder), exprs_(ctx, frame, builder),
        actions_(ctx, frame, builder, exprs_, mode, statesReinitialized) {}

  ExprEmitter& exprs() { return exprs_; }
  ActionEmitter& actions() { return actions_; }

  void emit(const causal::Block& block);
  void emitAssign(const causal::Assign& assign);
  // The `count` assignments of a run that starts with `first`, as one loop.
  void emitRun(const causal::Assign& first, size_t count, const RunStrides& strides);

private:
  void emitLoop(const causal::AlgebraicLoop& loop);
  void emitLinearLoop(const causal::AlgebraicLoop& loop, int32_t index);
  // Where stores go for the linear loop's k-th coefficient (0 <= k <
  // loop.matrix.size()) and its i-th right-hand side entry (k = size + i).
  using LinearEntries = std::function<void(ExprEmitter& exprs, llvm::IRBuilder<>& b, llvm::Value* matrix,
                                           llvm::Value* rhs, size_t begin, size_t end)>;
  llvm::Function* emitLinearFill(int32_t index, size_t count, const LinearEntries& entries);
  llvm::Function* emitResidual(const causal::AlgebraicLoop& loop, int32_t index);
  llvm::Function* loopFunction(const std::string& name, const char* first, const char* second);
  llvm::Function* sharedResidual(const causal::AlgebraicLoop& loop) const;
  bool checkLoop(const causal::AlgebraicLoop& loop);
  std::string describe(const causal::AlgebraicLoop& loop) const;
  void emitWhen(const causal::WhenBlock& when);
  void emitAction(const flat::Action& action);
  void emitAlgorithm(const causal::AlgorithmBlock& algorithm);
  void emitClocked(const causal::ClockedBlock& clocked);
  size_t partitionItemEnd(const std::vector<const causal::Block*>& blocks, size_t at,
                          size_t limit) const;
  // Whether an item of blocks[begin, end) is a run (emitted as a loop).
  bool holdsRun(const std::vector<const causal::Block*>& blocks, size_t begin, size_t end) const;
  void emitPartitionBlocks(const std::vector<const causal::Block*>& blocks, size_t begin,
                           size_t end, SourceRange range);

  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
  ExprEmitter exprs_;
  ActionEmitter actions_;
};

}  // namespace smc::codegen
