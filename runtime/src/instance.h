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
#include <stdint.h>

#include <sundials/sundials_context.h>

#include "fmi2/fmi2Functions.h"
#include "pointer_set.h"
#include "smc/event_observer.h"
#include "smc/model.h"

/* FMI 2.0 Co-Simulation states this FMU can be in (section 4.2.4). The
 * asynchronous stepInProgress/stepCanceled are never entered: doStep runs
 * synchronously. stepFailed follows the fmi2Discard of a step in which the
 * model called terminate(); solver failures are fmi2Error. */
typedef enum {
  SMC_STATE_INSTANTIATED = 1u << 0,
  SMC_STATE_INITIALIZATION_MODE = 1u << 1,
  SMC_STATE_STEP_COMPLETE = 1u << 2,
  SMC_STATE_TERMINATED = 1u << 3,
  SMC_STATE_ERROR = 1u << 4,
  SMC_STATE_STEP_FAILED = 1u << 5,
} SmcFmiState;

/* Distinct assertion warnings remembered per step (see model_services.c). */
enum { SMC_WARNINGS_PER_STEP = 16 };

struct SmcCvodeSolver;
struct SmcLoopSolver;

/* Everything that decides the instance's future apart from the value
 * arrays, kept at the head of the dynamic block (see below) so that saving
 * and restoring an FMU state is one memcpy. Fixed-size fields only, no
 * pointers: the block is also the serialized payload. */
typedef struct SmcDynamicState {
  SmcFmiState state; /* the FMI state machine: restored with the values */
  int32_t consecutive_events; /* Zeno guard (events.c) */
  /* Mirrors of data.time and data.next_time_event, whose place is fixed by
   * the generated-code contract: written before a save, read after a
   * restore (smc_dynamic_capture / smc_dynamic_apply). */
  double time;
  double next_time_event;
  double start_time; /* fmi2SetupExperiment; used by EnterInitializationMode */
  double tolerance;  /* relative; CVODE's and the base of its absolute ones */
  double stop_time;
  double zero_check_time; /* a look just after an event with zero indicators, or INFINITY */
  double last_event_time; /* Zeno guard: events closer together than 1e-12 relative */
  double terminate_time;
  bool stop_time_defined;
  /* A Set* changed a value since the model was last evaluated: the next Get
   * re-evaluates so that calculated values reflect it. */
  bool values_stale;
  /* An input changed since the last doStep: the integrator's history no
   * longer matches the right-hand side, so it restarts. */
  bool inputs_changed;
  bool watching_zeros; /* some zero_indicators[i] is set */
  /* terminate() (model_services.c): the step in progress ends after its
   * event handling with fmi2Discard; the simulation is then over. */
  bool terminate_requested;
  char terminate_message[512];
  /* Faults found at run time (events.c, model_eval.c): kept with the
   * values, so a restored state detects them exactly as the first run. */
  int32_t close_state_events;   /* chattering: state events in a row, each right after the last */
  double last_state_event_time;
  int32_t zeno_shrinks;         /* accumulation: event intervals in a row shrinking steadily */
  double zeno_last_instant;     /* the latest distinct event time */
  double zeno_interval;         /* the interval that led to it */
  double zeno_ratio;            /* its ratio to the interval before */
  int64_t step_events;          /* events in the current fmi2DoStep */
  bool zeno_warned;             /* each warning once per run */
  bool many_events_warned;
  bool non_finite_warned;
} SmcDynamicState;

/* An FMU state handed out by fmi2GetFMUstate (fmu_state.c). */
struct SmcFmuState;

/* The first member of every live SmcInstance. fmi2Component is a void*,
 * so an importer can hand in a pointer to anything; smc_enter reads this
 * member first and refuses the pointer when it does not hold the value
 * (fmi_state.c). Cleared when the instance is freed. */
#define SMC_INSTANCE_MAGIC UINT64_C(0x534d43496e737431) /* "SMCInst1" */

