/* delay() histories (see delay_buffer.h). */
#include "delay_buffer.h"

#include <math.h>
#include <string.h>

#include "events.h"

size_t smc_delay_buffers_size(void) { return (size_t)smc_model.num_delays * sizeof(SmcDelayBuffer); }

void smc_delays_clear(SmcInstance* instance) {
  for (int32_t k = 0; k < smc_model.num_delays; ++k) {
    SmcDelayBuffer* buffer = &instance->delays[k];
    buffer->count = 0;
    buffer->delay_time = 0;
    buffer->delay_max = 0;
    buffer->spacing = 0;
  }
}

/* Whether points i - 1 and i are the two sides of a jump. */
static bool is_jump(const SmcDelayBuffer* buffer, int32_t i) {
  return i > 0 && i < buffer->count && buffer->points[i - 1].time == buffer->points[i].time;
}

/* Makes room for one point: drops what no delay reaches any more (keeping
 * the latest point at or before the horizon, which interpolation starts
 * from), else every second point that is not part of a jump (and new
 * points keep twice the spacing from then on), else the oldest point. */
static void make_room(SmcDelayBuffer* buffer, double now) {
  const double horizon = now - buffer->delay_max;
  int32_t keep_from = 0;
  while (keep_from + 1 < buffer->count && buffer->points[keep_from + 1].time <= horizon) ++keep_from;
  if (keep_from > 0) {
    buffer->count -= keep_from;
    memmove(buffer->points, buffer->points + keep_from, (size_t)buffer->count * sizeof(SmcDelayPoint));
    return;
  }
  const double span = buffer->points[buffer->count - 1].time - buffer->points[0].time;
  buffer->spacing = fmax(2 * buffer->spacing, 2 * span / SMC_DELAY_CAPACITY);
  int32_t kept = 0;
  for (int32_t i = 0; i < buffer->count; ++i) {
    bool in_jump = is_jump(buffer, i) || is_jump(buffer, i + 1);
    if (i % 2 == 0 || in_jump || i == buffer->count - 1) buffer->points[kept++] = buffer->points[i];
  }
  if (kept == buffer->count) {
    --kept;
    memmove(buffer->points, buffer->points + 1, (size_t)kept * sizeof(SmcDelayPoint));
  }
  buffer->count = kept;
}

static void record(SmcDelayBuffer* buffer, double time, double value) {
  /* Time moved back (a restart before the latest point): the newer
   * points describe a future that no longer happens. */
  while (buffer->count > 0 && buffer->points[buffer->count - 1].time > time) --buffer->count;
  if (buffer->count > 0) {
    const SmcDelayPoint* last = &buffer->points[buffer->count - 1];
    if (last->time == time) {
      if (last->value == value) return;
      /* A third value at one time: the jump ends at the latest. */
      if (is_jump(buffer, buffer->count - 1)) {
        buffer->points[buffer->count - 1].value = value;
        return;
      }
    }
  }
  /* Closer than the spacing to the point before: the latest point moves
   * here instead (unless it is one side of a jump). */
  const int32_t n = buffer->count;
  if (n >= 2 && time > buffer->points[n - 1].time && !is_jump(buffer, n - 1) &&
      time - buffer->points[n - 2].time < buffer->spacing) {
    buffer->points[n - 1] = (SmcDelayPoint){time, value};
    return;
  }
  if (buffer->count == SMC_DELAY_CAPACITY) make_room(buffer, time);
  buffer->points[buffer->count++] = (SmcDelayPoint){time, value};
}

void smc_delays_record(SmcInstance* instance) {
  const SmcModelData* data = &instance->data;
  for (int32_t k = 0; k < smc_model.num_delays; ++k)
    record(&instance->delays[k], data->time, data->reals[smc_model.delay_value_refs[k]]);
}

/* The number of points at or before `time`. */
static int32_t points_until(const SmcDelayBuffer* buffer, double time) {
  int32_t low = 0, high = buffer->count;
  while (low < high) {
    int32_t mid = low + (high - low) / 2;
    if (buffer->points[mid].time <= time)
      low = mid + 1;
    else
      high = mid;
  }
  return low;
}

