// Splitting a large module into partitions that the optimizer and the code
// generator process on several cores (see Partitions.h), each partition in
// its own LLVMContext.
//
// Most of a large model's code sits in the chunk functions of IrChunks.h,
// which are NoInline: moving one into another partition loses no inlining.
// So the functions that may move are the module's local NoInline
// definitions; they become hidden external symbols (renamed with a prefix
// no C symbol of the runtime can have) and are spread over the partitions by
// instruction count. Everything else stays in partition 0, and a partition
// that refers to a local function or constant gets its own private copy, so
// small helpers can still be inlined there. Local variables that are not
// constant are never copied: they become hidden external symbols defined in
// partition 0.
//
// The split depends only on the module, never on the machine, so the same
// model still gives a byte-identical FMU.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/Module.h>

#include <cstddef>
#include <memory>

namespace smc::codegen {

constexpr unsigned kMaxPartitions = 16;

// How many partitions a module gets: one per `instructionsPerPartition`
// instructions (rounded up), at most kMaxPartitions, and never more than
// the movable functions allow (1: do not split).
unsigned partitionCount(const llvm::Module& module, size_t instructionsPerPartition);

// Splits `module` into `count` partitions, each a module in the same
// context that verifies on its own, handed to `onPartition` in a fixed
// order: partitions 1 to count-1, cloned from the module, then partition 0,
// which is the module itself without the functions moved elsewhere.
void splitModule(std::unique_ptr<llvm::Module> module, unsigned count,
                 llvm::function_ref<void(std::unique_ptr<llvm::Module>)> onPartition);

}  // namespace smc::codegen
