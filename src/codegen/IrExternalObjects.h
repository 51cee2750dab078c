// The model's external objects (spec 12.9.7) at the end of their life:
// smc_destroy_external_objects calls each constructed object's destructor,
// in reverse declaration order (an object built from an earlier one goes
// first), and clears its slot, so that the runtime may call it at any time
// (fmi2Reset, fmi2FreeInstance, before initializing again).
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

// Null when the model has no external object. User functions must have
// been declared (IrFunctions.h).
llvm::Function* emitDestroyExternalObjects(IrContext& ctx);

}  // namespace smc::codegen
