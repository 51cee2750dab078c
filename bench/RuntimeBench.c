/* smc-bench-runtime: the measurements behind bench/runtime_speed.py, each
 * a command that prints `key value` lines for the script to tabulate.
 *
 *   derivs FMU_SO HAND_SO N SECONDS
 *       ns per call of the FMU's generated compute_derivatives (called
 *       directly on a live, initialized instance) and of the hand model's
 *       hand_derivatives, from the same state values, alternating between
 *       two times; then the largest difference of the two derivative sets.
 *   simulate FMU_SO HAND_SO N START STOP INTERVAL SECONDS
 *       seconds of a whole simulation through the FMU (fmi2Instantiate to
 *       fmi2FreeInstance, fmi2DoStep every INTERVAL) and of the hand model
 *       on CVODE with the FMU's settings, the best of as many alternating
 *       runs as fill SECONDS (at least three); then the largest difference
 *       of the final states.
 *   dostep FMU_SO START INTERVAL SECONDS
 *       ns per fmi2DoStep of INTERVAL, with no stop time.
 *   dostep-plain SO START INTERVAL SECONDS
 *       the same through the fmi2 functions alone, for an FMU written by
 *       hand (bench/hand/ClockedCounterFmu.c), which has no smc_model.
 *   getset FMU_SO START SECONDS
 *       ns per value of fmi2GetReal over every Real and of fmi2SetReal over
 *       every input, and ns per call of either with one value.
 *   memory fmu|hand FMU_SO HAND_SO N START STOP INTERVAL TOLERANCE
 *       bytes of resident memory one whole simulation of one side adds to
 *       the process at its peak (VmHWM after the run less VmRSS before it,
 *       the peak reset through /proc/self/clear_refs once both objects are
 *       loaded); TOLERANCE is the hand side's (the FMU's, printed by the
 *       fmu side as `tolerance`).
 *
 * Timing: a measurement first finds how many repetitions fill about a
 * twentieth of SECONDS, scales that to SECONDS, then runs three times and
 * keeps the fastest; `derivs` interleaves the two sides' runs. Every call
 * goes through a pointer into a dlopen'ed object, so none can be folded
 * away, and every status is checked.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "RuntimeBenchFmu.h"
#include "RuntimeBenchHand.h"

enum { trials = 3 }; /* runs of each measurement; the fastest counts */

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Runs `repetitions` calls of something; returns 0 when one failed. */
typedef int (*Workload)(void* context, long repetitions);

/* Seconds for `repetitions` calls, or -1 on failure. */
static double run_seconds(Workload work, void* context, long repetitions) {
  double began = now_seconds();
  if (!work(context, repetitions)) return -1;
  return now_seconds() - began;
}

/* Repetitions that take about `seconds`, or 0 on failure. */
static long calibrate(Workload work, void* context, double seconds) {
  long repetitions = 1;
  for (;;) {
    double elapsed = run_seconds(work, context, repetitions);
    if (elapsed < 0) return 0;
    if (elapsed >= seconds / 20 || repetitions >= (1L << 40)) {
      double scaled = (double)repetitions * seconds / fmax(elapsed, 1e-9);
      return scaled < 1 ? 1 : (long)scaled;
    }
    repetitions *= 4;
  }
}

/* Best of `trials` runs: ns per call, or -1 on failure. */
static double best_ns(Workload work, void* context, double seconds) {
  long repetitions = calibrate(work, context, seconds);
  if (repetitions == 0) return -1;
  double best = INFINITY;
  for (int trial = 0; trial < trials; ++trial) {
    double elapsed = run_seconds(work, context, repetitions);
    if (elapsed < 0) return -1;
    best = fmin(best, elapsed);
  }
  return 1e9 * best / (double)repetitions;
}

static int fail(const char* message) {
  fprintf(stderr, "smc-bench-runtime: %s\n", message);
  return 1;
}

/* ---- derivs ------------------------------------------------------------ */

/* Two times at which the derivatives are evaluated in turn, so that a
 * model whose algebraic loop depends on time solves it anew at each call
 * (from the previous call's solution). Both lie before every family's
 * input step, where the FMU's frozen relations agree with the hand
 * model's inputs-off state. */
static const double evaluation_times[2] = {0.2, 0.3};

typedef struct DerivsContext {
  const BenchFmu* fmu;
  SmcInstance* instance;
  const BenchHand* hand;
  HandModel* model;
  double* states;
  double* derivatives;
} DerivsContext;

