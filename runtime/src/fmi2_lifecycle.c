/* FMI 2.0 experiment set-up and mode changes (sections 2.1.6, 4.2.4):
 * instantiated -> initializationMode -> stepComplete -> terminated.
 *
 * fmi2ExitInitializationMode finishes the initialization and handles the
 * events due at the start time before the first step; fmi2Terminate runs
 * one event iteration with terminal() true (so `when terminal()` fires)
 * and computes the outputs once more before the solvers are released.
 */
#include <math.h>

#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"
#include "instance.h"
#include "logging.h"
#include "simulation.h"

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                               fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime) {
  SmcInstance* instance = smc_enter(c, "fmi2SetupExperiment", SMC_MASK_SETUP_EXPERIMENT);
  if (instance == NULL) return fmi2Error;
  if (toleranceDefined && !(isfinite(tolerance) && tolerance > 0.0)) {
    smc_log_error(instance, "fmi2SetupExperiment: tolerance %g is not a positive number",
                  tolerance);
    return fmi2Error;
  }
  if (!isfinite(startTime)) {
    smc_log_error(instance, "fmi2SetupExperiment: startTime %g is not finite", startTime);
    return fmi2Error;
  }
  if (stopTimeDefined && !isfinite(stopTime)) {
    smc_log_error(instance, "fmi2SetupExperiment: stopTime %g is not finite", stopTime);
    return fmi2Error;
  }
  if (stopTimeDefined && stopTime < startTime) {
    smc_log_error(instance, "fmi2SetupExperiment: stopTime %.17g is before startTime %.17g",
                  stopTime, startTime);
    return fmi2Error;
  }
  if (toleranceDefined) instance->dynamic->tolerance = tolerance;
  instance->dynamic->start_time = startTime;
  instance->data.time = startTime;
  instance->dynamic->stop_time_defined = stopTimeDefined != fmi2False;
  instance->dynamic->stop_time = stopTime;
  return fmi2OK;
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c) {
  SmcInstance* instance =
      smc_enter(c, "fmi2EnterInitializationMode", SMC_MASK_ENTER_INITIALIZATION_MODE);
  if (instance == NULL) return fmi2Error;
  instance->dynamic->state = SMC_STATE_INITIALIZATION_MODE;
  instance->data.time = instance->dynamic->start_time;
  /* Initialization runs lazily: at the first Get in this mode, again at a
   * Get after any Set, and at the latest in fmi2ExitInitializationMode. */
  instance->dynamic->values_stale = true;
  return fmi2OK;
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
  const char* function = "fmi2ExitInitializationMode";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_EXIT_INITIALIZATION_MODE);
  if (instance == NULL) return fmi2Error;
  if (smc_refresh_stale_values(instance, function) != SMC_OK ||
      smc_simulation_start(instance, function) != SMC_OK)
    return fmi2Error;
  instance->dynamic->state = SMC_STATE_STEP_COMPLETE;
  return instance->call_warned ? fmi2Warning : fmi2OK;
}

fmi2Status fmi2Terminate(fmi2Component c) {
  SmcInstance* instance = smc_enter(c, "fmi2Terminate", SMC_MASK_TERMINATE);
  if (instance == NULL) return fmi2Error;
  if (smc_simulation_finish(instance, "fmi2Terminate") != SMC_OK) return fmi2Error;
  /* Values stay readable; the solvers are not needed any more. */
  smc_instance_release_solvers(instance);
  instance->dynamic->state = SMC_STATE_TERMINATED;
  return fmi2OK;
}
