/* FMU state objects and the instance's live ones, a list to free them all
 * and a set to recognise one (see fmu_state.h).
 *
 * Saving and restoring copy the whole dynamic block with one memcpy; the
 * two fields of SmcModelData that the generated-code contract keeps outside
 * the block (time, next_time_event) travel through the block's head.
 */
#include "fmu_state.h"

#include <string.h>

#include "c_static_data.h"
#include "dynamic_state.h"
#include "external_log.h"

SmcFmuState* smc_fmu_state_new(SmcInstance* instance) {
  const size_t size = instance->dynamic_size + smc_c_static_data_size();
  SmcFmuState* state = smc_allocate(instance, 1, sizeof(SmcFmuState) + size);
  if (state == NULL) return NULL;
  if (!smc_pointer_set_insert(instance, &instance->live_state_set, state)) {
    smc_release(instance, state);
    return NULL;
  }
  state->size = size;
  state->log = NULL;
  state->log_size = 0;
  memset(&state->solver_image, 0, sizeof state->solver_image);
  state->previous = NULL;
  state->next = instance->live_states;
  if (state->next != NULL) state->next->previous = state;
  instance->live_states = state;
  return state;
}

bool smc_fmu_state_is_live(const SmcInstance* instance, const void* state) {
  return smc_pointer_set_contains(&instance->live_state_set, state);
}

void smc_fmu_state_free(SmcInstance* instance, SmcFmuState* state) {
  if (state->previous != NULL)
    state->previous->next = state->next;
  else
    instance->live_states = state->next;
  if (state->next != NULL) state->next->previous = state->previous;
  smc_pointer_set_remove(&instance->live_state_set, state);
  smc_release(instance, state->log);
  smc_solver_image_free(instance, &state->solver_image);
  smc_release(instance, state);
}

void smc_fmu_states_free_all(SmcInstance* instance) {
  while (instance->live_states != NULL) smc_fmu_state_free(instance, instance->live_states);
  smc_pointer_set_free(instance, &instance->live_state_set);
}

bool smc_fmu_state_save(SmcInstance* instance, SmcFmuState* state) {
  /* Memory first, so that a failure leaves a reused state as it was. */
  if (!smc_solver_image_reserve(instance, &state->solver_image) ||
      !smc_external_log_save(instance, &state->log, &state->log_size))
    return false;
  smc_solver_image_take(instance, &state->solver_image);
  smc_dynamic_capture(instance);
  memcpy(state->block, instance->dynamic, instance->dynamic_size);
  smc_c_static_data_save(state->block + instance->dynamic_size);
  return true;
}

#ifdef SMC_TEST_BROKEN_FMU_STATE
/* The Real the broken runtime leaves out of a restore: the first
 * continuous state (it changes in any model that has one), else Real 0;
 * -1 when the model has no Reals. */
static int32_t real_left_out(void) {
  if (smc_model.num_states > 0) return smc_model.state_refs[0];
  return smc_model.num_reals > 0 ? 0 : -1;
}
#endif

void smc_fmu_state_restore(SmcInstance* instance, const SmcFmuState* state) {
#ifdef SMC_TEST_BROKEN_FMU_STATE
  int32_t vr = real_left_out();
  double kept = vr >= 0 ? instance->data.reals[vr] : 0.0;
#endif
  memcpy(instance->dynamic, state->block, instance->dynamic_size);
#ifdef SMC_TEST_BROKEN_FMU_STATE
  if (vr >= 0) instance->data.reals[vr] = kept;
#endif
  smc_dynamic_apply(instance);
}
