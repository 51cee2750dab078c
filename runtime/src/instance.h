/* The runtime's instance: everything one FMU instance owns, in one struct.
 *
 * Following the Reference-FMUs, each fmi2Component is a pointer to one
 * SmcInstance; nothing in the runtime is global or static-mutable, so any
 * number of instances may live side by side in one process. The model's
 * values live in three arrays indexed by value reference (see smc/model.h).
 */
#ifndef SMC_RUNTIME_INSTANCE_H
#define SMC_RUNTIME_INSTANCE_H

#include <stdbool.h>
#include <stddef.h>

#include <sundials/sundials_context.h>

#include "fmi2/fmi2Functions.h"
#include "smc/model.h"

/* FMI 2.0 Co-Simulation states this FMU can be in (section 4.2.4). The
 * asynchronous stepInProgress/stepCanceled and the stepFailed state that
 * follows fmi2Discard are never entered: doStep runs synchronously and
 * reports solver failures as fmi2Error. */
typedef enum {
  SMC_STATE_INSTANTIATED = 1u << 0,
  SMC_STATE_INITIALIZATION_MODE = 1u << 1,
  SMC_STATE_STEP_COMPLETE = 1u << 2,
  SMC_STATE_TERMINATED = 1u << 3,
  SMC_STATE_ERROR = 1u << 4,
} SmcFmiState;

struct SmcCvodeSolver;
struct SmcLoopSolver;

typedef struct SmcInstance {
  char* name;
  fmi2CallbackFunctions callbacks;
  /* The importer's allocator when it gave both functions, else calloc/free. */
  fmi2CallbackAllocateMemory allocate;
  fmi2CallbackFreeMemory release;
  unsigned log_categories; /* bit i set: category i of logging.h is on */

  SmcFmiState state;
  double start_time;
  double tolerance; /* relative; CVODE's and the base of its absolute ones */
  bool stop_time_defined;
  double stop_time;

  SmcModelData data; /* data.time is the current communication point */
  /* A Set* changed a value since the model was last evaluated: the next Get
   * re-evaluates so that calculated values reflect it. */
  bool values_stale;
  /* An input changed since the last doStep: the integrator's history no
   * longer matches the right-hand side, so it restarts. */
  bool inputs_changed;

  SUNContext sundials;          /* one per instance: SUNDIALS objects never cross instances */
  struct SmcCvodeSolver* cvode; /* from fmi2ExitInitializationMode until terminate/reset */
  struct SmcLoopSolver** loops; /* smc_model.num_loops slots, each filled on first use */

  /* Why the latest model evaluation failed (loop solver, non-finite
   * derivative...), quoted by the entry point that reports the error. */
  char failure[1024];
  unsigned failure_count; /* bumped by every smc_record_failure */
} SmcInstance;

/* Allocates through the importer's allocateMemory (or calloc): zeroed. */
void* smc_allocate(const SmcInstance* instance, size_t count, size_t size);
void smc_release(const SmcInstance* instance, void* memory);

/* Creates an instance with start values set and SUNDIALS context ready;
 * logs through `functions` and returns NULL on failure. */
SmcInstance* smc_instance_create(const char* name, const fmi2CallbackFunctions* functions,
                                 bool logging_on);
void smc_instance_destroy(SmcInstance* instance);

/* Frees the integrator and every cached loop solver (terminate, reset). */
void smc_instance_release_solvers(SmcInstance* instance);

/* Back to the freshly instantiated state: start values, default experiment. */
void smc_instance_restart(SmcInstance* instance);

/* The name of a variable for messages, never NULL. */
const char* smc_real_name(int32_t vr);
const char* smc_integer_name(int32_t vr);
const char* smc_boolean_name(int32_t vr);

#endif /* SMC_RUNTIME_INSTANCE_H */
