/* FMI 2.0 FMU state functions (section 2.1.8): saving, restoring, freeing
 * and serializing an instance's state.
 *
 * A state is a copy of the instance's dynamic block (instance.h), which
 * holds every value, every pre() value, the FMI state, the time, the
 * experiment set-up and the event, sample and terminate() bookkeeping,
 * plus the log of calls that rebuilds the model's external objects
 * (external_log.h), which a restore replays, the static data of the C
 * code smc compiled into the FMU (c_static_data.h), and an image of the
 * integrator's memory (solver_memory.h): CVODE's whole history, so that
 * restoring a state and stepping gives bit for bit what stepping from it
 * gave the first time, and taking a state changes nothing in the run.
 * A state deserialized from another instance or process carries no image
 * this instance can use (its pointers are another's); restoring it
 * restarts the integrator from its values.
 *
 * fmi2GetFMUstate with *FMUstate == NULL makes a new state; with a state
 * this instance made, it overwrites that state (as does
 * fmi2DeSerializeFMUstate). fmi2FreeFMUstate of NULL does nothing. Every
 * call that takes a state first checks, by address only, that it is a live
 * state of this instance (fmu_state.h), so a state freed twice, a state of
 * another instance or a stray pointer gives fmi2Error and a message
 * instead of a crash. A pointer whose memory was reused for a new state of
 * this instance is indistinguishable from that state: no check can see
 * through that without reading freed memory.
 */
#include <string.h>

#include "c_static_data.h"
#include "dynamic_state.h"
#include "external_log.h"
#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"
#include "fmu_state.h"
#include "logging.h"
#include "solver_cvode.h"
#include "state_format.h"

static const char* const not_live =
    "is not a live FMU state of this instance (freed already, made by another instance, or "
    "not a state at all)";

/* The live state behind `pointer`, or NULL after logging why not. */
static SmcFmuState* live_state(SmcInstance* instance, const char* function, const void* pointer) {
  if (pointer == NULL) {
    smc_log_error(instance, "%s: FMUstate is NULL", function);
    return NULL;
  }
  if (!smc_fmu_state_is_live(instance, pointer)) {
    smc_log_error(instance, "%s: FMUstate %p %s", function, pointer, not_live);
    return NULL;
  }
  return (SmcFmuState*)pointer;
}

/* The state to fill for Get/DeSerialize: *slot when it is a live state of
 * this instance, a new one when *slot is NULL, else NULL (logged). */
static SmcFmuState* state_to_fill(SmcInstance* instance, const char* function,
                                  fmi2FMUstate* slot) {
  if (slot == NULL) {
    smc_log_error(instance, "%s: FMUstate is NULL (expected the address of an fmi2FMUstate)",
                  function);
    return NULL;
  }
  if (*slot != NULL) {
    if (smc_fmu_state_is_live(instance, *slot)) return *slot;
    smc_log_error(instance, "%s: *FMUstate %p %s; pass NULL to get a new state", function, *slot,
                  not_live);
    return NULL;
  }
  SmcFmuState* state = smc_fmu_state_new(instance);
  if (state == NULL) smc_log_error(instance, "%s: out of memory for a new FMU state", function);
  return state;
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* FMUstate) {
  const char* function = "fmi2GetFMUstate";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_GET_FMU_STATE);
  if (instance == NULL) return fmi2Error;
  if (instance->external_log_lost) {
    smc_log_error(instance,
                  "%s: the log of external object calls that a state needs to rebuild the model's external "
                  "objects outgrew its limit (%zu MiB) or the memory, so no state can hold them",
                  function, SMC_EXTERNAL_LOG_LIMIT >> 20);
    return fmi2Error;
  }
  const bool fresh = FMUstate != NULL && *FMUstate == NULL;
  SmcFmuState* state = state_to_fill(instance, function, FMUstate);
  if (state == NULL) return fmi2Error;
  /* Stale values stay stale: they are refreshed after a restore exactly as
   * they would have been now. */
  if (!smc_fmu_state_save(instance, state)) {
    smc_log_error(instance, "%s: out of memory for the state's copy of the integrator or its log of "
                  "external object calls", function);
    if (fresh) smc_fmu_state_free(instance, state); /* a reused state keeps its old contents */
    return fmi2Error;
  }
  *FMUstate = state;
  return fmi2OK;
}

