// Partitions optimized and compiled on a thread pool (see ParallelBackend.h).
#include "codegen/ParallelBackend.h"

#include "codegen/Backend.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBufferRef.h>
#include <llvm/Support/ThreadPool.h>
#include <llvm/Support/raw_ostream.h>

namespace smc::codegen {

void ParallelBackend::addPartition(const llvm::Module& partition) {
  Partition part;
  llvm::raw_svector_ostream out(part.bitcode);
  llvm::WriteBitcodeToFile(partition, out);
  parts_.push_back(std::move(part));
}

template <typename Work>
bool ParallelBackend::forEachPartition(Work&& work, std::string& error) {
  {
    // One thread per partition at most, and no more than the cores this
    // process may use.
    llvm::ThreadPool pool(llvm::hardware_concurrency(static_cast<unsigned>(parts_.size())));
    for (Partition& part : parts_) pool.async([&work, &part] { work(part); });
    pool.wait();
  }
  for (const Partition& part : parts_)
    if (!part.error.empty()) {
      error = part.error;
      return false;
    }
  return true;
}

bool ParallelBackend::optimize(std::string& error) {
  return forEachPartition(
      [](Partition& part) {
        part.context = std::make_unique<llvm::LLVMContext>();
        part.context->setDiscardValueNames(true);
        const llvm::MemoryBufferRef buffer(llvm::StringRef(part.bitcode.data(), part.bitcode.size()),
                                           "partition");
        llvm::Expected<std::unique_ptr<llvm::Module>> module =
            llvm::parseBitcodeFile(buffer, *part.context);
        if (!module) {
          part.error = "cannot load a partition: " + llvm::toString(module.takeError());
          return;
        }
        part.module = std::move(*module);
        part.bitcode = {};
        part.machine = createTargetMachine(part.error);
        if (!part.machine) return;
        optimizeModule(*part.module, *part.machine);
      },
      error);
}

bool ParallelBackend::emit(std::vector<ObjectFile>& objects, std::string& error) {
  const bool ok = forEachPartition(
      [](Partition& part) {
        if (emitObject(*part.module, *part.machine, part.object, part.error)) {
          part.module.reset();
          part.context.reset();
        }
      },
      error);
  if (!ok) return false;
  objects.clear();
  for (Partition& part : parts_) objects.push_back(std::move(part.object));
  return true;
}

}  // namespace smc::codegen
