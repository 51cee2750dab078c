/* The instance's CVODE integrator (BDF, dense Newton) behind four calls.
 * `function` names the FMI entry point for error messages. On failure each
 * call logs CVODE's flag name and message and returns SMC_FAILED. */
#ifndef SMC_RUNTIME_SOLVER_CVODE_H
#define SMC_RUNTIME_SOLVER_CVODE_H

#include "instance.h"

/* Creates the integrator at data.time from the current state values
 * (num_states > 0). */
int32_t smc_cvode_start(SmcInstance* instance, const char* function);

/* Restarts the integrator's history at data.time (after an input changed). */
int32_t smc_cvode_restart(SmcInstance* instance, const char* function);

/* Integrates to exactly tout and writes the states at tout into data. */
int32_t smc_cvode_advance(SmcInstance* instance, double tout, const char* function);

void smc_cvode_free(SmcInstance* instance);

#endif /* SMC_RUNTIME_SOLVER_CVODE_H */
