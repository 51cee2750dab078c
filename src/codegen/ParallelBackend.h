// The back end on several cores: each partition of a split module (see
// ModuleSplit.h) is optimized and compiled to an object in its own
// LLVMContext, on a pool of up to one thread per core. Partitions travel
// between contexts as bitcode, the one way LLVM moves a module across
// contexts.
//
// A worker takes a partition from bitcode to object in one go and frees
// its module at once, so that only the partitions in flight are held in
// full: holding every optimized partition until all were optimized cost a
// large model a third more memory.
#pragma once

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <string>
#include <vector>

namespace smc::codegen {

using ObjectFile = llvm::SmallVector<char, 0>;

class ParallelBackend {
public:
  // Serializes each partition as it arrives (from splitModule).
  void addPartition(const llvm::Module& partition);

  // One object per partition, in the order they were added. Calls
  // `optimized` on this thread once every partition is optimized (the
  // workers are still emitting objects then), so that stage timing can
  // tell the two phases apart. False with `error` set (the first failure,
  // in partition order) when a partition does not load or compile.
  bool compile(std::vector<ObjectFile>& objects, std::string& error,
               const std::function<void()>& optimized);

private:
  std::vector<llvm::SmallVector<char, 0>> bitcode_;
};

}  // namespace smc::codegen
