// Target set-up, optimisation and object emission (see Backend.h). The
// optimiser uses the new pass manager; object emission still goes through
// the legacy pass manager, which is the only one LLVM 16's code generator
// offers (TargetMachine::addPassesToEmitFile).
#include "codegen/Backend.h"

#include "codegen/BlockSplit.h"

#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>

#include <mutex>

namespace smc::codegen {

std::unique_ptr<llvm::TargetMachine> createTargetMachine(std::string& error) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  });
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(kTargetTriple, error);
  if (!target) return nullptr;
  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      kTargetTriple, "x86-64", "", options, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOpt::Default));
  if (!machine) error = "cannot create a target machine for " + std::string(kTargetTriple);
  return machine;
}

// GVN's memory-dependence analysis proves that a run loop's load of the next
// element (x[i + 1]) is the next iteration's x[i], and passes it over as a
// phi; the loop vectorizer then has to rebuild that recurrence with vector
// shuffles, which cost more than the loads they save (the spring chain's
// derivatives took 1.17 times as long as the hand-written C, which reloads
// because its pointers may alias). Without it, GVN keeps its other
// redundancy elimination, and EarlyCSE (over MemorySSA) still removes
// repeated loads in the straight-line code. An LLVM without the option is
// left as it is.
//
// CodeGenPrepare merges a block into its predecessor when an unconditional
// branch is all that joins them, which would undo the cuts of
// splitLongBlocks (BlockSplit.h); its branch optimizations are off (the O2
// pipeline has already simplified every branch it could).
void applyOptimizerOptions() {
  llvm::StringMap<llvm::cl::Option*>& options = llvm::cl::getRegisteredOptions();
  auto set = [&](const char* name, const char* value) {
    auto found = options.find(name);
    if (found != options.end()) found->second->addOccurrence(0, name, value);
  };
  set("enable-gvn-memdep", "false");
  set("disable-cgp-branch-opts", "true");
}

void optimizeModule(llvm::Module& module, llvm::TargetMachine& machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  // PassBuilder's defaults leave both vectorizers off; clang -O2 turns them
  // on, and the hand-written C that FMUs are measured against gets them.
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  llvm::ModulePassManager pipeline =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  pipeline.run(module, modules);
}

bool emitObject(llvm::Module& module, llvm::TargetMachine& machine,
                llvm::SmallVectorImpl<char>& object, std::string& error) {
  llvm::raw_svector_ostream out(object);
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, out, nullptr, llvm::CGFT_ObjectFile)) {
    error = "the target cannot emit object files";
    return false;
  }
  splitLongBlocks(module);
  passes.run(module);
  return true;
}

}  // namespace smc::codegen
