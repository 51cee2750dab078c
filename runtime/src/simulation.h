/* The simulation behind the FMI mode changes and fmi2DoStep: start after
 * initialization, steps with event handling, the end at fmi2Terminate, and
 * bringing values up to date after Set calls (see simulation.c). Failures
 * are logged and put the instance in the error state. */
#ifndef SMC_RUNTIME_SIMULATION_H
#define SMC_RUNTIME_SIMULATION_H

#include "instance.h"

/* fmi2ExitInitializationMode after initialize: pre := values, the event
 * iteration at the start time when a time event is due there, the
 * integrator. */
int32_t smc_simulation_start(SmcInstance* instance, const char* function);

/* fmi2DoStep from data.time to tout: fmi2OK, fmi2Discard when the model
 * called terminate() (the step ends at that event; state stepFailed) or
 * fmi2Error. */
fmi2Status smc_simulation_step(SmcInstance* instance, double tout, const char* function);

/* fmi2Terminate: one event iteration with terminal() true, then outputs. */
int32_t smc_simulation_finish(SmcInstance* instance, const char* function);

/* After Set calls, brings calculated values up to date before a Get, a
 * step or a mode change: re-initializes in initializationMode; in
 * stepComplete handles the input change as an event at the current time
 * (relations and when-clauses see it; pre() of the inputs holds their
 * values before the Set). A no-op when nothing was set. */
int32_t smc_refresh_stale_values(SmcInstance* instance, const char* function);

#endif /* SMC_RUNTIME_SIMULATION_H */
