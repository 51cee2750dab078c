/* smc_solve_algebraic_loop: KINSOL for the algebraic loops of generated code.
 *
 * Each loop of each instance gets its own KINSOL memory, created on the
 * first call and kept until terminate/reset/free, so the many calls made
 * from inside CVODE's right-hand side only pay for the solve itself.
 *
 * A loop of one unknown (most loops, once torn) is first tried with the
 * plain Newton iteration of scalar_loop.c, which avoids KINSOL's fixed cost
 * per solve; KINSOL takes over from the original start value when that
 * gives up.
 *
 * Method: Newton with a line search, the Jacobian by finite differences into
 * a dense matrix, rebuilt at every iteration (a fresh Jacobian is cheap next
 * to a failed solve for the small loops we see), unknowns and residuals
 * scaled by 1. The iteration starts from the unknowns' current values,
 * and once more with their zeros replaced by 1 if that fails.
 * Converged means max |residual| <= 1e-10; KINSOL's "step below tolerance"
 * is accepted when the residual is already small (max <= 1e-5), i.e. the
 * iterates stalled at rounding level next to a root rather than far away.
 *
 * On failure the reason (the loop's description and KINSOL's flag name and
 * message) goes into instance->failure for the caller's error, and out as
 * a warning at once: a failure on a CVODE trial step may still recover.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "instance.h"
#include "logging.h"
#include "loop_solver.h"
#include "scalar_loop.h"

static const double residual_tolerance = 1e-10;
static const double stalled_residual_tolerance = 1e-5;

struct SmcLoopSolver {
  int32_t size;
  void* memory;
  N_Vector unknowns;
  N_Vector residuals;
  N_Vector scale; /* all ones: unknowns and residuals unscaled */
  SUNMatrix jacobian;
  SUNLinearSolver linear_solver;
  /* The call in progress, for the residual callback. */
  SmcModelData* data;
  SmcResidualFn residual;
  /* Where the latest successful residual evaluation was, which left the
   * model's slots computed there; valid when last_ok. */
  double* last_point;
  bool last_ok;
  /* The guess the current solve started from, for its second attempt. */
  double* start;
  /* The first residual that came out NaN or infinite in this solve, or -1:
   * named when the solve fails (KINSOL only says its function failed). */
  int32_t non_finite_residual;
  char message[512]; /* KINSOL's latest error message */
};

static const char* loop_description(int32_t loop) {
  if (smc_model.loop_descriptions == NULL || smc_model.loop_descriptions[loop] == NULL)
    return "no description";
  return smc_model.loop_descriptions[loop];
}

/* KINSOL hands out its flag names in malloc'ed memory. */
static void copy_flag_name(char* (*get_name)(long), long flag, char* out, size_t capacity) {
  char* name = get_name(flag);
  snprintf(out, capacity, "%s", name != NULL ? name : "unknown flag");
  free(name);
}

/* Records and logs "algebraic loop N: what[ FLAG][: message] (description)":
 * the cause first, so that a long description cut off at the message's
 * capacity never hides it. */
static int32_t fail(SmcInstance* instance, int32_t loop, const char* what, char* (*get_name)(long),
                    long flag) {
  char name[64] = "";
  if (get_name != NULL) copy_flag_name(get_name, flag, name, sizeof name);
  const struct SmcLoopSolver* solver = instance->loops[loop];
  const char* message = solver != NULL ? solver->message : "";
  smc_record_failure(instance, "algebraic loop %d: %s%s%s%s%s (%s)", loop, what, name[0] != '\0' ? " " : "",
                     name, message[0] != '\0' ? ": " : "", message, loop_description(loop));
  smc_log_warning(instance, "%s", instance->failure);
  return SMC_FAILED;
}

