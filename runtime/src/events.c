/* Event iteration (Modelica spec 8.6) and a watch on zero indicators.
 *
 * Event iteration: at an event the generated event_update re-evaluates
 * relations, samples, discrete equations and when-clauses against pre().
 * The runtime copies the current values into pre_* and calls it again
 * until no Integer, Boolean or SMC_VAR_DISCRETE Real changes any more
 * (hidden relation and condition Booleans included). After
 * SMC_MAX_EVENT_ITERATIONS rounds, or one more than the discrete slots
 * whose pre() the model reads where that is more (max_event_iterations),
 * the event is chattering: fmi2Error naming the variables still changing.
 *
 * Events that come too densely are counted in event_density.c.
 *
 * Zero indicators: CVODE locates a crossing at the first point where the
 * indicator has changed sign or is exactly zero. An indicator that is
 * exactly zero there (a time event or a communication point landing on
 * the crossing) leaves its relation ambiguous: `time > 0.5` is false at
 * 0.5 and true right after, and CVODE, which masks zero indicators after a
 * restart, never reports when they move away. So the runtime watches
 * them: it looks again one small delay (1e-10 relative) after the event,
 * and at every later integrator return, and runs an event iteration as
 * soon as a watched indicator has left zero.
 */
#include "events.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "logging.h"
#include "mixed_loops.h"
#include "model_eval.h"

double smc_same_instant(double time) { return 1e-12 * fmax(1.0, fabs(time)); }

/* Delay of the look after an event with zero indicators: well above one
 * instant (so not Zeno) and far below any meaningful model time scale. */
static double zero_check_delay(double time) { return 1e-10 * fmax(1.0, fabs(time)); }

static bool real_changed(const SmcModelData* data, int32_t vr) {
  /* NaN != NaN: a discrete Real stuck at NaN counts as changing. */
  return (smc_model.real_flags[vr] & SMC_VAR_DISCRETE) != 0 &&
         !(data->reals[vr] == data->pre_reals[vr]);
}

/* The slots an event iteration compares: every slot, or only those whose
 * pre() the model reads (smc_model.pre_*_ranges). One range per type
 * stands for "every slot". */
typedef struct {
  int32_t count;
  const int32_t* bounds; /* begin, end, ... */
} SlotRanges;

static SlotRanges compared_slots(bool every_slot, int32_t num_slots, int32_t num_ranges,
                                 const int32_t* ranges, int32_t* whole) {
  if (!every_slot) return (SlotRanges){num_ranges, ranges};
  whole[0] = 0;
  whole[1] = num_slots;
  return (SlotRanges){num_slots > 0 ? 1 : 0, whole};
}

static bool same_int32s(const int32_t* values, const int32_t* pre, SlotRanges slots) {
  for (int32_t i = 0; i < slots.count; ++i) {
    size_t begin = (size_t)slots.bounds[2 * i], end = (size_t)slots.bounds[2 * i + 1];
    if (end > begin && memcmp(values + begin, pre + begin, sizeof(int32_t) * (end - begin)) != 0)
      return false;
  }
  return true;
}

/* The last iteration of every event compares every value and finds no
 * change, so the whole scan is the common case: memcmp does it for the
 * Integers and Booleans several times faster than a loop that can stop
 * early (which the compiler does not vectorize). */
static bool discrete_values_changed(const SmcModelData* data, bool every_slot) {
  int32_t whole[3][2];
  SlotRanges integers = compared_slots(every_slot, smc_model.num_integers,
                                       smc_model.num_pre_integer_ranges,
                                       smc_model.pre_integer_ranges, whole[0]);
  SlotRanges booleans = compared_slots(every_slot, smc_model.num_booleans,
                                       smc_model.num_pre_boolean_ranges,
                                       smc_model.pre_boolean_ranges, whole[1]);
  SlotRanges reals = compared_slots(every_slot, smc_model.num_reals,
                                    smc_model.num_pre_real_ranges, smc_model.pre_real_ranges,
                                    whole[2]);
  if (!same_int32s(data->integers, data->pre_integers, integers)) return true;
  if (!same_int32s(data->booleans, data->pre_booleans, booleans)) return true;
  for (int32_t i = 0; i < reals.count; ++i)
    for (int32_t vr = reals.bounds[2 * i]; vr < reals.bounds[2 * i + 1]; ++vr)
      if (real_changed(data, vr)) return true;
  return false;
}

