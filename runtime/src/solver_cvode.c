/* CVODE behind start/restart/advance/free, one integrator per instance.
 *
 * BDF with a direct linear solver: dense LU with CVODE's own
 * finite-difference Jacobian, or for many states KLU on the compiler's
 * sparsity pattern with a coloured finite-difference Jacobian
 * (sparse_jacobian.h); the
 * relative tolerance from fmi2SetupExperiment and absolute tolerances
 * reltol * nominal per state. Each advance sets the stop time to its
 * target (the communication point or the next time event) so CVODE never
 * steps past it: the states there are computed, not interpolated across a
 * later input change or event.
 *
 * Root finding watches the model's event indicators (CVodeRootInit); a
 * root return stops the integration at the first point where an indicator
 * has changed sign or is zero. A model without states but with indicators
 * integrates one placeholder state with derivative 0, so that the same
 * root finding locates crossings of time-dependent indicators.
 *
 * The right-hand side reports model failures and non-finite derivatives as
 * recoverable (CVODE retries with a smaller step); only when CVODE gives up
 * does the entry point fail, quoting CVODE's flag, its message and the
 * model's last complaint. Every SUNDIALS return code is checked.
 */
#include "solver_cvode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "delay_buffer.h"
#include "logging.h"
#include "modelica_utilities.h"
#include "model_eval.h"
#include "shared_vectors.h"
#include "solver_image.h"
#include "solver_memory.h"
#include "sparse_jacobian.h"

/* Steps CVODE may take inside one communication step (default 500). */
static const long max_steps_per_communication_step = 100000;

struct SmcCvodeSolver {
  void* memory;
  sunindextype size; /* num_states, or 1 for the placeholder state */
  double tolerance;  /* the relative tolerance it was configured with */
  N_Vector states;
  N_Vector absolute_tolerances;
  SUNMatrix jacobian;
  SUNLinearSolver linear_solver;
  const SmcSparseJacobian* sparse; /* the instance's colouring on the sparse path, else NULL */
  int* roots_found; /* CVodeGetRootInfo's answer, one per event indicator */
  char message[512]; /* CVODE's latest error message */
};

/* CVODE hands out its flag names in malloc'ed memory. */
static void copy_flag_name(char* (*get_name)(long), long flag, char* out, size_t capacity) {
  char* name = get_name(flag);
  snprintf(out, capacity, "%s", name != NULL ? name : "unknown flag");
  free(name);
}

static int32_t report(SmcInstance* instance, const char* function, const char* call,
                      char* (*get_name)(long), long flag) {
  /* Outside the integrator's region: nothing the logger does is CVODE's. */
  SmcSolverMemory* region = smc_solver_memory_enter(NULL);
  char name[64];
  copy_flag_name(get_name, flag, name, sizeof name);
  const char* message = instance->cvode != NULL ? instance->cvode->message : "";
  smc_log_error(instance, "%s: %s failed with %s%s%s%s%s", function, call, name,
                message[0] != '\0' ? ": " : "", message,
                instance->failure[0] != '\0' ? "; the model's last problem: " : "",
                instance->failure);
  smc_solver_memory_enter(region);
  return SMC_FAILED;
}

