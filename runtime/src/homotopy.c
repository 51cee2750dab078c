/* Homotopy continuation for initialization (see homotopy.h). */
#include "homotopy.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "logging.h"

/* The smallest step in lambda before the continuation gives up, and the
 * first and largest steps. */
#define SMC_HOMOTOPY_MIN_STEP 1e-4
#define SMC_HOMOTOPY_FIRST_STEP 0.1
#define SMC_HOMOTOPY_MAX_STEP 0.5

/* The values an attempt reads and writes: where each attempt starts. */
typedef struct {
  double* reals;
  int32_t* integers;
  int32_t* booleans;
  double* pre_reals;
  int32_t* pre_integers;
  int32_t* pre_booleans;
} Values;

static bool values_allocate(const SmcInstance* instance, Values* v) {
  size_t nr = (size_t)smc_model.num_reals, ni = (size_t)smc_model.num_integers,
         nb = (size_t)smc_model.num_booleans;
  v->reals = smc_allocate(instance, nr + 1, sizeof(double));
  v->pre_reals = smc_allocate(instance, nr + 1, sizeof(double));
  v->integers = smc_allocate(instance, ni + 1, sizeof(int32_t));
  v->pre_integers = smc_allocate(instance, ni + 1, sizeof(int32_t));
  v->booleans = smc_allocate(instance, nb + 1, sizeof(int32_t));
  v->pre_booleans = smc_allocate(instance, nb + 1, sizeof(int32_t));
  return v->reals && v->pre_reals && v->integers && v->pre_integers && v->booleans && v->pre_booleans;
}

static void values_release(const SmcInstance* instance, Values* v) {
  smc_release(instance, v->reals);
  smc_release(instance, v->pre_reals);
  smc_release(instance, v->integers);
  smc_release(instance, v->pre_integers);
  smc_release(instance, v->booleans);
  smc_release(instance, v->pre_booleans);
}

/* Copies the instance's values into `v` (save) or back (restore). */
static void values_copy(SmcInstance* instance, Values* v, bool save) {
  SmcModelData* d = &instance->data;
  const struct {
    void* live;
    void* kept;
    size_t bytes;
  } arrays[] = {
      {d->reals, v->reals, (size_t)smc_model.num_reals * sizeof(double)},
      {d->pre_reals, v->pre_reals, (size_t)smc_model.num_reals * sizeof(double)},
      {d->integers, v->integers, (size_t)smc_model.num_integers * sizeof(int32_t)},
      {d->pre_integers, v->pre_integers, (size_t)smc_model.num_integers * sizeof(int32_t)},
      {d->booleans, v->booleans, (size_t)smc_model.num_booleans * sizeof(int32_t)},
      {d->pre_booleans, v->pre_booleans, (size_t)smc_model.num_booleans * sizeof(int32_t)},
  };
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i)
    if (arrays[i].bytes > 0)
      memcpy(save ? arrays[i].kept : arrays[i].live, save ? arrays[i].live : arrays[i].kept, arrays[i].bytes);
}

static void values_save(SmcInstance* instance, Values* v) { values_copy(instance, v, true); }
static void values_restore(SmcInstance* instance, Values* v) { values_copy(instance, v, false); }

/* Appends to the recorded failure what the continuation met. */
static void note_continuation(SmcInstance* instance, const char* first_failure, double lambda, const char* why) {
  char reason[sizeof instance->failure];
  snprintf(reason, sizeof reason, "%s; homotopy continuation from the simplified problem %s at lambda=%.6g%s%s",
           first_failure, lambda == 0.0 ? "failed" : "stopped", lambda, why[0] != '\0' ? ": " : "", why);
  memcpy(instance->failure, reason, sizeof reason);
}

/* An attempt whose values are all finite (a step may succeed into NaN,
 * which the next would start from). */
static int32_t attempt_finite(SmcInstance* instance, const char* function, SmcInitializeAttempt attempt) {
  if (attempt(instance, function) != SMC_OK) return SMC_FAILED;
  for (int32_t i = 0; i < smc_model.num_reals; ++i)
    if (!isfinite(instance->data.reals[i])) {
      smc_record_failure(instance, "%s is not finite", smc_model.real_names[i]);
      return SMC_FAILED;
    }
  return SMC_OK;
}

/* Follows the solution from lambda = 0 to 1; the values hold the last
 * solution reached. */
static int32_t continue_to_actual(SmcInstance* instance, const char* function, SmcInitializeAttempt attempt,
                                  Values* solved, double* lambda_reached) {
  double* lambda = &instance->data.reals[smc_model.homotopy_lambda_ref];
  double reached = 0.0;
  *lambda = 0.0;
  *lambda_reached = 0.0;
  if (attempt_finite(instance, function, attempt) != SMC_OK) return SMC_FAILED;
  values_save(instance, solved);
  double step = SMC_HOMOTOPY_FIRST_STEP;
  while (reached < 1.0) {
    double next = reached + step > 1.0 ? 1.0 : reached + step;
    *lambda = next;
    if (attempt_finite(instance, function, attempt) == SMC_OK) {
      reached = next;
      *lambda_reached = reached;
      values_save(instance, solved);
      step = step * 2.0 > SMC_HOMOTOPY_MAX_STEP ? SMC_HOMOTOPY_MAX_STEP : step * 2.0;
      continue;
    }
    values_restore(instance, solved);
    step /= 4.0;
    if (step < SMC_HOMOTOPY_MIN_STEP) {
      *lambda = reached;
      return SMC_FAILED;
    }
  }
  return SMC_OK;
}

int32_t smc_initialize_with_homotopy(SmcInstance* instance, const char* function, SmcInitializeAttempt attempt) {
  if (!smc_model.has_homotopy) return attempt(instance, function);
  Values start, solved, failed;
  if (!values_allocate(instance, &start) || !values_allocate(instance, &solved) ||
      !values_allocate(instance, &failed)) {
    values_release(instance, &start);
    values_release(instance, &solved);
    values_release(instance, &failed);
    return attempt(instance, function);
  }
  values_save(instance, &start);
  int32_t status = attempt(instance, function);
  if (status != SMC_OK) {
    char first_failure[sizeof instance->failure];
    memcpy(first_failure, instance->failure, sizeof first_failure);
    values_save(instance, &failed);
    values_restore(instance, &start);
    smc_log_call(instance, "%s: initialization failed (%s); continuing from homotopy's simplified problem",
                 function, first_failure);
    double reached = 0.0;
    status = continue_to_actual(instance, function, attempt, &solved, &reached);
    if (status == SMC_OK) {
      smc_log_call(instance, "%s: initialized by homotopy continuation", function);
    } else {
      char why[sizeof instance->failure];
      memcpy(why, instance->failure, sizeof why);
      values_restore(instance, &failed);
      instance->data.reals[smc_model.homotopy_lambda_ref] = 1.0;
      note_continuation(instance, first_failure, reached, why);
    }
  }
  instance->data.reals[smc_model.homotopy_lambda_ref] = 1.0;
  values_release(instance, &start);
  values_release(instance, &solved);
  values_release(instance, &failed);
  return status;
}
