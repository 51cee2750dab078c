/* The FMI state check shared by every entry point (see fmi_state.h). */
#include "fmi_state.h"

#include <stdio.h>
#include <string.h>

#include "logging.h"

static const SmcFmiState all_states[] = {
    SMC_STATE_INSTANTIATED, SMC_STATE_INITIALIZATION_MODE, SMC_STATE_STEP_COMPLETE,
    SMC_STATE_STEP_FAILED,  SMC_STATE_TERMINATED,          SMC_STATE_ERROR,
};

const char* smc_state_name(SmcFmiState state) {
  switch (state) {
  case SMC_STATE_INSTANTIATED: return "instantiated";
  case SMC_STATE_INITIALIZATION_MODE: return "initializationMode";
  case SMC_STATE_STEP_COMPLETE: return "stepComplete";
  case SMC_STATE_STEP_FAILED: return "stepFailed";
  case SMC_STATE_TERMINATED: return "terminated";
  case SMC_STATE_ERROR: return "error";
  }
  return "unknown";
}

/* "instantiated or initializationMode" for the allowed mask. */
static void describe_mask(unsigned allowed, char* out, size_t capacity) {
  out[0] = '\0';
  size_t used = 0;
  for (size_t i = 0; i < sizeof all_states / sizeof all_states[0]; ++i) {
    if ((allowed & all_states[i]) == 0) continue;
    int n = snprintf(out + used, capacity - used, "%s%s", used == 0 ? "" : " or ",
                     smc_state_name(all_states[i]));
    if (n < 0 || (size_t)n >= capacity - used) return;
    used += (size_t)n;
  }
}

SmcInstance* smc_enter(fmi2Component c, const char* function, unsigned allowed) {
  SmcInstance* instance = c;
  /* NULL or not one of ours: there is no logger to tell. */
  if (instance == NULL || instance->magic != SMC_INSTANCE_MAGIC) return NULL;
  smc_log_call(instance, "%s called in state %s", function,
               smc_state_name(instance->dynamic->state));
  if ((allowed & instance->dynamic->state) != 0) {
    instance->warned_count = 0; /* assertion warnings: once per FMI call */
    instance->call_warned = false;
    return instance;
  }
  char expected[160];
  describe_mask(allowed, expected, sizeof expected);
  smc_log_error(instance, "%s: not allowed in state %s; expected state %s", function,
                smc_state_name(instance->dynamic->state), expected);
  return NULL;
}

fmi2Status smc_unsupported(fmi2Component c, const char* function, const char* reason) {
  SmcInstance* instance = smc_enter(c, function, SMC_ANY_INSTANCE_STATE);
  smc_log_error(instance, "%s: not supported by this FMU yet (%s)", function, reason);
  return fmi2Error;
}
