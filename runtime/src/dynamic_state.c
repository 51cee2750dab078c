/* Layout and checks of the instance's dynamic block (see dynamic_state.h). */
#include "dynamic_state.h"

#include <stdint.h>

#include "delay_buffer.h"
#include <string.h>

/* The serialized format documents the FMI state as a 32-bit field. */
_Static_assert(sizeof(SmcFmiState) == sizeof(uint32_t), "SmcFmiState must take 32 bits");

static size_t round_up_8(size_t n) { return (n + 7u) & ~(size_t)7u; }

SmcDynamicLayout smc_dynamic_layout(void) {
  const SmcModel* m = &smc_model;
  size_t nr = (size_t)m->num_reals, ni = (size_t)m->num_integers, nb = (size_t)m->num_booleans;
  SmcDynamicLayout layout;
  size_t at = round_up_8(sizeof(SmcDynamicState));
  layout.reals = at;
  at += round_up_8(nr * sizeof(double));
  layout.pre_reals = at;
  at += round_up_8(nr * sizeof(double));
  layout.integers = at;
  at += round_up_8(ni * sizeof(int32_t));
  layout.pre_integers = at;
  at += round_up_8(ni * sizeof(int32_t));
  layout.booleans = at;
  at += round_up_8(nb * sizeof(int32_t));
  layout.pre_booleans = at;
  at += round_up_8(nb * sizeof(int32_t));
  layout.zero_indicators = at;
  at += round_up_8((size_t)m->num_event_indicators * sizeof(bool));
  layout.delays = at;
  at += round_up_8(smc_delay_buffers_size());
  layout.size = at;
  return layout;
}

void smc_dynamic_bind(SmcInstance* instance) {
  SmcDynamicLayout layout = smc_dynamic_layout();
  unsigned char* block = (unsigned char*)instance->dynamic;
  SmcModelData* data = &instance->data;
  data->reals = (double*)(block + layout.reals);
  data->pre_reals = (double*)(block + layout.pre_reals);
  data->integers = (int32_t*)(block + layout.integers);
  data->pre_integers = (int32_t*)(block + layout.pre_integers);
  data->booleans = (int32_t*)(block + layout.booleans);
  data->pre_booleans = (int32_t*)(block + layout.pre_booleans);
  instance->zero_indicators = (bool*)(block + layout.zero_indicators);
  instance->delays = (SmcDelayBuffer*)(block + layout.delays);
}

void smc_dynamic_capture(SmcInstance* instance) {
  instance->dynamic->time = instance->data.time;
  instance->dynamic->next_time_event = instance->data.next_time_event;
}

void smc_dynamic_apply(SmcInstance* instance) {
  instance->data.time = instance->dynamic->time;
  instance->data.next_time_event = instance->dynamic->next_time_event;
}

/* The byte at `offset` is 0 or 1: read as a byte, since a bool object
 * holding anything else may not even be read. */
static bool is_bool_byte(const unsigned char* block, size_t offset) { return block[offset] <= 1; }

static bool bools_valid(const unsigned char* block, size_t offset, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (!is_bool_byte(block, offset + i)) return false;
  return true;
}

static bool booleans_valid(const unsigned char* block, size_t offset, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    int32_t value;
    memcpy(&value, block + offset + i * sizeof value, sizeof value);
    if (value != 0 && value != 1) return false;
  }
  return true;
}

const char* smc_dynamic_block_problem(const unsigned char* block) {
  SmcDynamicLayout layout = smc_dynamic_layout();
  uint32_t bits;
  memcpy(&bits, block + offsetof(SmcDynamicState, state), sizeof bits);
  /* A state is never taken in the error state (fmi2GetFMUstate refuses). */
  uint32_t savable = SMC_STATE_INSTANTIATED | SMC_STATE_INITIALIZATION_MODE |
                     SMC_STATE_STEP_COMPLETE | SMC_STATE_STEP_FAILED | SMC_STATE_TERMINATED;
  if (bits == 0 || (bits & (bits - 1)) != 0 || (bits & savable) == 0)
    return "the saved FMI state is not one a state can be taken in";
  if (!is_bool_byte(block, offsetof(SmcDynamicState, stop_time_defined)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, values_stale)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, inputs_changed)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, watching_zeros)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, terminate_requested)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, zeno_warned)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, many_events_warned)) ||
      !is_bool_byte(block, offsetof(SmcDynamicState, non_finite_warned)))
    return "a saved flag is neither 0 nor 1";
  int32_t counts[3];
  memcpy(&counts[0], block + offsetof(SmcDynamicState, consecutive_events), sizeof counts[0]);
  memcpy(&counts[1], block + offsetof(SmcDynamicState, close_state_events), sizeof counts[1]);
  memcpy(&counts[2], block + offsetof(SmcDynamicState, zeno_shrinks), sizeof counts[2]);
  int64_t step_events;
  memcpy(&step_events, block + offsetof(SmcDynamicState, step_events), sizeof step_events);
  if (counts[0] < 0 || counts[1] < 0 || counts[2] < 0 || step_events < 0)
    return "a saved event count is negative";
  const char* message = (const char*)block + offsetof(SmcDynamicState, terminate_message);
  if (memchr(message, '\0', sizeof(((SmcDynamicState*)0)->terminate_message)) == NULL)
    return "the saved terminate() message is not terminated";
  if (!booleans_valid(block, layout.booleans, (size_t)smc_model.num_booleans) ||
      !booleans_valid(block, layout.pre_booleans, (size_t)smc_model.num_booleans))
    return "a saved Boolean variable is neither 0 nor 1";
  if (!bools_valid(block, layout.zero_indicators, (size_t)smc_model.num_event_indicators))
    return "a saved zero-indicator flag is neither 0 nor 1";
  return smc_delay_buffers_problem(block + layout.delays);
}