static int generated_calls(void* opaque, long repetitions) {
  DerivsContext* c = opaque;
  SmcModelData* data = &c->instance->data;
  int32_t (*compute)(SmcModelData*) = c->fmu->model->compute_derivatives;
  int32_t failures = 0;
  for (long r = 0; r < repetitions; ++r) {
    data->time = evaluation_times[r & 1];
    failures |= compute(data);
  }
  return failures == SMC_OK;
}

static int hand_calls(void* opaque, long repetitions) {
  DerivsContext* c = opaque;
  void (*derivatives)(HandModel*, double, const double*, double*) = c->hand->derivatives;
  for (long r = 0; r < repetitions; ++r)
    derivatives(c->model, evaluation_times[r & 1], c->states, c->derivatives);
  return 1;
}

/* For each hand state (in the hand model's order) the FMU's value
 * reference of the same state, by name; NULL after printing why. */
static int32_t* match_states(const BenchFmu* fmu, const BenchHand* hand, HandModel* model) {
  int count = hand->num_states(model);
  if (count != fmu->model->num_states) {
    fprintf(stderr, "smc-bench-runtime: the hand model has %d states, the FMU %d\n", count,
            fmu->model->num_states);
    return NULL;
  }
  int32_t* refs = malloc(sizeof(int32_t) * (size_t)count);
  for (int i = 0; refs != NULL && i < count; ++i) {
    char name[64];
    hand->state_name(model, i, name, sizeof name);
    refs[i] = bench_fmu_real_named(fmu, name);
    if (refs[i] < 0) {
      fprintf(stderr, "smc-bench-runtime: the FMU has no Real named %s\n", name);
      free(refs);
      return NULL;
    }
  }
  return refs;
}

/* For each Real's value reference: that of its derivative when it is a
 * state, else -1. */
static int32_t* derivatives_of_reals(const SmcModel* model) {
  int32_t* derivatives = malloc(sizeof(int32_t) * (size_t)(model->num_reals > 0 ? model->num_reals : 1));
  if (derivatives == NULL) return NULL;
  for (int32_t vr = 0; vr < model->num_reals; ++vr) derivatives[vr] = -1;
  for (int32_t j = 0; j < model->num_states; ++j)
    derivatives[model->state_refs[j]] = model->derivative_refs[j];
  return derivatives;
}

static int command_derivs(const char* fmu_path, const char* hand_path, int n, double seconds) {
  BenchFmu fmu;
  BenchHand hand;
  if (!bench_fmu_load(&fmu, fmu_path) || !bench_hand_load(&hand, hand_path))
    return fail("cannot load the models");
  SmcInstance* instance = bench_fmu_start(&fmu, 0.0, NAN);
  HandModel* model = hand.create(n);
  if (instance == NULL || model == NULL) return fail("cannot start the models");
  int32_t* refs = match_states(&fmu, &hand, model);
  if (refs == NULL) return fail("the hand model does not match the FMU");
  int count = hand.num_states(model);
  DerivsContext context = {&fmu, instance, &hand, model, calloc((size_t)count, sizeof(double)),
                           calloc((size_t)count, sizeof(double))};
  int32_t* derivative_refs = derivatives_of_reals(fmu.model);
  if (context.states == NULL || context.derivatives == NULL || derivative_refs == NULL)
    return fail("out of memory");
  /* The same non-trivial state values on both sides. */
  for (int i = 0; i < count; ++i) {
    context.states[i] = 0.1 + 0.001 * (i % 97);
    instance->data.reals[refs[i]] = context.states[i];
  }

  long generated_repetitions = calibrate(generated_calls, &context, seconds);
  long hand_repetitions = calibrate(hand_calls, &context, seconds);
  if (generated_repetitions == 0) return fail("compute_derivatives failed");
  double generated = INFINITY, handwritten = INFINITY;
  for (int trial = 0; trial < trials; ++trial) {
    double g = run_seconds(generated_calls, &context, generated_repetitions);
    double h = run_seconds(hand_calls, &context, hand_repetitions);
    if (g < 0) return fail("compute_derivatives failed");
    generated = fmin(generated, g / (double)generated_repetitions);
    handwritten = fmin(handwritten, h / (double)hand_repetitions);
  }

  /* Both sides once more at the same time: do they compute the same? */
  instance->data.time = evaluation_times[0];
  if (fmu.model->compute_derivatives(&instance->data) != SMC_OK)
    return fail("compute_derivatives failed");
  hand.derivatives(model, evaluation_times[0], context.states, context.derivatives);
  double difference = 0.0;
  for (int i = 0; i < count; ++i) {
    int32_t der = derivative_refs[refs[i]];
    if (der < 0) return fail("a matched state has no derivative");
    double a = instance->data.reals[der], b = context.derivatives[i];
    difference = fmax(difference, fabs(a - b) / fmax(1.0, fabs(b)));
  }
  printf("states %d\n", count);
  printf("generated_ns %.6g\n", 1e9 * generated);
  printf("hand_ns %.6g\n", 1e9 * handwritten);
  printf("max_relative_difference %.3g\n", difference);
  bench_fmu_stop(&fmu, instance);
  hand.destroy(model);
  free(refs);
  free(derivative_refs);
  free(context.states);
  free(context.derivatives);
  bench_hand_close(&hand);
  bench_fmu_close(&fmu);
  return 0;
}