double smc_delays_next_event(const SmcInstance* instance) {
  const double now = instance->data.time;
  double next = INFINITY;
  for (int32_t k = 0; k < smc_model.num_delays; ++k) {
    const SmcDelayBuffer* buffer = &instance->delays[k];
    const double delay = buffer->delay_time;
    if (!(delay > 0)) continue;
    /* Jumps at t with t + delay beyond now. */
    const double after = now + smc_same_instant(now);
    for (int32_t i = points_until(buffer, after - delay); i < buffer->count; ++i)
      if (is_jump(buffer, i) && buffer->points[i].time + delay > after) {
        if (buffer->points[i].time + delay < next) next = buffer->points[i].time + delay;
        break;
      }
  }
  return next;
}

double smc_delay(SmcModelData* data, int32_t k, double current, double delay_time, double delay_max) {
  SmcInstance* instance = (SmcInstance*)data->instance;
  SmcDelayBuffer* buffer = &instance->delays[k];
  buffer->delay_time = delay_time;
  if (delay_max > buffer->delay_max) buffer->delay_max = delay_max;
  if (buffer->count == 0) return current; /* initialization: expr(time.start) */
  const SmcDelayPoint* points = buffer->points;
  const double at = data->time - delay_time;
  /* Before the start: the value at the start, after its events. */
  if (at <= points[0].time) return points[points_until(buffer, points[0].time) - 1].value;
  /* A time within one instant of a recorded time is that time: the event
   * a jump comes back as happens at t + delay_time, from which subtracting
   * the delay need not give t exactly. */
  const double instant = smc_same_instant(data->time);
  int32_t until = points_until(buffer, at + instant);
  const SmcDelayPoint* last = &points[until - 1];
  if (fabs(last->time - at) <= instant) {
    /* Exactly at a recorded time: after its jump once the event at this
     * time is under way or done (its event iteration, the outputs after
     * it), before the jump while the integrator approaches the time. */
    const double since_event = data->time - instance->dynamic->last_event_time;
    if (instance->in_event_update || since_event <= instant) return last->value;
    int32_t first = until - 1;
    while (first > 0 && points[first - 1].time == last->time) --first;
    return points[first].value;
  }
  if (until == buffer->count) {
    /* After the latest point: towards the value now. */
    if (!(data->time > last->time)) return last->value;
    double weight = (at - last->time) / (data->time - last->time);
    return last->value + weight * (current - last->value);
  }
  const SmcDelayPoint* next = &points[until];
  double weight = (at - last->time) / (next->time - last->time);
  return last->value + weight * (next->value - last->value);
}

const char* smc_delay_buffers_problem(const unsigned char* buffers) {
  for (int32_t k = 0; k < smc_model.num_delays; ++k) {
    /* Read as bytes: `buffers` may come from outside, at any alignment. */
    const unsigned char* buffer = buffers + (size_t)k * sizeof(SmcDelayBuffer);
    int32_t count, reserved;
    double delay_time, delay_max, spacing;
    memcpy(&spacing, buffer + offsetof(SmcDelayBuffer, spacing), sizeof spacing);
    memcpy(&count, buffer + offsetof(SmcDelayBuffer, count), sizeof count);
    memcpy(&reserved, buffer + offsetof(SmcDelayBuffer, reserved), sizeof reserved);
    memcpy(&delay_time, buffer + offsetof(SmcDelayBuffer, delay_time), sizeof delay_time);
    memcpy(&delay_max, buffer + offsetof(SmcDelayBuffer, delay_max), sizeof delay_max);
    if (count < 0 || count > SMC_DELAY_CAPACITY || reserved != 0)
      return "a saved delay() history has an impossible size";
    if (!(delay_time >= 0) || !(delay_max >= 0) || isinf(delay_time) || isinf(delay_max))
      return "a saved delay() history has an impossible delay time";
    if (!(spacing >= 0) || isinf(spacing)) return "a saved delay() history has an impossible spacing";
    const unsigned char* points = buffer + offsetof(SmcDelayBuffer, points);
    double before = -INFINITY;
    for (int32_t i = 0; i < count; ++i) {
      double time;
      memcpy(&time, points + (size_t)i * sizeof(SmcDelayPoint) + offsetof(SmcDelayPoint, time), sizeof time);
      if (!isfinite(time) || time < before) return "a saved delay() history is not in time order";
      before = time;
    }
  }
  return NULL;
}