/* Appends ", name" (or "name" first) to out; "..." once it is full. */
static void append_name(char* out, size_t capacity, const char* name) {
  size_t used = strlen(out);
  if (used + 4 >= capacity) return;
  int n = snprintf(out + used, capacity - used, "%s%s", used == 0 ? "" : ", ", name);
  if (n < 0 || (size_t)n >= capacity - used) snprintf(out + capacity - 4, 4, "...");
}

/* The variables whose pre() the model reads and that still change. */
static void list_changing_variables(const SmcModelData* data, char* out, size_t capacity) {
  out[0] = '\0';
  for (int32_t i = 0; i < smc_model.num_pre_real_ranges; ++i)
    for (int32_t vr = smc_model.pre_real_ranges[2 * i]; vr < smc_model.pre_real_ranges[2 * i + 1]; ++vr)
      if (real_changed(data, vr)) append_name(out, capacity, smc_real_name(vr));
  for (int32_t i = 0; i < smc_model.num_pre_integer_ranges; ++i)
    for (int32_t vr = smc_model.pre_integer_ranges[2 * i];
         vr < smc_model.pre_integer_ranges[2 * i + 1]; ++vr)
      if (data->integers[vr] != data->pre_integers[vr])
        append_name(out, capacity, smc_integer_name(vr));
  for (int32_t i = 0; i < smc_model.num_pre_boolean_ranges; ++i)
    for (int32_t vr = smc_model.pre_boolean_ranges[2 * i];
         vr < smc_model.pre_boolean_ranges[2 * i + 1]; ++vr)
      if (data->booleans[vr] != data->pre_booleans[vr])
        append_name(out, capacity, smc_boolean_name(vr));
}

/* Indicators within this of zero are at a degenerate crossing: far below
 * any physical quantity, far above rounding noise. */
static const double kNearZero = 1e-9;

/* Whether a non-converging event iteration is the mixed loops' Booleans
 * cycling at a crossing: the model has such loops and an indicator is
 * (nearly) zero. Anything else is chattering, an error. */
static bool unsettled_at_degenerate_crossing(SmcInstance* instance, const char* function) {
  if (smc_model.num_torn_booleans == 0 || smc_model.num_event_indicators == 0) return false;
  if (smc_eval_event_indicators(instance, function) != SMC_OK) return false;
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i)
    if (fabs(instance->indicators[i]) <= kNearZero) return true;
  return false;
}

static int32_t slots_in(int32_t count, const int32_t* ranges) {
  int64_t slots = 0;
  for (int32_t i = 0; i < count; ++i) slots += (int64_t)ranges[2 * i + 1] - ranges[2 * i];
  return slots > INT32_MAX / 2 ? INT32_MAX / 2 : (int32_t)slots;
}

/* How many rounds an event iteration may take before it counts as
 * chattering: SMC_MAX_EVENT_ITERATIONS, or more in a model with more
 * discrete slots whose pre() it reads. A cascade in which each round
 * settles one more of n such slots for good (breakers opening one after
 * the other, each because the last one did) needs n + 1 rounds, the last
 * finding nothing changed; a fixed limit would call a long cascade
 * chattering. The model's table is constant, so the limit is computed
 * once; instances on other threads may compute it at the same time and
 * store the same value (relaxed atomics, no lock). */