/* ---- simulate ---------------------------------------------------------- */

/* One whole simulation through the FMU; the final values of the `count`
 * Reals `refs` go to `finals`. Seconds, or -1 on failure. */
static double simulate_fmu(const BenchFmu* fmu, double start, double stop, double interval,
                           const fmi2ValueReference* refs, int count, double* finals,
                           double* tolerance) {
  double began = now_seconds();
  SmcInstance* instance = bench_fmu_start(fmu, start, stop);
  if (instance == NULL) return -1;
  *tolerance = instance->dynamic->tolerance;
  long points = lround((stop - start) / interval);
  double now = start;
  for (long k = 1; k <= points; ++k) {
    double tout = k == points ? stop : start + (double)k * interval;
    if (fmu->do_step(instance, now, tout - now, fmi2True) != fmi2OK) {
      fprintf(stderr, "smc-bench-runtime: fmi2DoStep failed at t=%g\n", now);
      return -1;
    }
    now = tout;
  }
  fmi2Status got = fmu->get_real(instance, refs, (size_t)count, finals);
  bench_fmu_stop(fmu, instance);
  if (got != fmi2OK) return -1;
  return now_seconds() - began;
}

static int command_simulate(const char* fmu_path, const char* hand_path, int n, double start,
                            double stop, double interval, double seconds) {
  BenchFmu fmu;
  BenchHand hand;
  if (!bench_fmu_load(&fmu, fmu_path) || !bench_hand_load(&hand, hand_path))
    return fail("cannot load the models");
  HandModel* model = hand.create(n);
  if (model == NULL) return fail("cannot create the hand model");
  int32_t* refs = match_states(&fmu, &hand, model);
  if (refs == NULL) return fail("the hand model does not match the FMU");
  int count = hand.num_states(model);
  hand.destroy(model);
  for (int i = 0; i < fmu.model->num_states; ++i) {
    if (fmu.model->state_nominals[i] != 1.0) {
      fprintf(stderr, "smc-bench-runtime: warning: a state nominal is not 1; the hand "
                      "model's absolute tolerances differ from the FMU's\n");
      break;
    }
  }

  fmi2ValueReference* state_refs = malloc(sizeof(fmi2ValueReference) * (size_t)count);
  double* fmu_finals = calloc((size_t)count, sizeof(double));
  double* hand_finals = calloc((size_t)count, sizeof(double));
  if (state_refs == NULL || fmu_finals == NULL || hand_finals == NULL) return fail("out of memory");
  for (int i = 0; i < count; ++i) state_refs[i] = (fmi2ValueReference)refs[i];
  double fmu_best = INFINITY, hand_best = INFINITY, tolerance = 0.0;
  HandRunStats stats = {0, 0};
  /* Short simulations are easily disturbed: many trials, keep the best. */
  double spent = 0.0;
  int trial = 0;
  for (; trial < trials || (spent < seconds && trial < 10000); ++trial) {
    double f = simulate_fmu(&fmu, start, stop, interval, state_refs, count, fmu_finals,
                            &tolerance);
    if (f < 0) return fail("the FMU simulation failed");
    double began = now_seconds();
    if (!bench_hand_simulate(&hand, n, start, stop, interval, tolerance, hand_finals, &stats))
      return fail("the hand simulation failed");
    double h = now_seconds() - began;
    fmu_best = fmin(fmu_best, f);
    hand_best = fmin(hand_best, h);
    spent += f + h;
  }
  double difference = 0.0, largest = 0.0;
  for (int i = 0; i < count; ++i) {
    difference = fmax(difference, fabs(fmu_finals[i] - hand_finals[i]));
    largest = fmax(largest, fabs(hand_finals[i]));
  }
  printf("states %d\n", count);
  printf("trials %d\n", trial);
  printf("tolerance %.3g\n", tolerance);
  printf("fmu_seconds %.6g\n", fmu_best);
  printf("hand_seconds %.6g\n", hand_best);
  printf("hand_steps %ld\n", stats.steps);
  printf("hand_rhs_calls %ld\n", stats.rhs_calls);
  printf("max_final_difference %.3g\n", difference);
  printf("max_final_value %.6g\n", largest);
  free(refs);
  free(state_refs);
  free(fmu_finals);
  free(hand_finals);
  bench_hand_close(&hand);
  bench_fmu_close(&fmu);
  return 0;
}

