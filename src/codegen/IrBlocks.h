// The four callbacks of model.h, built from the causal model's blocks:
//   smc_set_start_values  stores every variable's literal start value;
//   smc_initialize        calculated parameters, then non-literal start
//                         values (guesses and parameter expressions), then
//                         the rest of the initialization blocks;
//   smc_compute_derivatives / smc_compute_outputs  their block lists.
// An Assign block stores its value into the target's slot; an algebraic loop
// becomes a residual function plus a call to smc_solve_algebraic_loop whose
// failure makes the callback return SMC_FAILED.
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

struct Callbacks {
  llvm::Function* setStartValues = nullptr;
  llvm::Function* initialize = nullptr;
  llvm::Function* computeDerivatives = nullptr;
  llvm::Function* computeOutputs = nullptr;
};

// Reports errors through ctx.diags; check its error count afterwards.
Callbacks emitCallbacks(IrContext& ctx);

}  // namespace smc::codegen
