/* Calls into the generated model with uniform failure handling: a failed
 * callback logs what failed and why, and puts the instance in the error
 * state (FMI 2.0: after fmi2Error only reset or free help). */
#ifndef SMC_RUNTIME_MODEL_EVAL_H
#define SMC_RUNTIME_MODEL_EVAL_H

#include "instance.h"

/* smc_model.initialize at data.time. */
int32_t smc_eval_initialize(SmcInstance* instance, const char* function);

/* compute_derivatives then compute_outputs at the current states and time. */
int32_t smc_eval_outputs(SmcInstance* instance, const char* function);

/* After Set* calls, brings calculated values up to date before a Get or a
 * mode change: re-initializes in initializationMode, re-evaluates outputs
 * in stepComplete. A no-op when nothing changed. */
int32_t smc_refresh_stale_values(SmcInstance* instance, const char* function);

#endif /* SMC_RUNTIME_MODEL_EVAL_H */
