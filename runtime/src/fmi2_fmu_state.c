/* FMI 2.0 FMU state functions (section 2.1.8): saving, restoring and
 * serializing an instance's state. Planned next: they need a copy of the
 * value arrays, the time and CVODE's history. Until then
 * canGetAndSetFMUstate and canSerializeFMUstate are false and each call
 * answers fmi2Error.
 */
#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"

static const char* const no_fmu_state = "canGetAndSetFMUstate is false";
static const char* const no_serialization = "canSerializeFMUstate is false";

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* FMUstate) {
  (void)FMUstate;
  return smc_unsupported(c, "fmi2GetFMUstate", no_fmu_state);
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate FMUstate) {
  (void)FMUstate;
  return smc_unsupported(c, "fmi2SetFMUstate", no_fmu_state);
}

fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* FMUstate) {
  (void)FMUstate;
  return smc_unsupported(c, "fmi2FreeFMUstate", no_fmu_state);
}

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate FMUstate, size_t* size) {
  (void)FMUstate;
  (void)size;
  return smc_unsupported(c, "fmi2SerializedFMUstateSize", no_serialization);
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[],
                                 size_t size) {
  (void)FMUstate;
  (void)serializedState;
  (void)size;
  return smc_unsupported(c, "fmi2SerializeFMUstate", no_serialization);
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size,
                                   fmi2FMUstate* FMUstate) {
  (void)serializedState;
  (void)size;
  (void)FMUstate;
  return smc_unsupported(c, "fmi2DeSerializeFMUstate", no_serialization);
}