static int max_event_iterations(void) {
  static atomic_int cached = 0;
  int limit = atomic_load_explicit(&cached, memory_order_relaxed);
  if (limit == 0) {
    int64_t slots = (int64_t)slots_in(smc_model.num_pre_real_ranges, smc_model.pre_real_ranges) +
                    slots_in(smc_model.num_pre_integer_ranges, smc_model.pre_integer_ranges) +
                    slots_in(smc_model.num_pre_boolean_ranges, smc_model.pre_boolean_ranges) + 1;
    limit = slots > SMC_MAX_EVENT_ITERATIONS ? (slots > INT32_MAX / 2 ? INT32_MAX / 2 : (int)slots)
                                             : SMC_MAX_EVENT_ITERATIONS;
    atomic_store_explicit(&cached, limit, memory_order_relaxed);
  }
  return limit;
}

int32_t smc_event_iteration(SmcInstance* instance, const char* function,
                            bool pre_holds_left_limits, bool* changed) {
  SmcModelData* data = &instance->data;
  if (changed != NULL) *changed = false;
  const int limit = max_event_iterations();
  for (int iteration = 1; iteration <= limit; ++iteration) {
    /* Whether anything changed needs every slot compared in the first
     * iteration; which iteration is the last needs only the slots whose
     * pre() the model reads. */
    bool every_slot = changed != NULL && iteration == 1 && !pre_holds_left_limits;
    if (every_slot)
      smc_copy_all_values_to_pre(instance);
    else if (iteration > 1 || !pre_holds_left_limits)
      smc_copy_values_to_pre(instance);
    int32_t reinitialized = 0;
    if (smc_event_update_settled(instance, function, &reinitialized) != SMC_OK) return SMC_FAILED;
    if (reinitialized != 0 && changed != NULL) *changed = true;
    if (!discrete_values_changed(data, every_slot)) return SMC_OK;
    if (changed != NULL) *changed = true;
  }
  char names[512];
  list_changing_variables(data, names, sizeof names);
  if (unsettled_at_degenerate_crossing(instance, function)) {
    /* Ideal switches at a commutation: with the currents at rounding noise
     * each on/off combination of the mixed loops' Booleans says another,
     * so no iteration settles. The last values stand; the indicators near
     * zero are watched, and the event iteration runs again as soon as they
     * have moved off zero, where the relations decide unambiguously. */
    smc_log_call(instance, "%s: event iteration at t=%.17g left unsettled at a degenerate crossing (%s); "
                            "looking again just after it",
                  function, data->time, names);
    instance->watch_near_zeros = true;
    return SMC_OK;
  }
  smc_log_error(instance,
                "%s: event iteration does not converge at t=%.17g: still changing after %d "
                "iterations: %s",
                function, data->time, limit, names);
  instance->dynamic->state = SMC_STATE_ERROR;
  return SMC_FAILED;
}

int32_t smc_watch_zero_indicators(SmcInstance* instance, const char* function) {
  instance->dynamic->watching_zeros = false;
  instance->dynamic->zero_check_time = INFINITY;
  if (smc_model.num_event_indicators == 0) return SMC_OK;
  if (smc_eval_event_indicators(instance, function) != SMC_OK) return SMC_FAILED;
  const double watched = instance->watch_near_zeros ? kNearZero : 0.0;
  instance->watch_near_zeros = false;
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i) {
    instance->zero_indicators[i] = fabs(instance->indicators[i]) <= watched;
    if (instance->zero_indicators[i]) instance->dynamic->watching_zeros = true;
  }
  if (instance->dynamic->watching_zeros) {
    double now = instance->data.time;
    instance->dynamic->zero_check_time = now + zero_check_delay(now);
  }
  return SMC_OK;
}

int32_t smc_zero_indicator_moved(SmcInstance* instance, const char* function, bool* moved,
                                 int32_t* indicator) {
  *moved = false;
  *indicator = -1;
  if (!instance->dynamic->watching_zeros) return SMC_OK;
  if (smc_eval_event_indicators(instance, function) != SMC_OK) return SMC_FAILED;
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i)
    if (instance->zero_indicators[i] && instance->indicators[i] != 0.0) {
      if (!*moved) *indicator = i;
      *moved = true;
    }
  return SMC_OK;
}
