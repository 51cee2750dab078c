// Long runs of generated code split into helper functions.
//
// A model with N equations gives callbacks with N blocks, and straight-line
// blocks make one basic block. LLVM's machine scheduler builds a dependence
// graph per scheduling region (a basic block between calls) whose cost grows
// with the square of the region's memory operations, and some optimizer
// passes behave alike, so one huge function made compile time quadratic in
// N. Lists longer than kBlocksPerChunk therefore go into internal NoInline
// functions of at most that many items, called in order; the caller returns
// SMC_FAILED as soon as one of them fails. An item is a block, or a run of
// assignments emitted as one loop (AssignRuns.h), however long. Shorter
// lists are emitted in place.
//
// The callbacks repeat most equations: initialization and event iterations
// evaluate the same assignments as compute_derivatives, and an assignment's
// code does not depend on the mode it runs in. A chunk made only of
// assignments is therefore emitted once and called by every callback whose
// list holds the same assignments in the same order, which roughly halves
// the IR of a large model.
#pragma once

#include "codegen/IrBlocks.h"

#include <functional>

namespace smc::codegen {

// Big enough that a call per chunk costs nothing against the chunk's own
// work, small enough to keep a scheduling region in the hundreds of
// instructions.
constexpr size_t kBlocksPerChunk = 64;

// Emits items [0, count) of a list through emitRange(frame, builder, begin,
// end), in place or in chunks with the calling function's signature and
// arguments. emitRange must leave the builder in a block that falls through.
// itemEnd(at), when given, is where the item starting at `at` ends (a run
// of assignments is one item): chunks then hold whole items and at most
// kBlocksPerChunk of them.
using EmitRange =
    std::function<void(FunctionFrame& frame, llvm::IRBuilder<>& builder, size_t begin, size_t end)>;
using ItemEnd = std::function<size_t(size_t at)>;
void emitChunked(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, size_t count,
                 const EmitRange& emitRange, const ItemEnd& itemEnd = nullptr);

// Emits the blocks in evaluation mode `mode`, in the order of RunOrder.h
// and with runs of assignments as loops (AssignRuns.h), chunked as above,
// calling the chunk of assignments an earlier list emitted where this list
// repeats it.
// statesReinitialized: event_update's argument, or nullptr.
void emitBlockList(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                   const std::vector<const causal::Block*>& blocks, EvalMode mode,
                   llvm::Value* statesReinitialized);

// The argument of `chunk` in the position `value` (an argument of the
// function being split) has in its own function; nullptr for other values
// and when `chunk` has no argument in that position.
llvm::Value* sameArgumentIn(llvm::Function* chunk, llvm::Value* value);

}  // namespace smc::codegen