/* ---- dostep ------------------------------------------------------------ */

/* One fmi2DoStep after the other, through the FMU's exported function (an
 * smc FMU's and a hand-written one's alike). */
typedef struct StepContext {
  fmi2DoStepTYPE* do_step;
  fmi2Component component;
  double start;
  double interval;
  long steps_done;
} StepContext;

static int step_calls(void* opaque, long repetitions) {
  StepContext* c = opaque;
  for (long r = 0; r < repetitions; ++r, ++c->steps_done) {
    /* Times as start + k*h, as an importer computes them, never summed. */
    double t = c->start + (double)c->steps_done * c->interval;
    double next = c->start + (double)(c->steps_done + 1) * c->interval;
    if (c->do_step(c->component, t, next - t, fmi2True) != fmi2OK) return 0;
  }
  return 1;
}

static int command_dostep(const char* fmu_path, double start, double interval, double seconds) {
  BenchFmu fmu;
  if (!bench_fmu_load(&fmu, fmu_path)) return fail("cannot load the FMU");
  SmcInstance* instance = bench_fmu_start(&fmu, start, NAN);
  if (instance == NULL) return fail("cannot start the FMU");
  StepContext context = {fmu.do_step, instance, start, interval, 0};
  double ns = best_ns(step_calls, &context, seconds);
  if (ns < 0) return fail("fmi2DoStep failed");
  printf("states %d\n", fmu.model->num_states);
  printf("event_indicators %d\n", fmu.model->num_event_indicators);
  printf("ns_per_step %.6g\n", ns);
  printf("steps_done %ld\n", context.steps_done);
  bench_fmu_stop(&fmu, instance);
  bench_fmu_close(&fmu);
  return 0;
}

/* ---- dostep-plain ------------------------------------------------------ */

static void quiet_logger(fmi2ComponentEnvironment env, fmi2String name, fmi2Status status,
                         fmi2String category, fmi2String message, ...) {
  (void)env, (void)name, (void)status, (void)category, (void)message;
}

static int command_dostep_plain(const char* path, double start, double interval, double seconds) {
  void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return fail(dlerror());
  fmi2InstantiateTYPE* instantiate = (fmi2InstantiateTYPE*)dlsym(library, "fmi2Instantiate");
  fmi2SetupExperimentTYPE* setup = (fmi2SetupExperimentTYPE*)dlsym(library, "fmi2SetupExperiment");
  fmi2EnterInitializationModeTYPE* enter =
      (fmi2EnterInitializationModeTYPE*)dlsym(library, "fmi2EnterInitializationMode");
  fmi2ExitInitializationModeTYPE* exit_init =
      (fmi2ExitInitializationModeTYPE*)dlsym(library, "fmi2ExitInitializationMode");
  fmi2DoStepTYPE* do_step = (fmi2DoStepTYPE*)dlsym(library, "fmi2DoStep");
  fmi2FreeInstanceTYPE* free_instance = (fmi2FreeInstanceTYPE*)dlsym(library, "fmi2FreeInstance");
  if (!instantiate || !setup || !enter || !exit_init || !do_step || !free_instance)
    return fail("the shared object lacks an fmi2 function the measurement calls");
  const fmi2CallbackFunctions callbacks = {quiet_logger, calloc, free, NULL, NULL};
  fmi2Component component = instantiate("bench", fmi2CoSimulation, "", "", &callbacks, fmi2False, fmi2False);
  if (component == NULL) return fail("fmi2Instantiate failed");
  if (setup(component, fmi2False, 0, start, fmi2False, 0) != fmi2OK || enter(component) != fmi2OK ||
      exit_init(component) != fmi2OK)
    return fail("initialization failed");
  StepContext context = {do_step, component, start, interval, 0};
  double ns = best_ns(step_calls, &context, seconds);
  if (ns < 0) return fail("fmi2DoStep failed");
  printf("ns_per_step %.6g\n", ns);
  printf("steps_done %ld\n", context.steps_done);
  free_instance(component);
  dlclose(library);
  return 0;
}

