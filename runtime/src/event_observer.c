/* smcObserveEvents: see smc/event_observer.h. */
#include "event_observer.h"

#include "fmi_state.h"
#include "model_eval.h"

fmi2Status smcObserveEvents(fmi2Component c, smcEventObserver observer, void* env) {
  SmcInstance* instance = smc_enter(c, "smcObserveEvents", SMC_ANY_INSTANCE_STATE);
  if (instance == NULL) return fmi2Error;
  instance->event_observer = observer;
  instance->event_observer_env = env;
  return fmi2OK;
}

int32_t smc_report_event(SmcInstance* instance, const char* function, bool after) {
  if (instance->event_observer == NULL) return SMC_OK;
  /* After the iteration every variable is computed; before it, the outputs
   * may not be (nothing else needs them at the left limit). */
  if (!after && smc_eval_outputs(instance, function) != SMC_OK) return SMC_FAILED;
  /* The observer's Get calls enter the FMU again, which starts a new call's
   * warning bookkeeping: the step's own must survive them. */
  int warned_count = instance->warned_count;
  bool call_warned = instance->call_warned;
  instance->event_observer(instance->event_observer_env, instance, instance->data.time,
                           after ? fmi2True : fmi2False);
  instance->warned_count = warned_count;
  instance->call_warned = call_warned;
  return SMC_OK;
}
