/* FMI 2.0 Co-Simulation stepping and status inquiry (section 4.2.4-4.2.5).
 *
 * fmi2DoStep checks its arguments and hands the step to simulation.c,
 * which integrates to exactly t+h handling the events on the way. It runs
 * synchronously, so it never returns fmi2Pending. When the model calls
 * terminate(), the step returns fmi2Discard, fmi2GetBooleanStatus
 * (fmi2Terminated) answers true and fmi2LastSuccessfulTime is the time of
 * that event.
 */
#include <math.h>

#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"
#include "instance.h"
#include "logging.h"
#include "simulation.h"

/* Communication points may differ from ours by rounding in the importer. */
static const double time_match_tolerance = 1e-12;

static bool step_arguments_valid(const SmcInstance* instance, double t, double h) {
  double now = instance->data.time;
  if (!(isfinite(h) && h > 0.0)) {
    smc_log_error(instance, "fmi2DoStep: communicationStepSize %g must be positive", h);
    return false;
  }
  double scale = fmax(fmax(fabs(t), fabs(now)), h);
  if (!isfinite(t) || fabs(t - now) > time_match_tolerance * scale) {
    smc_log_error(instance,
                  "fmi2DoStep: currentCommunicationPoint %.17g does not match the FMU's time "
                  "%.17g (the previous step ended there)",
                  t, now);
    return false;
  }
  double stop = instance->dynamic->stop_time;
  if (instance->dynamic->stop_time_defined &&
      t + h > stop + time_match_tolerance * fmax(fabs(stop), h)) {
    smc_log_error(instance, "fmi2DoStep: a step to t=%.17g goes beyond the stop time %.17g", t + h,
                  stop);
    return false;
  }
  return true;
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                      fmi2Real communicationStepSize,
                      fmi2Boolean noSetFMUStatePriorToCurrentCommunicationPoint) {
  /* Saved states need no extra bookkeeping before the step (every step
   * restarts the integrator), so the hint changes nothing. */
  (void)noSetFMUStatePriorToCurrentCommunicationPoint;
  const char* function = "fmi2DoStep";
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_DO_STEP);
  if (instance == NULL) return fmi2Error;
  if (instance->dynamic->state == SMC_STATE_STEP_FAILED) {
    smc_log_error(instance,
                  "%s: the model called terminate() at t=%.17g (%s): the simulation is over; "
                  "only Get calls, fmi2Terminate, fmi2Reset or fmi2FreeInstance are possible",
                  function, instance->dynamic->terminate_time,
                  instance->dynamic->terminate_message);
    return fmi2Error;
  }
  if (!step_arguments_valid(instance, currentCommunicationPoint, communicationStepSize) ||
      smc_refresh_stale_values(instance, function) != SMC_OK)
    return fmi2Error;
  fmi2Status status =
      smc_simulation_step(instance, currentCommunicationPoint + communicationStepSize, function);
  return status == fmi2OK && instance->call_warned ? fmi2Warning : status;
}

static const char* status_kind_name(fmi2StatusKind kind) {
  switch (kind) {
  case fmi2DoStepStatus: return "fmi2DoStepStatus";
  case fmi2PendingStatus: return "fmi2PendingStatus";
  case fmi2LastSuccessfulTime: return "fmi2LastSuccessfulTime";
  case fmi2Terminated: return "fmi2Terminated";
  }
  return "an unknown fmi2StatusKind";
}

/* State check and non-null value, shared by the five status functions. */
static SmcInstance* enter_status(fmi2Component c, const char* function, const void* value) {
  SmcInstance* instance = smc_enter(c, function, SMC_MASK_GET_STATUS);
  if (instance != NULL && value == NULL) {
    smc_log_error(instance, "%s: value is NULL", function);
    return NULL;
  }
  return instance;
}

static fmi2Status wrong_kind(const SmcInstance* instance, const char* function, fmi2StatusKind kind,
                             const char* reason) {
  smc_log_error(instance, "%s: cannot report %s (%d): %s", function, status_kind_name(kind),
                (int)kind, reason);
  return fmi2Error;
}

static const char* const never_pending =
    "only meaningful after fmi2DoStep returned fmi2Pending, which this FMU never does";

fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind s, fmi2Status* value) {
  SmcInstance* instance = enter_status(c, "fmi2GetStatus", value);
  if (instance == NULL) return fmi2Error;
  if (s == fmi2DoStepStatus) return wrong_kind(instance, "fmi2GetStatus", s, never_pending);
  return wrong_kind(instance, "fmi2GetStatus", s, "not an fmi2Status-valued status");
}

fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind s, fmi2Real* value) {
  SmcInstance* instance = enter_status(c, "fmi2GetRealStatus", value);
  if (instance == NULL) return fmi2Error;
  if (s != fmi2LastSuccessfulTime)
    return wrong_kind(instance, "fmi2GetRealStatus", s, "only fmi2LastSuccessfulTime is Real");
  *value = instance->data.time;
  return fmi2OK;
}

fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind s, fmi2Integer* value) {
  SmcInstance* instance = enter_status(c, "fmi2GetIntegerStatus", value);
  if (instance == NULL) return fmi2Error;
  return wrong_kind(instance, "fmi2GetIntegerStatus", s,
                    "FMI 2.0 defines no Integer-valued status");
}

fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind s, fmi2Boolean* value) {
  SmcInstance* instance = enter_status(c, "fmi2GetBooleanStatus", value);
  if (instance == NULL) return fmi2Error;
  if (s != fmi2Terminated)
    return wrong_kind(instance, "fmi2GetBooleanStatus", s, "only fmi2Terminated is Boolean");
  *value = instance->dynamic->terminate_requested ? fmi2True : fmi2False;
  return fmi2OK;
}

fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind s, fmi2String* value) {
  SmcInstance* instance = enter_status(c, "fmi2GetStringStatus", value);
  if (instance == NULL) return fmi2Error;
  if (s == fmi2PendingStatus) return wrong_kind(instance, "fmi2GetStringStatus", s, never_pending);
  return wrong_kind(instance, "fmi2GetStringStatus", s, "only fmi2PendingStatus is a String");
}
