/* See RuntimeBenchHand.h. */
#include "RuntimeBenchHand.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#define LOOK_UP(field, symbol)                                               \
  do {                                                                       \
    *(void**)(&hand->field) = dlsym(hand->library, #symbol);                 \
    if (hand->field == NULL) {                                               \
      fprintf(stderr, "smc-bench-runtime: %s has no %s\n", path, #symbol);   \
      return 0;                                                              \
    }                                                                        \
  } while (0)

int bench_hand_load(BenchHand* hand, const char* path) {
  memset(hand, 0, sizeof *hand);
  hand->library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (hand->library == NULL) {
    fprintf(stderr, "smc-bench-runtime: cannot load %s: %s\n", path, dlerror());
    return 0;
  }
  LOOK_UP(create, hand_create);
  LOOK_UP(destroy, hand_destroy);
  LOOK_UP(num_states, hand_num_states);
  LOOK_UP(initial_states, hand_initial_states);
  LOOK_UP(state_name, hand_state_name);
  LOOK_UP(event_time, hand_event_time);
  LOOK_UP(take_event, hand_take_event);
  LOOK_UP(derivatives, hand_derivatives);
  *(void**)(&hand->bandwidths) = dlsym(hand->library, "hand_bandwidths");
  return 1;
}

void bench_hand_close(BenchHand* hand) {
  if (hand->library != NULL) dlclose(hand->library);
  memset(hand, 0, sizeof *hand);
}

/* Steps CVODE may take per communication step, as in solver_cvode.c. */
static const long max_steps_per_communication_step = 100000;

typedef struct Problem {
  const BenchHand* hand;
  HandModel* model;
} Problem;

static int right_hand_side(sunrealtype t, N_Vector y, N_Vector ydot, void* user_data) {
  Problem* problem = user_data;
  problem->hand->derivatives(problem->model, t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot));
  return 0;
}

/* Integrates exactly to `target` (CVODE's stop time); 0 on failure. */
static int integrate_to(void* cvode, N_Vector y, double target) {
  sunrealtype reached = 0;
  if (CVodeSetStopTime(cvode, target) < 0) return 0;
  int flag = CVode(cvode, target, y, &reached, CV_NORMAL);
  if (flag < 0) fprintf(stderr, "smc-bench-runtime: hand CVode failed (%d) towards t=%g\n", flag, target);
  return flag >= 0;
}

/* Adds CVODE's counters, which CVodeReInit zeroes, to the totals. */
static void add_statistics(void* cvode, HandRunStats* stats) {
  long steps = 0, rhs_calls = 0, jacobian_rhs_calls = 0;
  CVodeGetNumSteps(cvode, &steps);
  CVodeGetNumRhsEvals(cvode, &rhs_calls);
  CVodeGetNumLinRhsEvals(cvode, &jacobian_rhs_calls); /* the dense Jacobian's difference quotients */
  stats->steps += steps;
  stats->rhs_calls += rhs_calls + jacobian_rhs_calls;
}

/* The whole run once the objects exist; 0 on failure. */
static int run(Problem* problem, void* cvode, N_Vector y, double start_time, double stop_time,
               double interval, HandRunStats* stats) {
  const BenchHand* hand = problem->hand;
  long points = lround((stop_time - start_time) / interval);
  double now = start_time;
  for (long k = 1; k <= points; ++k) {
    double tout = k == points ? stop_time : start_time + (double)k * interval;
    double event = hand->event_time(problem->model);
    if (event > now && event <= tout) {
      if (!integrate_to(cvode, y, event)) return 0;
      hand->take_event(problem->model);
      add_statistics(cvode, stats);
      if (CVodeReInit(cvode, event, y) < 0) return 0;
      now = event;
    }
    if (tout > now && !integrate_to(cvode, y, tout)) return 0;
    now = tout;
  }
  return 1;
}

int bench_hand_simulate(const BenchHand* hand, int n, double start_time, double stop_time,
                        double interval, double tolerance, double* final_states,
                        HandRunStats* stats) {
  Problem problem = {hand, hand->create(n)};
  if (problem.model == NULL) return 0;
  sunindextype size = hand->num_states(problem.model);
  SUNContext context = NULL;
  void* cvode = NULL;
  N_Vector y = NULL, absolute_tolerances = NULL;
  SUNMatrix jacobian = NULL;
  SUNLinearSolver linear_solver = NULL;
  int ok = 0;
  if (SUNContext_Create(NULL, &context) < 0) goto done;
  y = N_VNew_Serial(size, context);
  absolute_tolerances = N_VNew_Serial(size, context);
  if (y == NULL || absolute_tolerances == NULL) goto done;
  hand->initial_states(problem.model, N_VGetArrayPointer(y));
  N_VConst(tolerance, absolute_tolerances);
  cvode = CVodeCreate(CV_BDF, context);
  if (cvode == NULL || CVodeInit(cvode, right_hand_side, start_time, y) < 0 ||
      CVodeSetUserData(cvode, &problem) < 0 ||
      CVodeSVtolerances(cvode, tolerance, absolute_tolerances) < 0 ||
      CVodeSetMaxNumSteps(cvode, max_steps_per_communication_step) < 0)
    goto done;
  if (hand->bandwidths != NULL) {
    int lower = 0, upper = 0;
    hand->bandwidths(problem.model, &lower, &upper);
    jacobian = SUNBandMatrix(size, upper, lower, context);
    linear_solver = jacobian != NULL ? SUNLinSol_Band(y, jacobian, context) : NULL;
  } else {
    jacobian = SUNDenseMatrix(size, size, context);
    linear_solver = jacobian != NULL ? SUNLinSol_Dense(y, jacobian, context) : NULL;
  }
  if (linear_solver == NULL || CVodeSetLinearSolver(cvode, linear_solver, jacobian) < 0) goto done;
  *stats = (HandRunStats){0, 0};
  if (!run(&problem, cvode, y, start_time, stop_time, interval, stats)) goto done;
  add_statistics(cvode, stats);
  memcpy(final_states, N_VGetArrayPointer(y), sizeof(double) * (size_t)size);
  ok = 1;
done:
  if (cvode != NULL) CVodeFree(&cvode);
  if (linear_solver != NULL) SUNLinSolFree(linear_solver);
  if (jacobian != NULL) SUNMatDestroy(jacobian);
  if (absolute_tolerances != NULL) N_VDestroy(absolute_tolerances);
  if (y != NULL) N_VDestroy(y);
  if (context != NULL) SUNContext_Free(&context);
  hand->destroy(problem.model);
  if (!ok) fprintf(stderr, "smc-bench-runtime: the hand CVODE simulation failed\n");
  return ok;
}