/* Evaluates a SUNDIALS call; a negative flag is reported and fails the function. */
#define CHECK(call, get_name)                                                 \
  do {                                                                        \
    int flag_ = (call);                                                       \
    if (flag_ < 0) return report(instance, function, #call, get_name, flag_); \
  } while (0)

#define CHECK_CREATED(pointer, what)                                             \
  do {                                                                           \
    if ((pointer) == NULL) {                                                     \
      smc_log_error(instance, "%s: %s failed (out of memory?)", function, what); \
      return SMC_FAILED;                                                         \
    }                                                                            \
  } while (0)

static void error_handler(int error_code, const char* module, const char* function, char* message,
                          void* user_data) {
  SmcInstance* instance = user_data;
  if (error_code > 0) { /* CV_WARNING: the step still succeeded */
    SmcSolverMemory* region = smc_solver_memory_enter(NULL); /* the logger is not CVODE's */
    smc_log_warning(instance, "%s %s: %s", module, function, message);
    smc_solver_memory_enter(region);
    return;
  }
  if (instance->cvode == NULL) return;
  char* copy = instance->cvode->message;
  snprintf(copy, sizeof instance->cvode->message, "%s", message);
  /* Drop the final period: the message is quoted inside a longer sentence. */
  size_t length = strlen(copy);
  while (length > 0 && (copy[length - 1] == '.' || copy[length - 1] == ' ')) copy[--length] = '\0';
}

/* Records why a model callback failed inside CVODE at time t: the
 * model's own reason with the time appended, or `what` failed at t. */
static void record_callback_failure(SmcInstance* instance, unsigned failures_before,
                                    const char* what, sunrealtype t) {
  if (instance->failure_count == failures_before)
    smc_record_failure(instance, "%s failed at t=%.17g", what, t);
  else
    smc_append_failure_time(instance, t);
}

static int32_t call_derivatives(SmcInstance* instance, void* context) {
  (void)context;
  return smc_model.compute_derivatives(&instance->data);
}

static int32_t call_event_indicators(SmcInstance* instance, void* indicators) {
  return smc_model.event_indicators(&instance->data, indicators);
}

static int model_derivatives(sunrealtype t, N_Vector y, N_Vector ydot, void* user_data) {
  SmcInstance* instance = user_data;
  SmcModelData* data = &instance->data;
  const sunrealtype* states = N_VGetArrayPointer(y);
  sunrealtype* derivatives = N_VGetArrayPointer(ydot);
  if (smc_model.num_states == 0) { /* the placeholder state stands still */
    derivatives[0] = 0.0;
    return 0;
  }
  /* instance->failure keeps the latest problem even after later calls
   * succeed: when CVODE finally gives up, that is usually the cause. */
  unsigned failures_before = instance->failure_count;
  data->time = t;
  for (int32_t i = 0; i < smc_model.num_states; ++i)
    data->reals[smc_model.state_refs[i]] = states[i];
  if (smc_call_guarded(instance, call_derivatives, NULL) != SMC_OK) {
    record_callback_failure(instance, failures_before, "computing the derivatives", t);
    /* Recoverable: CVODE retries with a smaller step; not so an error
     * that external C code raised. */
    return instance->external_error ? -1 : 1;
  }
  for (int32_t i = 0; i < smc_model.num_states; ++i) {
    double derivative = data->reals[smc_model.derivative_refs[i]];
    if (!isfinite(derivative)) {
      smc_record_failure(instance, "der(%s) is %g at t=%.17g",
                         smc_real_name(smc_model.state_refs[i]), derivative, t);
      return 1;
    }
    derivatives[i] = derivative;
  }
  return 0;
}

/* The model's code runs outside the integrator's memory region: what it
 * allocates is its own, not part of CVODE's history. */
static int right_hand_side(sunrealtype t, N_Vector y, N_Vector ydot, void* user_data) {
  SmcSolverMemory* region = smc_solver_memory_enter(NULL);
  int result = model_derivatives(t, y, ydot, user_data);
  smc_solver_memory_enter(region);
  return result;
}

/* The event indicators at (t, y). A failure or a non-finite indicator
 * stops the integration (CV_RTFUNC_FAIL). */
static int model_indicators(sunrealtype t, N_Vector y, sunrealtype* indicators,
                            void* user_data) {
  SmcInstance* instance = user_data;
  SmcModelData* data = &instance->data;
  const sunrealtype* states = N_VGetArrayPointer(y);
  unsigned failures_before = instance->failure_count;
  data->time = t;
  for (int32_t i = 0; i < smc_model.num_states; ++i)
    data->reals[smc_model.state_refs[i]] = states[i];
  if (smc_call_guarded(instance, call_event_indicators, indicators) != SMC_OK) {
    record_callback_failure(instance, failures_before, "computing the event indicators", t);
    return -1;
  }
  for (int32_t i = 0; i < smc_model.num_event_indicators; ++i) {
    if (!isfinite(indicators[i])) {
      smc_record_failure(instance, "event indicator %d is %g at t=%.17g", i, indicators[i], t);
      return -1;
    }
  }
  return 0;
}

/* CVODE's root function, outside the region as right_hand_side is. */
static int indicator_function(sunrealtype t, N_Vector y, sunrealtype* indicators,
                              void* user_data) {
  SmcSolverMemory* region = smc_solver_memory_enter(NULL);
  int result = model_indicators(t, y, indicators, user_data);
  smc_solver_memory_enter(region);
  return result;
}

/* CVODE's Jacobian callback on the sparse path. A failing right-hand side
 * is recoverable as it is there. */
static int sparse_jacobian(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J, void* user_data,
                           N_Vector tmp1, N_Vector tmp2, N_Vector tmp3) {
  SmcInstance* instance = user_data;
  const struct SmcCvodeSolver* solver = instance->cvode;
  return smc_sparse_jacobian_fill(solver->sparse, solver->memory, right_hand_side, user_data, t, y,
                                  fy, J, tmp1, tmp2, tmp3);
}

bool smc_cvode_needed(void) {
  return smc_model.num_states > 0 || smc_model.num_event_indicators > 0;
}

static double state_nominal(int32_t i) {
  double nominal = fabs(smc_model.state_nominals[i]);
  return isfinite(nominal) && nominal > 0.0 ? nominal : 1.0;
}

/* Copies the states between CVODE's vector and the model's Reals (the
 * placeholder state is always 0). */
static void load_states(const SmcInstance* instance, N_Vector y) {
  sunrealtype* states = N_VGetArrayPointer(y);
  if (smc_model.num_states == 0) states[0] = 0.0;
  for (int32_t i = 0; i < smc_model.num_states; ++i)
    states[i] = instance->data.reals[smc_model.state_refs[i]];
}

static void store_states(SmcInstance* instance, N_Vector y) {
  const sunrealtype* states = N_VGetArrayPointer(y);
  for (int32_t i = 0; i < smc_model.num_states; ++i)
    instance->data.reals[smc_model.state_refs[i]] = states[i];
}

static int32_t configure(SmcInstance* instance, struct SmcCvodeSolver* solver,
                         const char* function) {
  SUNContext context = instance->sundials;
  sunindextype n = smc_model.num_states > 0 ? smc_model.num_states : 1;
  solver->size = n;
  solver->tolerance = instance->dynamic->tolerance;
  solver->states = smc_shared_vector_new(n, context);
  CHECK_CREATED(solver->states, "N_VNew_Serial");
  solver->absolute_tolerances = smc_shared_vector_new(n, context);
  CHECK_CREATED(solver->absolute_tolerances, "N_VNew_Serial");
  load_states(instance, solver->states);
  sunrealtype* atol = N_VGetArrayPointer(solver->absolute_tolerances);
  double tolerance = instance->dynamic->tolerance;
  for (sunindextype i = 0; i < n; ++i)
    atol[i] = tolerance * (smc_model.num_states > 0 ? state_nominal((int32_t)i) : 1.0);

  solver->memory = CVodeCreate(CV_BDF, context);
  CHECK_CREATED(solver->memory, "CVodeCreate");
  CHECK(CVodeSetErrHandlerFn(solver->memory, error_handler, instance), CVodeGetReturnFlagName);
  CHECK(CVodeInit(solver->memory, right_hand_side, instance->data.time, solver->states),
        CVodeGetReturnFlagName);
  CHECK(CVodeSetUserData(solver->memory, instance), CVodeGetReturnFlagName);
  CHECK(CVodeSVtolerances(solver->memory, tolerance, solver->absolute_tolerances),
        CVodeGetReturnFlagName);
  CHECK(CVodeSetMaxNumSteps(solver->memory, max_steps_per_communication_step),
        CVodeGetReturnFlagName);

  if (instance->jacobian_colouring != NULL) {
    solver->sparse = instance->jacobian_colouring;
    solver->jacobian = SUNSparseMatrix(n, n, smc_model.num_jacobian_nonzeros, CSC_MAT, context);
    CHECK_CREATED(solver->jacobian, "SUNSparseMatrix");
    solver->linear_solver = SUNLinSol_KLU(solver->states, solver->jacobian, context);
    CHECK_CREATED(solver->linear_solver, "SUNLinSol_KLU");
    CHECK(CVodeSetLinearSolver(solver->memory, solver->linear_solver, solver->jacobian),
          CVodeGetLinReturnFlagName);
    CHECK(CVodeSetJacFn(solver->memory, sparse_jacobian), CVodeGetLinReturnFlagName);
    smc_log_call(instance,
                 "%s: the integrator factorizes with KLU: %d states, %d Jacobian nonzeros, "
                 "differences in %d groups of columns",
                 function, (int)n, (int)smc_model.num_jacobian_nonzeros,
                 (int)smc_sparse_jacobian_colours(solver->sparse));
  } else {
    solver->jacobian = SUNDenseMatrix(n, n, context);
    CHECK_CREATED(solver->jacobian, "SUNDenseMatrix");
    solver->linear_solver = SUNLinSol_Dense(solver->states, solver->jacobian, context);
    CHECK_CREATED(solver->linear_solver, "SUNLinSol_Dense");
    CHECK(CVodeSetLinearSolver(solver->memory, solver->linear_solver, solver->jacobian),
          CVodeGetLinReturnFlagName);
  }

  if (smc_model.num_event_indicators > 0) {
    CHECK(CVodeRootInit(solver->memory, smc_model.num_event_indicators, indicator_function),
          CVodeGetReturnFlagName);
    /* Indicators that stay zero are expected (and watched by events.c). */
    CHECK(CVodeSetNoInactiveRootWarn(solver->memory), CVodeGetReturnFlagName);
    solver->roots_found = smc_solver_memory_calloc(instance->solver_memory,
                                                   (size_t)smc_model.num_event_indicators, sizeof(int));
    CHECK_CREATED(solver->roots_found, "allocating the root information");
  }
  return SMC_OK;
}

/* Each entry point below works inside the instance's memory region, so
 * that everything CVODE allocates lands there (solver_memory.h); the
 * solver's own record is the region's root. */

static int32_t start(SmcInstance* instance, const char* function) {
  smc_cvode_free(instance); /* a new integrator: a new base image too */
  if (!smc_solver_memory_captures_malloc(instance->solver_memory)) {
    smc_log_error(instance,
                  "%s: the integrator's memory cannot be kept in its region (the FMU was linked "
                  "without --wrap=malloc,calloc,realloc,free, or the process has no thread key left)",
                  function);
    return SMC_FAILED;
  }
  struct SmcCvodeSolver* solver =
      smc_solver_memory_calloc(instance->solver_memory, 1, sizeof(struct SmcCvodeSolver));
  if (solver == NULL) {
    smc_log_error(instance, "%s: out of memory for the integrator", function);
    return SMC_FAILED;
  }
  instance->cvode = solver;
  smc_solver_memory_set_root(instance->solver_memory, solver);
  if (instance->jacobian_colouring == NULL && smc_sparse_jacobian_wanted()) {
    SmcSolverMemory* region = smc_solver_memory_enter(NULL); /* the instance's, made once */
    instance->jacobian_colouring = smc_sparse_jacobian_create(instance);
    smc_solver_memory_enter(region);
    CHECK_CREATED(instance->jacobian_colouring, "colouring the Jacobian's columns");
  }
  return configure(instance, solver, function);
}

int32_t smc_cvode_start(SmcInstance* instance, const char* function) {
  SmcSolverMemory* outside = smc_solver_memory_enter(instance->solver_memory);
  int32_t status = start(instance, function);
  smc_solver_memory_enter(outside);
  if (status != SMC_OK) smc_cvode_free(instance);
  return status;
}

static int32_t restart(SmcInstance* instance, const char* function) {
  struct SmcCvodeSolver* solver = instance->cvode;
  load_states(instance, solver->states);
  CHECK(CVodeReInit(solver->memory, instance->data.time, solver->states), CVodeGetReturnFlagName);
  return SMC_OK;
}

int32_t smc_cvode_restart(SmcInstance* instance, const char* function) {
  SmcSolverMemory* outside = smc_solver_memory_enter(instance->solver_memory);
  int32_t status = restart(instance, function);
  smc_solver_memory_enter(outside);
  return status;
}

int32_t smc_cvode_restore(SmcInstance* instance, const SmcSolverImage* image, const char* function) {
  unsigned char* target =
      image->base != NULL ? smc_solver_memory_restore_target(instance->solver_memory, image->size) : NULL;
#ifdef SMC_TEST_BROKEN_FMU_STATE
  target = NULL; /* the test-only defect: the history is not restored (fmu_state.h) */
#endif
  if (target != NULL) {
    smc_solver_image_expand(image, target);
    instance->cvode = smc_solver_memory_root(instance->solver_memory);
    if (instance->cvode != NULL) return SMC_OK;
  }
  /* A state from elsewhere: the integrator starts afresh from its values. */
  const struct SmcCvodeSolver* solver = instance->cvode;
  if (solver == NULL || solver->tolerance != instance->dynamic->tolerance)
    return smc_cvode_start(instance, function);
  return smc_cvode_restart(instance, function);
}

static int32_t advance(SmcInstance* instance, double target, bool* root, int32_t* root_indicator,
                       const char* function) {
  struct SmcCvodeSolver* solver = instance->cvode;
  solver->message[0] = '\0';
  instance->failure[0] = '\0';
  *root = false;
  *root_indicator = -1;
  double from = instance->data.time; /* the right-hand side moves data.time */
  /* After a root return CVODE's internal time may lie beyond the root; a
   * target before it (an earlier time event, the look at zero indicators)
   * needs a restart at the root, where data holds the states. */
  sunrealtype internal_time = from;
  CHECK(CVodeGetCurrentTime(solver->memory, &internal_time), CVodeGetReturnFlagName);
  if (internal_time > target && restart(instance, function) != SMC_OK) return SMC_FAILED;
  CHECK(CVodeSetStopTime(solver->memory, target), CVodeGetReturnFlagName);
  sunrealtype reached = from;
  int flag;
  if (smc_model.num_delays == 0) {
    flag = CVode(solver->memory, target, solver->states, &reached, CV_NORMAL);
  } else {
    /* Step by step, so that the delays' histories hold every step (a delay
     * shorter than a step then reads values CVODE has accepted). */
    while ((flag = CVode(solver->memory, target, solver->states, &reached, CV_ONE_STEP)) == CV_SUCCESS &&
           reached < target) {
      store_states(instance, solver->states);
      instance->data.time = reached;
      SmcSolverMemory* region = smc_solver_memory_enter(NULL);
      bool recorded = smc_eval_derivatives(instance, function) == SMC_OK &&
                      smc_eval_outputs(instance, function) == SMC_OK;
      if (recorded) smc_delays_record(instance);
      smc_solver_memory_enter(region);
      if (!recorded) return SMC_FAILED;
    }
  }
  if (flag < 0) {
    char call[96];
    snprintf(call, sizeof call, "integrating from t=%.17g to t=%.17g", from, target);
    return report(instance, function, call, CVodeGetReturnFlagName, flag);
  }
  /* A stop at the target returns it exactly; a root return its location. */
  instance->data.time = flag == CV_ROOT_RETURN ? reached : target;
  *root = flag == CV_ROOT_RETURN;
  if (*root && solver->roots_found != NULL) {
    CHECK(CVodeGetRootInfo(solver->memory, solver->roots_found), CVodeGetReturnFlagName);
    for (int32_t i = 0; i < smc_model.num_event_indicators && *root_indicator < 0; ++i)
      if (solver->roots_found[i] != 0) *root_indicator = i;
  }
  store_states(instance, solver->states);
  return SMC_OK;
}

int32_t smc_cvode_advance(SmcInstance* instance, double target, bool* root,
                          int32_t* root_indicator, const char* function) {
  SmcSolverMemory* outside = smc_solver_memory_enter(instance->solver_memory);
  int32_t status = advance(instance, target, root, root_indicator, function);
  smc_solver_memory_enter(outside);
  return status;
}

/* Everything CVODE had is in the region: forgetting the region frees it
 * all at once, without walking SUNDIALS' destructors. */
void smc_cvode_free(SmcInstance* instance) {
  if (instance->solver_memory != NULL) smc_solver_memory_reset(instance->solver_memory);
  instance->cvode = NULL;
  /* The next state's image is the base of a new integrator's. */
  smc_image_base_release(instance, instance->solver_image_base);
  instance->solver_image_base = NULL;
}
