/* bench/models/ClockedCounter.mo written by hand as an FMI 2.0
 * Co-Simulation FMU: the anchor of the fmi2DoStep overhead goal
 * (bench/runtime_speed.py, table 4a). It does the model's work the way a
 * careful hand-written FMU would: each fmi2DoStep counts the ticks of the
 * 10 ms clock that fall in (t, t + h], a tick at start + k / 100 (computed
 * from k, never summed, and within 1e-13 relative of the step's end
 * counting as reached), each tick adding one to `count` without wrapping.
 * Only the functions the harness calls do anything. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fmi2Functions.h"

typedef struct Counter {
  double start;
  double time;
  int32_t ticks; /* the next tick's number */
  int32_t count;
} Counter;

fmi2Component fmi2Instantiate(fmi2String name, fmi2Type type, fmi2String guid, fmi2String resources,
                              const fmi2CallbackFunctions* callbacks, fmi2Boolean visible,
                              fmi2Boolean logging) {
  (void)name, (void)guid, (void)resources, (void)callbacks, (void)visible, (void)logging;
  if (type != fmi2CoSimulation) return NULL;
  return calloc(1, sizeof(Counter));
}

void fmi2FreeInstance(fmi2Component c) { free(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                               fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime) {
  (void)toleranceDefined, (void)tolerance, (void)stopTimeDefined, (void)stopTime;
  Counter* m = c;
  m->start = m->time = startTime;
  return fmi2OK;
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c) { return c != NULL ? fmi2OK : fmi2Error; }

/* The first tick is at the start time. */
fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
  Counter* m = c;
  m->count = 1;
  m->ticks = 1;
  return fmi2OK;
}

fmi2Status fmi2Terminate(fmi2Component c) { return c != NULL ? fmi2OK : fmi2Error; }

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean noSetPrior) {
  (void)noSetPrior;
  Counter* m = c;
  if (m == NULL || !(h > 0) || t != m->time) return fmi2Error;
  const double end = t + h;
  const double reached = end + 1e-13 * fmax(1.0, fabs(end));
  while (m->start + (double)m->ticks / 100.0 <= reached) {
    if (m->count == INT32_MAX || m->ticks == INT32_MAX) return fmi2Error;
    ++m->count;
    ++m->ticks;
  }
  m->time = end;
  return fmi2OK;
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t n, fmi2Integer value[]) {
  Counter* m = c;
  for (size_t i = 0; i < n; ++i) {
    if (vr[i] != 0) return fmi2Error;
    value[i] = m->count;
  }
  return fmi2OK;
}
