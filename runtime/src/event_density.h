/* Events that come too densely (see event_density.c): counted at every
 * event, failing or warning the current call as the file comment says. */
#ifndef SMC_RUNTIME_EVENT_DENSITY_H
#define SMC_RUNTIME_EVENT_DENSITY_H

#include "instance.h"

/* Consecutive events without time advancing allowed (the same instant). */
enum { SMC_MAX_EVENTS_WITHOUT_ADVANCE = 1000 };
/* Consecutive state events, each right after the last, allowed before
 * they count as chattering. */
enum { SMC_MAX_CLOSE_STATE_EVENTS = 1000 };
/* Intervals in a row that shrink by a steady ratio before the events
 * count as accumulating (Zeno behaviour). */
enum { SMC_ZENO_SHRINKS = 8 };
/* Events in one fmi2DoStep before a warning. */
enum { SMC_MAX_EVENTS_PER_STEP = 1000000 };

/* What caused an event at data.time: a time event (indicator -1), or a
 * state event of event indicator `indicator` (-1 when unknown). */
typedef struct {
  bool state_event;
  int32_t indicator;
} SmcEventCause;

/* Forgets earlier events: at the start of a simulation. */
void smc_event_density_reset(SmcInstance* instance);

/* Counts an event at data.time. SMC_FAILED (logged, error state) when the
 * events do not let time advance or chatter; warns (smc_warn) when they
 * accumulate towards a time or crowd one step. */
int32_t smc_note_event(SmcInstance* instance, const char* function, SmcEventCause cause);

#endif /* SMC_RUNTIME_EVENT_DENSITY_H */
