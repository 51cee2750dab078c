// The back end on several cores: each partition of a split module (see
// ModuleSplit.h) is optimized and compiled to an object in its own
// LLVMContext, on a pool of up to one thread per core. Partitions travel
// between contexts as bitcode, the one way LLVM moves a module across
// contexts.
//
// Two phases, so that `smc --time-stages` still reports optimization and
// object emission apart: optimize() runs the O2 pipeline over every
// partition, emit() then turns each into an object and frees its module.
#pragma once

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <string>
#include <vector>

namespace smc::codegen {

using ObjectFile = llvm::SmallVector<char, 0>;

class ParallelBackend {
public:
  // Serializes each partition as it arrives (from splitModule).
  void addPartition(const llvm::Module& partition);
  size_t size() const { return parts_.size(); }

  // False with `error` set (the first failure) when a partition does not
  // load or the target is unavailable.
  bool optimize(std::string& error);
  // One object per partition, in the order they were added.
  bool emit(std::vector<ObjectFile>& objects, std::string& error);

private:
  struct Partition {
    llvm::SmallVector<char, 0> bitcode;
    std::unique_ptr<llvm::LLVMContext> context;
    std::unique_ptr<llvm::TargetMachine> machine;
    std::unique_ptr<llvm::Module> module;
    ObjectFile object;
    std::string error;
  };
  // Runs work(partition) for every partition on the thread pool.
  template <typename Work>
  bool forEachPartition(Work&& work, std::string& error);

  std::vector<Partition> parts_;
};

}  // namespace smc::codegen
