/* The histories behind delay() (spec 3.7.4.1): one buffer per delay of the
 * model (smc_model.num_delays), in the instance's dynamic block, so that an
 * FMU state holds the past a delay reads and restoring it reproduces the
 * delayed values exactly.
 *
 * Each buffer holds (time, value) points of the delayed variable in time
 * order: one after every integrator step, at every communication point,
 * and two at an event where the variable jumps (the value before and the
 * value after, at the same time). smc_delay interpolates linearly between
 * them. A jump recorded at t comes back as a time event at t + delayTime,
 * so a delayed discontinuity is an event at its exact time, as it would be
 * in the original signal.
 *
 * The buffers have a fixed capacity (the FMU state has a fixed size).
 * Points older than the largest delay are dropped first; when the points
 * within the largest delay do not fit, every second one is dropped (jumps
 * kept) and the spacing kept between new points doubles, so that the
 * points stay evenly spread over the delay: a long delay of a fast signal
 * loses resolution rather than history, and the same resolution all
 * along.
 */
#ifndef SMC_RUNTIME_DELAY_BUFFER_H
#define SMC_RUNTIME_DELAY_BUFFER_H

#include <stddef.h>

#include "instance.h"

enum { SMC_DELAY_CAPACITY = 1024 };

typedef struct SmcDelayPoint {
  double time;
  double value;
} SmcDelayPoint;

typedef struct SmcDelayBuffer {
  int32_t count;      /* points[0, count) are in use */
  int32_t reserved;   /* 0: keeps the doubles aligned in the serialized bytes */
  double delay_time;  /* the latest delay time read: where recorded jumps return */
  double delay_max;   /* the largest delayMax read: how far back the history must reach */
  double spacing;     /* a new point closer than this to the one before replaces the latest */
  SmcDelayPoint points[SMC_DELAY_CAPACITY];
} SmcDelayBuffer;

/* Bytes of the buffers in the dynamic block. */
size_t smc_delay_buffers_size(void);

/* Forgets every history (a new initialization). */
void smc_delays_clear(SmcInstance* instance);

/* Records the delayed variables' current values at data.time; the caller
 * has brought them up to date. */
void smc_delays_record(SmcInstance* instance);

/* The earliest time after data.time (by more than one instant) at which a
 * recorded jump returns through its delay, or INFINITY. */
double smc_delays_next_event(const SmcInstance* instance);

/* NULL when the buffers at `buffers` (of a block from outside) are usable,
 * otherwise what is wrong. */
const char* smc_delay_buffers_problem(const unsigned char* buffers);

#endif /* SMC_RUNTIME_DELAY_BUFFER_H */
