// A run of assignments as one loop (see AssignRuns.h): the first
// assignment's code, with the slots its variable nodes read and the slot it
// writes moved by the iteration's index times their strides.
#include "codegen/IrBlocks.h"

namespace smc::codegen {
namespace {

// Emits, at the builder, the loads of the variable nodes of `e` that read
// the same slot in every iteration and that no iteration writes.
void loadInvariants(ExprEmitter& exprs, const Layout& layout, const causal::Assign& first,
                    size_t count, const flat::Expr& e, ExprEmitter::RunIteration& iteration) {
  const flat::Expr* var = nullptr;
  bool pre = false;
  if (e.kind == flat::ExprKind::Var) {
    var = &e;
  } else if (e.kind == flat::ExprKind::Pre && e.args.size() == 1 && e.args[0] &&
             e.args[0]->kind == flat::ExprKind::Var) {
    var = e.args[0].get();
    pre = true;  // pre() slots are never written by equations
  }
  if (var) {
    if (iteration.strides->reads.count(var) ||
        (!pre && runWrites(layout, first, count, *iteration.strides, var->var)))
      return;
    Typed value = exprs.loadModel(var->var, e.range, pre);
    // One node may be read both as itself and inside pre() (edge(b) is
    // `b and not pre(b)` over a single node b): two values, two maps.
    if (value.value) (pre ? iteration.preInvariants : iteration.invariants).emplace(var, value);
    return;
  }
  for (const flat::ExprPtr& arg : e.args)
    if (arg) loadInvariants(exprs, layout, first, count, *arg, iteration);
}

}  // namespace

void BlockEmitter::emitRun(const causal::Assign& first, size_t count, const RunStrides& strides) {
  if (!first.value || first.target >= ctx_.model.flat.variables.size()) {
    ctx_.diags.error(first.range, "internal error: a run of assignments without a value or with "
                                  "an unknown target");
    return;
  }
  ExprEmitter::RunIteration iteration{&strides, nullptr, count, {}, {}};
  loadInvariants(exprs_, ctx_.layout, first, count, *first.value, iteration);
  llvm::BasicBlock* before = b_.GetInsertBlock();
  llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_.llvm, "run", frame_.function());
  llvm::BasicBlock* after = llvm::BasicBlock::Create(ctx_.llvm, "run.end", frame_.function());
  b_.CreateBr(body);
  b_.SetInsertPoint(body);
  llvm::PHINode* k = b_.CreatePHI(b_.getInt64Ty(), 2, "k");
  k->addIncoming(b_.getInt64(0), before);
  iteration.index = k;
  exprs_.setIteration(&iteration);
  Typed value = exprs_.emit(*first.value);
  if (value.value) {
    llvm::Value* slot = exprs_.runSlot(ctx_.layout.of(first.target).valueReference, strides.target);
    exprs_.store(first.target, value, first.range, slot);
  }
  exprs_.setIteration(nullptr);
  // The value may have branched: the loop goes on from where it ended.
  llvm::Value* next = b_.CreateNUWAdd(k, b_.getInt64(1), "k.next");
  k->addIncoming(next, b_.GetInsertBlock());
  b_.CreateCondBr(b_.CreateICmpULT(next, b_.getInt64(count)), body, after);
  b_.SetInsertPoint(after);
}

}  // namespace smc::codegen
