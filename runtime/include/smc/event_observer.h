/* smc's one extension to the FMI 2.0 interface of its FMUs: an importer may
 * ask to be told about each event that happens inside fmi2DoStep, once just
 * before it (the values at their left limits) and once just after it (the
 * event iteration done). A result file then holds both rows of an event, as
 * Modelica tools write theirs; a pulse shorter than any communication step
 * (a friction element's start phase) is seen at all.
 *
 * During the call the instance is consistent at `time`: the observer may
 * call fmi2GetReal, fmi2GetInteger, fmi2GetBoolean and fmi2GetString on
 * `c`, and nothing else. Other FMUs do not export the function; importers
 * look it up with dlsym and do without it. Not part of an FMU state. */
#ifndef SMC_EVENT_OBSERVER_H
#define SMC_EVENT_OBSERVER_H

#include "fmi2/fmi2Functions.h"

typedef void (*smcEventObserver)(void* env, fmi2Component c, fmi2Real time, fmi2Boolean after);

/* Sets the observer (NULL: none). fmi2Error for an invalid instance. */
SMC_FMI2_EXPORT fmi2Status smcObserveEvents(fmi2Component c, smcEventObserver observer, void* env);

#endif
