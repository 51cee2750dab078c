// Target set-up, optimisation and object emission (see Backend.h). The
// optimiser uses the new pass manager; object emission still goes through
// the legacy pass manager, which is the only one LLVM 16's code generator
// offers (TargetMachine::addPassesToEmitFile).
#include "codegen/Backend.h"

#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
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
  passes.run(module);
  return true;
}

}  // namespace smc::codegen
