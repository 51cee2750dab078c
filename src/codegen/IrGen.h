// IR generation: one LLVM module per model holding the callbacks of
// runtime/include/smc/model.h, a residual function per algebraic loop, an
// internal function per user function, and the constant `smc_model` with
// the tables it points to. The module is
// verified before it is returned; an invalid module is an internal error.
#pragma once

#include "causalize/CausalModel.h"
#include "codegen/Layout.h"
#include "codegen/RuntimeLimits.h"
#include "frontend/Diagnostics.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <string>
#include <vector>

namespace smc::codegen {

struct IrOptions {
  std::string modelIdentifier;
  std::string sourceFileName;  // basename, for loop descriptions
  std::vector<std::string> fileNames;  // CodegenOptions
  std::string guid;            // "{8-4-4-4-12}"; replaceable later by setGuid
  std::string targetTriple;
  std::string dataLayout;
  bool nonFiniteIsWarning = false;  // CodegenOptions
  int64_t maxWhileIterations = kDefaultMaxWhileIterations;
};

// A GUID-shaped text used until the real GUID (a hash over the code, see
// Guid.h) is known.
inline constexpr const char* kPlaceholderGuid = "{00000000-0000-0000-0000-000000000000}";

std::unique_ptr<llvm::Module> generateModule(llvm::LLVMContext& context,
                                             const causal::CausalModel& model,
                                             const Layout& layout, const IrOptions& options,
                                             DiagnosticEngine& diags);

// Replaces the module's GUID string (same length as kPlaceholderGuid).
void setGuid(llvm::Module& module, const std::string& guid);

}  // namespace smc::codegen
