// The callbacks of model.h, built from the causal model's blocks:
//   smc_set_start_values   stores every variable's literal start value;
//   smc_initialize         calculated parameters, non-literal start values,
//                          sample counters, then the rest of the
//                          initialization blocks (when-branches active at
//                          initialization only), then next_time_event;
//   smc_compute_derivatives / smc_compute_outputs
//                          their block lists in continuous mode (discrete
//                          values frozen); compute_outputs then checks the
//                          model's assertions;
//   smc_event_indicators   indicatorBlocks, then indicator i of zero
//                          crossing i into the output array;
//   smc_event_update       sample flags and counters, eventBlocks (one
//                          event iteration), assertions, next_time_event;
//   smc_destroy_external_objects, smc_construct_external_objects,
//   smc_replay_external_call
//                          IrExternalObjects.h.
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

struct Callbacks {
  llvm::Function* setStartValues = nullptr;
  llvm::Function* initialize = nullptr;
  llvm::Function* computeDerivatives = nullptr;
  llvm::Function* computeOutputs = nullptr;
  llvm::Function* eventIndicators = nullptr;
  llvm::Function* eventUpdate = nullptr;
  // IrExternalObjects.h; null without external objects.
  llvm::Function* destroyExternalObjects = nullptr;
  llvm::Function* constructExternalObjects = nullptr;
  llvm::Function* replayExternalCall = nullptr;
};

// Reports errors through ctx.diags; check its error count afterwards.
// User functions must have been declared (IrFunctions.h).
Callbacks emitCallbacks(IrContext& ctx);

}  // namespace smc::codegen