/* After a restore: the integrator as the restored FMI state needs it. */
static int32_t align_solvers(SmcInstance* instance, const SmcFmuState* state, const char* function) {
  switch (instance->dynamic->state) {
  case SMC_STATE_STEP_COMPLETE:
    return smc_cvode_needed()
               ? smc_cvode_restore(instance, &state->solver_image, function)
               : SMC_OK;
  case SMC_STATE_STEP_FAILED:
    return SMC_OK; /* no further step: the integrator is never used again */
  case SMC_STATE_INSTANTIATED:
  case SMC_STATE_INITIALIZATION_MODE:
  case SMC_STATE_TERMINATED:
    /* As on the way there: none yet (fmi2ExitInitializationMode makes
     * it), or none any more. */
    smc_cvode_free(instance);
    return SMC_OK;
  case SMC_STATE_ERROR:
    break; /* never saved (fmi2GetFMUstate refuses, the format rejects it) */
  }
  smc_log_error(instance, "%s: the restored state is the error state", function);
  return SMC_FAILED;
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate FMUstate) {
  const char* function = "fmi2SetFMUstate";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_SET_FMU_STATE);
  if (instance == NULL) return fmi2Error;
  SmcFmuState* state = live_state(instance, function, FMUstate);
  if (state == NULL) return fmi2Error;
  smc_fmu_state_restore(instance, state);
  instance->failure[0] = '\0';
  if (smc_model.num_external_objects > 0 &&
      smc_external_objects_rebuild(instance, state->log, state->log_size, function) != SMC_OK) {
    instance->dynamic->state = SMC_STATE_ERROR;
    return fmi2Error;
  }
  smc_c_static_data_restore(state->block + instance->dynamic_size);
  if (align_solvers(instance, state, function) != SMC_OK) {
    instance->dynamic->state = SMC_STATE_ERROR;
    return fmi2Error;
  }
  return fmi2OK;
}

fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* FMUstate) {
  const char* function = "fmi2FreeFMUstate";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_FMU_STATE_OBJECT);
  if (instance == NULL) return fmi2Error;
  if (FMUstate == NULL) {
    smc_log_error(instance, "%s: FMUstate is NULL (expected the address of an fmi2FMUstate)",
                  function);
    return fmi2Error;
  }
  if (*FMUstate == NULL) return fmi2OK; /* nothing to free */
  SmcFmuState* state = live_state(instance, function, *FMUstate);
  if (state == NULL) return fmi2Error;
  smc_fmu_state_free(instance, state);
  *FMUstate = NULL;
  return fmi2OK;
}

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate FMUstate, size_t* size) {
  const char* function = "fmi2SerializedFMUstateSize";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_FMU_STATE_OBJECT);
  if (instance == NULL) return fmi2Error;
  const SmcFmuState* state = live_state(instance, function, FMUstate);
  if (state == NULL) return fmi2Error;
  if (size == NULL) {
    smc_log_error(instance, "%s: size is NULL", function);
    return fmi2Error;
  }
  *size = smc_state_serialized_size(instance, state);
  return fmi2OK;
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[],
                                 size_t size) {
  const char* function = "fmi2SerializeFMUstate";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_FMU_STATE_OBJECT);
  if (instance == NULL) return fmi2Error;
  SmcFmuState* state = live_state(instance, function, FMUstate);
  if (state == NULL) return fmi2Error;
  size_t needed = smc_state_serialized_size(instance, state);
  if (serializedState == NULL || size < needed) {
    smc_log_error(instance,
                  "%s: the buffer (%zu bytes%s) cannot hold the %zu bytes of the state; ask "
                  "fmi2SerializedFMUstateSize",
                  function, size, serializedState == NULL ? ", NULL" : "", needed);
    return fmi2Error;
  }
  smc_state_serialize(instance, state, (unsigned char*)serializedState);
  return fmi2OK;
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size,
                                   fmi2FMUstate* FMUstate) {
  const char* function = "fmi2DeSerializeFMUstate";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_FMU_STATE_OBJECT);
  if (instance == NULL) return fmi2Error;
  char why[512];
  SmcSerializedState parts;
  if (smc_state_check_serialized(instance, (const unsigned char*)serializedState, size, &parts, why,
                                 sizeof why) != NULL) {
    smc_log_error(instance, "%s: rejected %zu bytes: %s", function, size, why);
    return fmi2Error;
  }
  SmcFmuState* state = state_to_fill(instance, function, FMUstate);
  if (state == NULL) return fmi2Error;
  unsigned char* log = parts.log_size > 0 ? smc_allocate(instance, parts.log_size, 1) : NULL;
  /* Another instance's (or process's) integrator image is of no use here:
   * restoring the state restarts the integrator instead. */
  SmcSolverImage image = {0};
  if ((parts.log_size > 0 && log == NULL) ||
      !smc_solver_image_deserialize(instance, parts.solver_image, parts.solver_image_size,
                                    &image)) {
    smc_log_error(instance, "%s: out of memory for the state's copy of the integrator or its log of "
                  "external object calls", function);
    smc_release(instance, log);
    if (*FMUstate == NULL) smc_fmu_state_free(instance, state);
    return fmi2Error;
  }
  if (parts.log_size > 0) memcpy(log, parts.log, parts.log_size);
  memcpy(state->block, parts.block, state->size);
  smc_release(instance, state->log);
  state->log = log;
  state->log_size = parts.log_size;
  smc_solver_image_free(instance, &state->solver_image);
  state->solver_image = image;
  *FMUstate = state;
  return fmi2OK;
}