typedef struct SmcInstance {
  uint64_t magic; /* SMC_INSTANCE_MAGIC while the instance lives */
  /* Identity and configuration: not part of an FMU state (a restored
   * state keeps the instance's name, callbacks and log categories). */
  char* name;
  fmi2CallbackFunctions callbacks;
  /* The importer's allocator when it gave both functions, else calloc/free. */
  fmi2CallbackAllocateMemory allocate;
  fmi2CallbackFreeMemory release;
  unsigned log_categories; /* bit i set: category i of logging.h is on */
  /* smcObserveEvents (smc/event_observer.h): told of each event inside
   * fmi2DoStep; NULL: nobody asked. */
  smcEventObserver event_observer;
  void* event_observer_env;

  /* The dynamic block: one zeroed allocation of dynamic_size bytes holding
   * the SmcDynamicState, then reals, pre_reals, integers, pre_integers,
   * booleans, pre_booleans, zero_indicators and the delay() histories
   * (layout in dynamic_state.h).
   * data's value pointers and zero_indicators point into it. Every byte of
   * it is part of an FMU state; nothing outside it is, except data.time and
   * data.next_time_event (mirrored in the head). */
  SmcDynamicState* dynamic;
  size_t dynamic_size;

  SmcModelData data; /* data.time is the current communication point. Its
                        initial and terminal flags are 1 only inside one
                        runtime call, so they are never saved. */

  /* One per instance: SUNDIALS objects never cross instances. Holds no
   * simulation data, so not saved. */
  SUNContext sundials;
  /* From fmi2ExitInitializationMode until terminate/reset. It lives, with
   * everything CVODE allocates, in solver_memory (solver_memory.h), of
   * which it is the root: an FMU state saves the region's image, history
   * and all. */
  struct SmcCvodeSolver* cvode;
  struct SmcSolverMemory* solver_memory;
  /* The image FMU states store their integrator images against
   * (image_delta.h): the first taken since the integrator was made. */
  struct SmcImageBase* solver_image_base;
  /* Scratch for a state's image differences while it is taken
   * (solver_image.c): solver_delta_size bytes written, room for
   * solver_delta_capacity. Not saved. */
  unsigned char* solver_delta;
  size_t solver_delta_size, solver_delta_capacity;
  /* The colouring of the sparse Jacobian's columns, made once when the
   * integrator first takes the sparse path (sparse_jacobian.h). */
  struct SmcSparseJacobian* jacobian_colouring;
  /* smc_model.num_loops slots, each filled on first use; KINSOL starts
   * every solve afresh from the unknowns' values in data, so nothing in
   * it outlives a solve. */
  struct SmcLoopSolver** loops;
  /* smc_model.num_loops slots: the last matrix and LU factors of a large
   * linear loop, made on first use (linear_solver.c); a cache keyed by
   * the matrix itself, so not saved. */
  struct SmcLinearCache** linear_caches;
  /* The same for large sparse linear loops (sparse_linear_solver.c). */
  struct SmcSparseLinearCache** sparse_linear_caches;

  /* Why the latest model evaluation failed (loop solver, non-finite
   * derivative, smc_report_failure, a failed assertion...), quoted by the
   * entry point that reports the error. Diagnostics only, not saved. */
  char failure[1024];
  unsigned failure_count; /* bumped by every smc_record_failure */
  /* The latest failure came from ModelicaError in external C code: not
   * worth a retry with a smaller step (modelica_utilities.h). Not saved. */
  bool external_error;
  /* Strings ModelicaAllocateString and generated code (String values,
   * model_strings.c) made during the current model call, freed when it
   * ends, and their total length (modelica_utilities.c). Not saved. */
  struct SmcStringBlock* external_strings;
  size_t call_string_bytes;

  /* Event handling (events.c, simulation.c). */
  double* indicators;    /* smc_model.num_event_indicators values, scratch: not saved */
  /* In the dynamic block: indicator i was exactly 0 after the latest event. */
  bool* zero_indicators;
  /* Set by an event iteration left unsettled at a degenerate crossing
   * (events.c): the next smc_watch_zero_indicators also watches indicators
   * that are only near zero, and clears it. Not saved: it lives between
   * the iteration and the watch of the same call. */
  bool watch_near_zeros;
  /* In the dynamic block: the histories of delay() (delay_buffer.h). */
  struct SmcDelayBuffer* delays;
  /* Scratch for settling mixed loops (mixed_loops.h); NULL without them. */
  unsigned char* mixed_scratch;
  /* True while the model's event_update runs (model_eval.c): a delay that
   * reaches back exactly to a jump then reads the value after it. */
  bool in_event_update;

  /* Assertion warnings already logged during the current FMI call: reset
   * at every entry, so not saved. */
  uint64_t warned[SMC_WARNINGS_PER_STEP];
  int warned_count;
  /* A warning of the current FMI call that makes it return fmi2Warning
   * (smc_warn); reset at every entry. */
  bool call_warned;

  /* The model's calls of functions taking external objects made in event
   * mode since initialization, which rebuild the objects for a restored
   * FMU state (external_log.h). Outside the dynamic block: a state keeps
   * its own copy. external_log_lost: a record did not fit (limit, memory), so
   * no state can be taken any more. */
  unsigned char* external_log;
  size_t external_log_size, external_log_capacity;
  bool external_log_lost;

  /* The FMU states this instance handed out and has not freed yet, a
   * doubly linked list (fmu_state.c). Only pointers are compared against
   * it, so a freed or foreign state is recognised without reading it. */
  struct SmcFmuState* live_states;
  /* The same states, for lookups in constant time (pointer_set.h). */
  SmcPointerSet live_state_set;
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

/* Back to the freshly instantiated state: start values (also in pre_*),
 * default experiment, no pending events, termination or warnings. */
void smc_instance_restart(SmcInstance* instance);

/* pre_* := current values, for the slots whose pre() the model reads
 * (smc_model.pre_*_ranges): the others are never read. */
void smc_copy_values_to_pre(SmcInstance* instance);
/* pre_* := current values, every slot of all three types: before an event
 * iteration that must tell whether any discrete value changed. */
void smc_copy_all_values_to_pre(SmcInstance* instance);

/* The name of a variable for messages, never NULL. */
const char* smc_real_name(int32_t vr);
const char* smc_integer_name(int32_t vr);
const char* smc_boolean_name(int32_t vr);

/* " (computed at Ball.mo:8:3)" for a Real whose source the model gives
 * (smc_model.real_sources), else "". */
void smc_describe_real_source(int32_t vr, char* out, size_t capacity);
/* "'h <= 0' at Ball.mo:8:8", or "event indicator 3" when the model does
 * not describe its indicators; never NULL. */
const char* smc_indicator_description(int32_t index, char* scratch, size_t capacity);

#endif /* SMC_RUNTIME_INSTANCE_H */
