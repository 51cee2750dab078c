// Partitions optimized and compiled on a thread pool (see ParallelBackend.h).
#include "codegen/ParallelBackend.h"

#include "codegen/Backend.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBufferRef.h>
#include <llvm/Support/ThreadPool.h>
#include <llvm/Support/raw_ostream.h>

#include <malloc.h>

#include <latch>

namespace smc::codegen {

namespace {

// Bitcode to object in a fresh context; `optimized` counts down once the
// optimizer is done or the partition failed before that.
void compilePartition(llvm::SmallVector<char, 0>& bitcode, ObjectFile& object, std::string& error,
                      std::latch& optimized) {
  bool counted = false;
  auto countDown = [&] {
    if (!counted) optimized.count_down();
    counted = true;
  };
  {
    llvm::LLVMContext context;
    context.setDiscardValueNames(true);
    const llvm::MemoryBufferRef buffer(llvm::StringRef(bitcode.data(), bitcode.size()),
                                       "partition");
    llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(buffer, context);
    bitcode = {};
    std::unique_ptr<llvm::TargetMachine> machine;
    if (!module) {
      error = "cannot load a partition: " + llvm::toString(module.takeError());
    } else if ((machine = createTargetMachine(error))) {
      optimizeModule(**module, *machine);
      countDown();
      emitObject(**module, *machine, object, error);
    }
    if (module) module->reset();  // before its context
  }
  countDown();
  // glibc keeps what a thread's arena freed for that thread; returning it
  // keeps the peak near the partitions in flight (a large model's peak was
  // a third higher without).
  malloc_trim(0);
}

}  // namespace

void ParallelBackend::addPartition(const llvm::Module& partition) {
  llvm::SmallVector<char, 0>& bitcode = bitcode_.emplace_back();
  llvm::raw_svector_ostream out(bitcode);
  llvm::WriteBitcodeToFile(partition, out);
}

bool ParallelBackend::compile(std::vector<ObjectFile>& objects, std::string& error,
                              const std::function<void()>& optimized) {
  const size_t count = bitcode_.size();
  objects.assign(count, ObjectFile());
  std::vector<std::string> errors(count);
  std::latch allOptimized(static_cast<std::ptrdiff_t>(count));
  {
    // One thread per partition at most, and no more than the hardware
    // threads this process may use (hardware_concurrency(n) would start n).
    llvm::ThreadPool pool(llvm::optimal_concurrency(static_cast<unsigned>(count)));
    for (size_t i = 0; i < count; ++i)
      pool.async([&, i] { compilePartition(bitcode_[i], objects[i], errors[i], allOptimized); });
    allOptimized.wait();
    optimized();
    pool.wait();
  }
  bitcode_.clear();
  for (const std::string& message : errors)
    if (!message.empty()) {
      error = message;
      return false;
    }
  return true;
}

}  // namespace smc::codegen
