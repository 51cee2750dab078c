// The LLVM back end for FMUs: an x86-64 Linux target machine (generic CPU,
// so the FMU runs on any x86-64 machine and does not depend on the host
// smc ran on), the O2 pipeline of the new pass manager, and object emission
// into memory. Only the X86 target is initialised.
#pragma once

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <string>

namespace smc::codegen {

// The FMU platform: binaries/linux64.
inline constexpr const char* kTargetTriple = "x86_64-unknown-linux-gnu";

// Null (with `error` set) when the X86 target is unavailable.
std::unique_ptr<llvm::TargetMachine> createTargetMachine(std::string& error);

// Sets the process-wide LLVM options the pipeline below relies on: GVN's
// memory-dependence load forwarding off, CodeGenPrepare's branch
// optimizations off (BlockSplit.h). An in-process lld link resets every
// LLVM option to its default, so a compilation calls this on its own thread
// before it optimizes anything (the partition workers only read them).
void applyOptimizerOptions();

// Runs buildPerModuleDefaultPipeline(O2) over the module, with both
// vectorizers on and the options of applyOptimizerOptions().
void optimizeModule(llvm::Module& module, llvm::TargetMachine& machine);

// ELF relocatable object of the module, position-independent; long blocks
// are cut first (BlockSplit.h), in place.
bool emitObject(llvm::Module& module, llvm::TargetMachine& machine,
                llvm::SmallVectorImpl<char>& object, std::string& error);

}  // namespace smc::codegen