/* ---- getset ------------------------------------------------------------ */

typedef struct ValuesContext {
  const BenchFmu* fmu;
  SmcInstance* instance;
  const fmi2ValueReference* refs;
  size_t count;
  double* values;
} ValuesContext;

static int get_calls(void* opaque, long repetitions) {
  ValuesContext* c = opaque;
  for (long r = 0; r < repetitions; ++r)
    if (c->fmu->get_real(c->instance, c->refs, c->count, c->values) != fmi2OK) return 0;
  return 1;
}

static int set_calls(void* opaque, long repetitions) {
  ValuesContext* c = opaque;
  for (long r = 0; r < repetitions; ++r)
    if (c->fmu->set_real(c->instance, c->refs, c->count, c->values) != fmi2OK) return 0;
  return 1;
}

/* ns per call of `work` over the first `count` of refs. */
static double values_ns(Workload work, ValuesContext base, const fmi2ValueReference* refs,
                        size_t count, double seconds) {
  base.refs = refs;
  base.count = count;
  return best_ns(work, &base, seconds);
}

static int command_getset(const char* fmu_path, double start, double seconds) {
  BenchFmu fmu;
  if (!bench_fmu_load(&fmu, fmu_path)) return fail("cannot load the FMU");
  SmcInstance* instance = bench_fmu_start(&fmu, start, NAN);
  if (instance == NULL) return fail("cannot start the FMU");
  const SmcModel* model = fmu.model;
  size_t reals = (size_t)model->num_reals, inputs = 0;
  fmi2ValueReference* all = malloc(sizeof(fmi2ValueReference) * reals);
  fmi2ValueReference* input_refs = malloc(sizeof(fmi2ValueReference) * reals);
  double* values = malloc(sizeof(double) * reals);
  if (all == NULL || input_refs == NULL || values == NULL) return fail("out of memory");
  for (size_t vr = 0; vr < reals; ++vr) {
    all[vr] = (fmi2ValueReference)vr;
    if (model->real_flags[vr] & SMC_VAR_INPUT) input_refs[inputs++] = (fmi2ValueReference)vr;
  }
  ValuesContext base = {&fmu, instance, NULL, 0, values};
  /* Gets first: a Set makes the next Get re-evaluate the model. */
  double get_all = values_ns(get_calls, base, all, reals, seconds);
  double get_one = values_ns(get_calls, base, all, 1, seconds);
  for (size_t i = 0; i < reals; ++i) values[i] = 1.0;
  double set_all = inputs > 0 ? values_ns(set_calls, base, input_refs, inputs, seconds) : NAN;
  double set_one = inputs > 0 ? values_ns(set_calls, base, input_refs, 1, seconds) : NAN;
  if (get_all < 0 || get_one < 0 || set_all < 0 || set_one < 0)
    return fail("fmi2GetReal or fmi2SetReal failed");
  printf("reals %zu\n", reals);
  printf("inputs %zu\n", inputs);
  printf("get_all_ns_per_value %.6g\n", get_all / (double)reals);
  printf("get_one_ns %.6g\n", get_one);
  printf("set_all_ns_per_value %.6g\n", set_all / (double)inputs);
  printf("set_one_ns %.6g\n", set_one);
  bench_fmu_stop(&fmu, instance);
  free(all);
  free(input_refs);
  free(values);
  bench_fmu_close(&fmu);
  return 0;
}

/* ---- memory ------------------------------------------------------------ */

/* The number of states of the hand model of size n, or -1. */
static int hand_state_count(const BenchHand* hand, int n) {
  HandModel* model = hand->create(n);
  if (model == NULL) return -1;
  int count = hand->num_states(model);
  hand->destroy(model);
  return count;
}

/* The `field` line of /proc/self/status (VmRSS, VmHWM) in bytes, or -1. */
static long status_bytes(const char* field) {
  FILE* status = fopen("/proc/self/status", "r");
  if (status == NULL) return -1;
  char line[256];
  long kib = -1;
  size_t length = strlen(field);
  while (fgets(line, sizeof line, status) != NULL) {
    if (strncmp(line, field, length) == 0 && line[length] == ':') {
      kib = strtol(line + length + 1, NULL, 10);
      break;
    }
  }
  fclose(status);
  return kib < 0 ? -1 : kib * 1024;
}