#define CHECK(call, get_name)                                                          \
  do {                                                                                 \
    int flag_ = (call);                                                                \
    if (flag_ < 0) return fail(instance, loop, #call " failed with", get_name, flag_); \
  } while (0)

#define CHECK_CREATED(pointer, what)                                             \
  do {                                                                           \
    if ((pointer) == NULL) return fail(instance, loop, what " failed", NULL, 0); \
  } while (0)

static void error_handler(int error_code, const char* module, const char* function, char* message,
                          void* user_data) {
  (void)error_code;
  (void)module;
  (void)function;
  struct SmcLoopSolver* solver = user_data;
  snprintf(solver->message, sizeof solver->message, "%s", message);
}

static int kinsol_residual(N_Vector u, N_Vector f, void* user_data) {
  struct SmcLoopSolver* solver = user_data;
  sunrealtype* residuals = N_VGetArrayPointer(f);
  const sunrealtype* point = N_VGetArrayPointer(u);
  solver->last_ok = false;
  if (solver->residual(solver->data, point, residuals) != SMC_OK) return 1;
  for (int32_t i = 0; i < solver->size; ++i) {
    if (!isfinite(residuals[i])) {
      if (solver->non_finite_residual < 0) solver->non_finite_residual = i;
      return 1; /* recoverable: try a shorter step */
    }
  }
  memcpy(solver->last_point, point, (size_t)solver->size * sizeof *point);
  solver->last_ok = true;
  return 0;
}

static int32_t configure(SmcInstance* instance, int32_t loop, struct SmcLoopSolver* solver) {
  SUNContext context = instance->sundials;
  solver->unknowns = N_VNew_Serial(solver->size, context);
  CHECK_CREATED(solver->unknowns, "N_VNew_Serial");
  solver->residuals = N_VNew_Serial(solver->size, context);
  CHECK_CREATED(solver->residuals, "N_VNew_Serial");
  solver->scale = N_VNew_Serial(solver->size, context);
  CHECK_CREATED(solver->scale, "N_VNew_Serial");
  N_VConst(1.0, solver->scale);
  solver->last_point = smc_allocate(instance, (size_t)solver->size, sizeof(double));
  CHECK_CREATED(solver->last_point, "allocating the loop's last point");
  solver->start = smc_allocate(instance, (size_t)solver->size, sizeof(double));
  CHECK_CREATED(solver->start, "allocating the loop's start point");

  solver->memory = KINCreate(context);
  CHECK_CREATED(solver->memory, "KINCreate");
  CHECK(KINSetErrHandlerFn(solver->memory, error_handler, solver), KINGetReturnFlagName);
  CHECK(KINInit(solver->memory, kinsol_residual, solver->unknowns), KINGetReturnFlagName);
  CHECK(KINSetUserData(solver->memory, solver), KINGetReturnFlagName);
  CHECK(KINSetFuncNormTol(solver->memory, residual_tolerance), KINGetReturnFlagName);
  CHECK(KINSetMaxSetupCalls(solver->memory, 1), KINGetReturnFlagName);
  /* KINSOL caps a Newton step at 1000 times the norm of the initial guess,
   * which is tiny when unknowns start at 0 (their default start value);
   * the line search, not this cap, is what keeps the iteration safe. */
  CHECK(KINSetMaxNewtonStep(solver->memory, 1e12), KINGetReturnFlagName);

  solver->jacobian = SUNDenseMatrix(solver->size, solver->size, context);
  CHECK_CREATED(solver->jacobian, "SUNDenseMatrix");
  solver->linear_solver = SUNLinSol_Dense(solver->unknowns, solver->jacobian, context);
  CHECK_CREATED(solver->linear_solver, "SUNLinSol_Dense");
  CHECK(KINSetLinearSolver(solver->memory, solver->linear_solver, solver->jacobian),
        KINGetLinReturnFlagName);
  return SMC_OK;
}

static void free_solver(SmcInstance* instance, struct SmcLoopSolver* solver) {
  if (solver->memory != NULL) KINFree(&solver->memory);
  if (solver->linear_solver != NULL && SUNLinSolFree(solver->linear_solver) != SUNLS_SUCCESS)
    smc_log_error(instance, "SUNLinSolFree failed for an algebraic loop's linear solver");
  if (solver->jacobian != NULL) SUNMatDestroy(solver->jacobian);
  if (solver->scale != NULL) N_VDestroy(solver->scale);
  if (solver->residuals != NULL) N_VDestroy(solver->residuals);
  if (solver->unknowns != NULL) N_VDestroy(solver->unknowns);
  if (solver->last_point != NULL) smc_release(instance, solver->last_point);
  if (solver->start != NULL) smc_release(instance, solver->start);
  smc_release(instance, solver);
}

void smc_loop_solvers_free(SmcInstance* instance) {
  if (instance->loops == NULL) return;
  for (int32_t loop = 0; loop < smc_model.num_loops; ++loop) {
    if (instance->loops[loop] == NULL) continue;
    free_solver(instance, instance->loops[loop]);
    instance->loops[loop] = NULL;
  }
}

/* The loop's cached solver, created on first use. */
static struct SmcLoopSolver* loop_solver(SmcInstance* instance, int32_t loop, int32_t size) {
  struct SmcLoopSolver* solver = instance->loops[loop];
  if (solver != NULL) {
    if (solver->size == size) return solver;
    fail(instance, loop, "called with a different size than before", NULL, 0);
    return NULL;
  }
  solver = smc_allocate(instance, 1, sizeof *solver);
  if (solver == NULL) {
    fail(instance, loop, "out of memory", NULL, 0);
    return NULL;
  }
  solver->size = size;
  instance->loops[loop] = solver;
  if (configure(instance, loop, solver) != SMC_OK) {
    free_solver(instance, solver);
    instance->loops[loop] = NULL;
    return NULL;
  }
  return solver;
}

/* Rejects calls the generator should never make, before touching memory. */
static bool valid_call(SmcInstance* instance, int32_t loop, int32_t size,
                       const int32_t* unknown_refs, SmcResidualFn residual) {
  if (loop < 0 || loop >= smc_model.num_loops) {
    smc_record_failure(instance, "algebraic loop %d does not exist (the model has %d)", loop,
                       smc_model.num_loops);
    return false;
  }
  if (size <= 0 || unknown_refs == NULL || residual == NULL) {
    fail(instance, loop, "called with no unknowns or no residual function", NULL, 0);
    return false;
  }
  for (int32_t i = 0; i < size; ++i) {
    if (unknown_refs[i] < 0 || unknown_refs[i] >= smc_model.num_reals) {
      fail(instance, loop, "has an unknown outside the model's Reals", NULL, 0);
      return false;
    }
  }
  return true;
}

static bool converged(void* memory, int flag) {
  if (flag == KIN_SUCCESS || flag == KIN_INITIAL_GUESS_OK) return true;
  sunrealtype norm = 0.0;
  return flag == KIN_STEP_LT_STPTOL && KINGetFuncNorm(memory, &norm) == KIN_SUCCESS &&
         norm <= stalled_residual_tolerance;
}

/* Unknowns start at 0 unless given a start value, and a 0 that divides
 * (a length, a norm) makes the first residual infinite: when the solve
 * from the start point fails and it holds zeros, it is tried once more
 * with each zero replaced by 1. The first attempt's failure is the one
 * reported if this one fails too. */
static bool retry_from_nonzero_guess(struct SmcLoopSolver* solver) {
  sunrealtype* unknowns = N_VGetArrayPointer(solver->unknowns);
  bool changed = false;
  for (int32_t i = 0; i < solver->size; ++i) {
    changed = changed || solver->start[i] == 0.0;
    unknowns[i] = solver->start[i] == 0.0 ? 1.0 : solver->start[i];
  }
  if (!changed) return false;
  const int32_t first_non_finite = solver->non_finite_residual;
  char first_message[sizeof solver->message];
  memcpy(first_message, solver->message, sizeof first_message);
  int flag = KINSol(solver->memory, solver->unknowns, KIN_LINESEARCH, solver->scale, solver->scale);
  if (converged(solver->memory, flag)) return true;
  solver->non_finite_residual = first_non_finite;
  memcpy(solver->message, first_message, sizeof first_message);
  return false;
}

int32_t smc_solve_algebraic_loop(SmcModelData* data, int32_t loop, int32_t size,
                                 const int32_t* unknown_refs, SmcResidualFn residual) {
  if (data == NULL || data->instance == NULL) return SMC_FAILED;
  SmcInstance* instance = data->instance;
  if (!valid_call(instance, loop, size, unknown_refs, residual)) return SMC_FAILED;
  struct SmcLoopSolver* solver = loop_solver(instance, loop, size);
  if (solver == NULL) return SMC_FAILED;
  solver->data = data;
  solver->residual = residual;
  solver->message[0] = '\0';
  solver->non_finite_residual = -1;

  sunrealtype* unknowns = N_VGetArrayPointer(solver->unknowns);
  for (int32_t i = 0; i < size; ++i) {
    unknowns[i] = data->reals[unknown_refs[i]];
    /* No iteration starts from a non-finite guess: name the unknown
     * (usually its start value is the cause) rather than let KINSOL say
     * its function failed. */
    if (!isfinite(unknowns[i])) {
      char what[256];
      snprintf(what, sizeof what, "cannot start: the unknown %s is %s (its start value, or its "
               "value before this solve)",
               smc_real_name(unknown_refs[i]), isnan(unknowns[i]) ? "NaN" : "infinite");
      return fail(instance, loop, what, NULL, 0);
    }
  }
  double root = unknowns[0];
  if (size == 1 && smc_solve_scalar_loop(data, residual, residual_tolerance, &root)) return SMC_OK;
  memcpy(solver->start, unknowns, (size_t)size * sizeof *unknowns);
  int flag = KINSol(solver->memory, solver->unknowns, KIN_LINESEARCH, solver->scale, solver->scale);
  if (!converged(solver->memory, flag) && !retry_from_nonzero_guess(solver)) {
    if (solver->non_finite_residual >= 0) {
      char what[160];
      snprintf(what, sizeof what, "did not converge (residual %d of %d was not finite at a point "
               "it tried): KINSol returned",
               (int)solver->non_finite_residual + 1, (int)size);
      return fail(instance, loop, what, KINGetReturnFlagName, flag);
    }
    return fail(instance, loop, "did not converge: KINSol returned", KINGetReturnFlagName, flag);
  }
  /* KINSOL's last evaluation may have been a trial point (a difference
   * quotient's or a rejected line search step's): then evaluate at the
   * solution, so every variable the residual computes matches it. Usually
   * it was the solution itself, and the model's slots already hold it. */
  const bool evaluated_at_solution =
      solver->last_ok && memcmp(solver->last_point, unknowns, (size_t)size * sizeof *unknowns) == 0;
  if (!evaluated_at_solution && residual(data, unknowns, N_VGetArrayPointer(solver->residuals)) != SMC_OK)
    return fail(instance, loop, "residual failed at the solution", NULL, 0);
  return SMC_OK;
}
