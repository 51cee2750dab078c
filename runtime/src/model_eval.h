/* Calls into the generated model with uniform failure handling: a failed
 * callback logs what failed, when and why, and puts the instance in the
 * error state (FMI 2.0: after fmi2Error only reset or free help). */
#ifndef SMC_RUNTIME_MODEL_EVAL_H
#define SMC_RUNTIME_MODEL_EVAL_H

#include "instance.h"

/* smc_model.initialize at data.time, with data.initial = 1 during the call. */
int32_t smc_eval_initialize(SmcInstance* instance, const char* function);

/* Destroys the external objects constructed so far (smc_model's
 * destroy_external_objects, guarded); a destructor's ModelicaError is
 * logged and the rest are dropped. */
void smc_eval_destroy_external_objects(SmcInstance* instance, const char* function);

/* compute_derivatives at the current states and time. */
int32_t smc_eval_derivatives(SmcInstance* instance, const char* function);

/* compute_derivatives then compute_outputs (which checks assertions). */
int32_t smc_eval_outputs(SmcInstance* instance, const char* function);

/* One call of event_update; *states_reinitialized as the model set it. */
int32_t smc_eval_event_update(SmcInstance* instance, const char* function,
                              int32_t* states_reinitialized);

/* event_indicators into instance->indicators; a non-finite indicator is a
 * failure naming its index. */
int32_t smc_eval_event_indicators(SmcInstance* instance, const char* function);

#endif /* SMC_RUNTIME_MODEL_EVAL_H */
