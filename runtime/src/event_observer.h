/* Telling the importer's event observer (smc/event_observer.h). */
#ifndef SMC_RUNTIME_EVENT_OBSERVER_H
#define SMC_RUNTIME_EVENT_OBSERVER_H

#include <stdbool.h>
#include <stdint.h>

#include "instance.h"

/* Calls the observer, if one is set, for the event at data.time: `after`
 * false at the left limits (the outputs are computed first), true once
 * the event iteration is done. SMC_OK or SMC_FAILED. */
int32_t smc_report_event(SmcInstance* instance, const char* function, bool after);

#endif
