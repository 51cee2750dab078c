// The constant `smc_model` (struct SmcModel of model.h) and the private
// tables it points to: state and derivative value references, state
// nominals, per-type flags and names, loop descriptions, identifier and GUID.
#pragma once

#include "codegen/IrCallbacks.h"

namespace smc::codegen {

// Name of the GUID string global that setGuid() rewrites.
inline constexpr const char* kGuidGlobalName = "smc_guid";

void emitModelDescriptor(IrContext& ctx, const Callbacks& callbacks);

}  // namespace smc::codegen
