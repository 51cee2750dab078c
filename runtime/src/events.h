/* Event iteration and the watch on zero indicators (see events.c). Each function logs its failure, puts the instance in the
 * error state and returns SMC_FAILED. */
#ifndef SMC_RUNTIME_EVENTS_H
#define SMC_RUNTIME_EVENTS_H

#include <stdbool.h>

#include "instance.h"

/* Event iterations allowed before an event counts as chattering. */
enum { SMC_MAX_EVENT_ITERATIONS = 100 };

/* Times closer than this (1e-12 relative) are the same instant. */
double smc_same_instant(double time);

/* Repeats { pre := values; event_update } at data.time until no Integer,
 * Boolean or discrete Real whose pre() the model reads differs from its
 * pre() value (the others cannot change the next iteration). With
 * pre_holds_left_limits the first copy is skipped: the caller already has
 * pre() holding the values just before the event (inputs set between
 * steps). Unless changed is NULL, *changed tells whether a discrete value
 * or a state changed, i.e. whether the integrator must restart: the first
 * iteration then copies and compares every slot (without
 * pre_holds_left_limits; with it, only the slots whose pre() is read). */
int32_t smc_event_iteration(SmcInstance* instance, const char* function,
                            bool pre_holds_left_limits, bool* changed);

/* After an event: remembers which indicators are exactly zero (the
 * integrator cannot tell which way they will leave zero) and schedules a
 * look just after the event (instance->zero_check_time). */
int32_t smc_watch_zero_indicators(SmcInstance* instance, const char* function);

/* True in *moved when an indicator that was zero after the latest event is
 * not zero any more at data.time: its relation may have changed
 * (*indicator: the first such). */
int32_t smc_zero_indicator_moved(SmcInstance* instance, const char* function, bool* moved,
                                 int32_t* indicator);

#endif /* SMC_RUNTIME_EVENTS_H */
