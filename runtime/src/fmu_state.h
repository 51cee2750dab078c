/* FMU state objects: copies of an instance's dynamic block and integrator
 * memory, and the list
 * of those an instance has handed out and not freed yet.
 *
 * fmi2FMUstate is a pointer to an SmcFmuState. The instance keeps every
 * state it made in a list, so that Set, Free and Serialize can reject a
 * pointer that is not one of them (freed already, made by another
 * instance, or garbage) by comparing addresses only: nothing behind an
 * unknown pointer is ever read.
 */
#ifndef SMC_RUNTIME_FMU_STATE_H
#define SMC_RUNTIME_FMU_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "instance.h"
#include "solver_image.h"

typedef struct SmcFmuState {
  struct SmcFmuState* next; /* the owner's list of live states */
  struct SmcFmuState* previous;
  /* bytes in block: the owner's dynamic_size, then the static data of its
   * C code (c_static_data.h) */
  size_t size;
  /* The log that rebuilds the external objects (external_log.h), its own
   * allocation (NULL when empty). */
  unsigned char* log;
  size_t log_size;
  /* The integrator's memory (solver_image.h); none for a state
   * deserialized from another instance, whose integrator restarts when it
   * is restored. */
  SmcSolverImage solver_image;
  unsigned char block[];  /* a copy of the dynamic block and the C static data */
} SmcFmuState;

/* A new state in the instance's list (contents unset), or NULL when memory
 * runs out. */
SmcFmuState* smc_fmu_state_new(SmcInstance* instance);

/* Whether `state` is a state this instance made and has not freed. */
bool smc_fmu_state_is_live(const SmcInstance* instance, const void* state);

/* Unlinks and releases a live state. */
void smc_fmu_state_free(SmcInstance* instance, SmcFmuState* state);

/* Releases every state still live (fmi2FreeInstance). */
void smc_fmu_states_free_all(SmcInstance* instance);

/* state := the instance's dynamic block (data.time included), the C static
 * data, its log of external object calls and the image of its integrator's
 * memory; false when memory for the log or the image runs out. */
bool smc_fmu_state_save(SmcInstance* instance, SmcFmuState* state);

/* The instance's dynamic block := state. The caller then rebuilds the
 * external objects from state->log, restores the C static data (after the
 * rebuild, which runs C code) and the integrator from state->solver_image
 * (fmi2_fmu_state.c). In the test-only runtime built with
 * SMC_TEST_BROKEN_FMU_STATE, one Real keeps its current value instead,
 * and the integrator restarts from the restored values instead of taking
 * its memory back (solver_cvode.c): the deliberate defects `smc
 * verify-state` must catch (the first alone heals in a model whose
 * integrator holds that Real). */
void smc_fmu_state_restore(SmcInstance* instance, const SmcFmuState* state);

#endif /* SMC_RUNTIME_FMU_STATE_H */
