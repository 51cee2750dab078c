// Long runs of generated code split into helper functions.
//
// A model with N equations gives callbacks with N blocks, and straight-line
// blocks make one basic block. LLVM's machine scheduler builds a dependence
// graph per scheduling region (a basic block between calls) whose cost grows
// with the square of the region's memory operations, and some optimizer
// passes behave alike, so one huge function made compile time quadratic in
// N. emitChunked keeps every function bounded: a list longer than
// kBlocksPerChunk goes into internal NoInline functions of that many blocks,
// each with the calling function's own signature and arguments, called in
// order; the caller returns SMC_FAILED as soon as one of them fails. Shorter
// lists are emitted in place, so small models keep their code unchanged.
#pragma once

#include "codegen/IrContext.h"

#include <functional>

namespace smc::codegen {

// Big enough that a call per chunk costs nothing against the chunk's own
// work, small enough to keep a scheduling region in the low thousands of
// instructions.
constexpr size_t kBlocksPerChunk = 64;

// Emits items [0, count) of a list through emitRange(frame, builder, begin,
// end), in place or in chunks as above. emitRange must leave the builder in
// a block that falls through (no terminator).
using EmitRange =
    std::function<void(FunctionFrame& frame, llvm::IRBuilder<>& builder, size_t begin, size_t end)>;
void emitChunked(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, size_t count,
                 const EmitRange& emitRange);

// The argument of `chunk` in the position `value` (an argument of the
// function being split) has in its own function; nullptr for other values.
llvm::Value* sameArgumentIn(llvm::Function* chunk, llvm::Value* value);

}  // namespace smc::codegen
