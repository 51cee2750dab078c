// Drives IR generation (see IrGen.h): user functions are declared, then
// their bodies, the callbacks and loops are emitted (the callbacks number
// the loops), then the descriptor that points at all of them; recursive
// functions are guarded (IrRecursion.h); then llvm::verifyModule. Errors
// found in the model (a Boolean used as a number, der() left over, ...) are
// reported as they are met, so one run reports them all; the module is
// returned only when there were none.
#include "codegen/IrGen.h"

#include "codegen/IrCallbacks.h"
#include "codegen/IrFunctions.h"
#include "codegen/IrModel.h"
#include "codegen/IrRecursion.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace smc::codegen {

std::unique_ptr<llvm::Module> generateModule(llvm::LLVMContext& context,
                                             const causal::CausalModel& model,
                                             const Layout& layout, const IrOptions& options,
                                             DiagnosticEngine& diags) {
  auto module = std::make_unique<llvm::Module>(options.modelIdentifier, context);
  module->setSourceFileName(options.sourceFileName.empty() ? options.modelIdentifier + ".mo"
                                                          : options.sourceFileName);
  module->setTargetTriple(options.targetTriple);
  module->setDataLayout(options.dataLayout);

  IrContext ctx{*module, context, makeIrTypes(context), model, layout, options, diags};
  // A mixed loop's discrete variables, and the variables of a clocked
  // partition that its own clock's condition reads, decide whether another
  // event iteration is needed, as if their pre() were read
  // (causalize/MixedSystems.h).
  for (const auto* discretes : {&model.iteratedDiscretes, &model.clockFeedbackDiscretes})
    for (flat::VarId v : *discretes) {
      const VarInfo& info = layout.of(v);
      ctx.preReads.mark(info.type, info.valueReference);
    }
  const unsigned errorsBefore = diags.errorReports();
  declareFunctions(ctx);
  emitFunctionBodies(ctx);
  Callbacks callbacks = emitCallbacks(ctx);
  if (diags.errorReports() != errorsBefore) return nullptr;
  emitModelDescriptor(ctx, callbacks);
  guardRecursion(ctx);

  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyModule(*module, &out)) {
    diags.error({}, "internal error: the generated LLVM IR is invalid:\n" + out.str());
    return nullptr;
  }
  return module;
}

void setGuid(llvm::Module& module, const std::string& guid) {
  llvm::GlobalVariable* global = module.getNamedGlobal(kGuidGlobalName);
  llvm::Constant* text = llvm::ConstantDataArray::getString(module.getContext(), guid, true);
  // The descriptor points at this global, so only its initializer changes;
  // the type (length) must stay the same.
  if (!global || global->getValueType() != text->getType())
    llvm::report_fatal_error("setGuid: the GUID global is missing or has another length");
  global->setInitializer(text);
}

}  // namespace smc::codegen