/* Makes VmHWM start again from the current resident size (Linux >= 4.0). */
static int reset_peak(void) {
  FILE* refs = fopen("/proc/self/clear_refs", "w");
  if (refs == NULL) return 0;
  int ok = fputs("5", refs) >= 0;
  return fclose(refs) == 0 && ok;
}

static int command_memory(const char* side, const char* fmu_path, const char* hand_path, int n,
                          double start, double stop, double interval, double tolerance) {
  int fmu_side = strcmp(side, "fmu") == 0;
  if (!fmu_side && strcmp(side, "hand") != 0) return fail("the side is `fmu` or `hand`");
  BenchFmu fmu;
  BenchHand hand;
  if (!bench_fmu_load(&fmu, fmu_path) || !bench_hand_load(&hand, hand_path))
    return fail("cannot load the models");
  int count = hand_state_count(&hand, n);
  if (count < 0) return fail("cannot create the hand model");
  double* finals = calloc((size_t)count, sizeof(double));
  fmi2ValueReference* refs = calloc((size_t)count, sizeof(fmi2ValueReference));
  if (finals == NULL || refs == NULL) return fail("out of memory");
  if (!reset_peak()) return fail("cannot reset the peak resident size (/proc/self/clear_refs)");
  long before = status_bytes("VmRSS");
  int ok;
  if (fmu_side) {
    /* Value reference 0 stands for every final value: only the run counts. */
    ok = simulate_fmu(&fmu, start, stop, interval, refs, 1, finals, &tolerance) >= 0;
  } else {
    HandRunStats stats = {0, 0};
    ok = bench_hand_simulate(&hand, n, start, stop, interval, tolerance, finals, &stats);
  }
  long peak = status_bytes("VmHWM");
  if (!ok) return fail("the simulation failed");
  if (before < 0 || peak < 0) return fail("cannot read /proc/self/status");
  printf("states %d\n", count);
  printf("tolerance %.17g\n", tolerance);
  printf("peak_growth_bytes %ld\n", peak > before ? peak - before : 0);
  free(finals);
  free(refs);
  bench_hand_close(&hand);
  bench_fmu_close(&fmu);
  return 0;
}

/* ---- main -------------------------------------------------------------- */

static const char usage[] =
    "usage: smc-bench-runtime derivs FMU_SO HAND_SO N SECONDS\n"
    "       smc-bench-runtime simulate FMU_SO HAND_SO N START STOP INTERVAL SECONDS\n"
    "       smc-bench-runtime dostep FMU_SO START INTERVAL SECONDS\n"
    "       smc-bench-runtime dostep-plain SO START INTERVAL SECONDS\n"
    "       smc-bench-runtime getset FMU_SO START SECONDS\n"
    "       smc-bench-runtime memory fmu|hand FMU_SO HAND_SO N START STOP INTERVAL TOLERANCE\n";

int main(int argc, char** argv) {
  const char* command = argc > 1 ? argv[1] : "";
  if (strcmp(command, "derivs") == 0 && argc == 6)
    return command_derivs(argv[2], argv[3], atoi(argv[4]), atof(argv[5]));
  if (strcmp(command, "simulate") == 0 && argc == 9)
    return command_simulate(argv[2], argv[3], atoi(argv[4]), atof(argv[5]), atof(argv[6]),
                            atof(argv[7]), atof(argv[8]));
  if (strcmp(command, "dostep") == 0 && argc == 6)
    return command_dostep(argv[2], atof(argv[3]), atof(argv[4]), atof(argv[5]));
  if (strcmp(command, "dostep-plain") == 0 && argc == 6)
    return command_dostep_plain(argv[2], atof(argv[3]), atof(argv[4]), atof(argv[5]));
  if (strcmp(command, "getset") == 0 && argc == 5)
    return command_getset(argv[2], atof(argv[3]), atof(argv[4]));
  if (strcmp(command, "memory") == 0 && argc == 10)
    return command_memory(argv[2], argv[3], argv[4], atoi(argv[5]), atof(argv[6]), atof(argv[7]),
                          atof(argv[8]), atof(argv[9]));
  fputs(usage, stderr);
  return 2;
}
