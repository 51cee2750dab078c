// Long basic blocks cut into pieces before instruction selection.
//
// LLVM's code generator selects instructions one basic block at a time
// (SelectionDAG), and its time grows faster than linearly with a block's
// length: one equation that sums the currents of 20 000 capacitors (the
// ground node of an RC ladder) is a single block of 60 000 instructions,
// which took 105 s in instruction selection alone. The optimizer is fine
// with such blocks (and would merge pieces back together), so the cut comes
// after it, just before object emission: every block longer than
// kMaxBlockInstructions ends in a branch to the next piece. The branch is
// `br i1 true, next, next`: CodeGenPrepare merges a block into its only
// predecessor across an unconditional branch, and it would fold a constant
// condition too but for its branch optimizations, which
// applyOptimizerOptions (Backend.h) turns off. The code computes the same
// values; values live across a cut are ordinary virtual registers to the
// register allocator.
#pragma once

#include <llvm/IR/Module.h>

#include <cstddef>

namespace smc::codegen {

inline constexpr size_t kMaxBlockInstructions = 1000;

// Splits every block of the module's functions that holds more than
// `limit` instructions (PHIs stay at the head of their block).
void splitLongBlocks(llvm::Module& module, size_t limit = kMaxBlockInstructions);

}  // namespace smc::codegen
