/* smc_solve_sparse_linear_system: the large sparse linear algebraic loops
 * of generated code (declared in smc/model.h), by KLU, SuiteSparse's
 * sparse LU for circuit-like matrices, already in every FMU for CVODE.
 *
 * The generated code passes the loop's pattern (compressed columns, fixed
 * at translation) and the values of its nonzeros. Each loop keeps KLU's
 * analysis of the pattern (ordering, block triangular form: made once),
 * its last values and their factors: identical values (compared bitwise;
 * a circuit's coefficients change only at events) reuse the factors, so
 * most calls cost one pair of sparse triangular solves. Like the dense
 * solver's, the cache is a pure function of the matrix, so FMU states need
 * not hold it. A singular or non-finite matrix fails, naming the loop. */
#include "sparse_linear_solver.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <klu.h>

#include "logging.h"
#include "smc/model.h"

struct SmcSparseLinearCache {
  int32_t size, nonzeros;
  klu_common common;
  klu_symbolic* symbolic;
  klu_numeric* numeric; /* the factors of `values`, or NULL */
  double* values;
};

static const char* loop_name(int32_t loop) {
  if (loop >= 0 && loop < smc_model.num_loops && smc_model.loop_descriptions != NULL)
    return smc_model.loop_descriptions[loop];
  return "(unknown loop)";
}

static void free_cache(SmcInstance* instance, struct SmcSparseLinearCache* cache) {
  if (cache->numeric != NULL) klu_free_numeric(&cache->numeric, &cache->common);
  if (cache->symbolic != NULL) klu_free_symbolic(&cache->symbolic, &cache->common);
  smc_release(instance, cache->values);
  smc_release(instance, cache);
}

void smc_sparse_linear_caches_free(SmcInstance* instance) {
  if (instance->sparse_linear_caches == NULL) return;
  for (int32_t loop = 0; loop < smc_model.num_loops; ++loop) {
    if (instance->sparse_linear_caches[loop] != NULL) free_cache(instance, instance->sparse_linear_caches[loop]);
    instance->sparse_linear_caches[loop] = NULL;
  }
}

/* The loop's cache with its pattern analysed, made on first use; NULL
 * when memory runs out or KLU rejects the pattern. */
static struct SmcSparseLinearCache* cache_of(SmcInstance* instance, int32_t loop, int32_t n, int32_t nonzeros,
                                             const int32_t* column_starts, const int32_t* rows) {
  struct SmcSparseLinearCache* cache = instance->sparse_linear_caches[loop];
  if (cache != NULL && cache->size == n && cache->nonzeros == nonzeros) return cache;
  if (cache != NULL) {
    free_cache(instance, cache);
    instance->sparse_linear_caches[loop] = NULL;
  }
  cache = smc_allocate(instance, 1, sizeof *cache);
  if (cache == NULL) return NULL;
  cache->size = n;
  cache->nonzeros = nonzeros;
  cache->values = smc_allocate(instance, (size_t)nonzeros, sizeof(double));
  klu_defaults(&cache->common);
  /* KLU reads the pattern only; its interface is not const-qualified. */
  if (cache->values != NULL)
    cache->symbolic = klu_analyze(n, (int32_t*)column_starts, (int32_t*)rows, &cache->common);
  if (cache->values == NULL || cache->symbolic == NULL) {
    free_cache(instance, cache);
    return NULL;
  }
  instance->sparse_linear_caches[loop] = cache;
  return cache;
}

/* Factors of `values` into the cache; false (recorded) when the matrix is
 * singular or has a non-finite coefficient. */
static bool factorize(SmcInstance* instance, int32_t loop, struct SmcSparseLinearCache* cache,
                      const int32_t* column_starts, const int32_t* rows, const double* values) {
  for (int32_t k = 0; k < cache->nonzeros; ++k)
    if (!isfinite(values[k])) {
      smc_record_failure(instance, "algebraic loop %d: its linear system has a non-finite coefficient (%s)", loop,
                         loop_name(loop));
      return false;
    }
  if (cache->numeric != NULL) klu_free_numeric(&cache->numeric, &cache->common);
  memcpy(cache->values, values, (size_t)cache->nonzeros * sizeof(double));
  cache->numeric = klu_factor((int32_t*)column_starts, (int32_t*)rows, cache->values, cache->symbolic,
                              &cache->common);
  /* KLU stops at a pivot that is exactly zero (KLU_SINGULAR). Unlike
   * the dense solver's per-column test, no threshold on its condition
   * estimate: the unknowns of a loop have their own units (picofarads next
   * to node currents), and KLU's row scaling does not even them out. */
  if (cache->numeric != NULL && cache->common.status == KLU_OK) return true;
  if (cache->numeric != NULL) klu_free_numeric(&cache->numeric, &cache->common);
  smc_record_failure(instance, "algebraic loop %d: its linear system is singular (%s)", loop, loop_name(loop));
  return false;
}

int32_t smc_solve_sparse_linear_system(SmcModelData* data, int32_t loop, int32_t size, int32_t nonzeros,
                                       const int32_t* column_starts, const int32_t* rows, const double* values,
                                       double* rhs) {
  SmcInstance* instance = data != NULL ? (SmcInstance*)data->instance : NULL;
  if (instance == NULL || instance->sparse_linear_caches == NULL || loop < 0 || loop >= smc_model.num_loops ||
      size <= 0 || nonzeros <= 0 || column_starts == NULL || rows == NULL || values == NULL || rhs == NULL)
    return SMC_FAILED;
  struct SmcSparseLinearCache* cache = cache_of(instance, loop, size, nonzeros, column_starts, rows);
  if (cache == NULL) {
    smc_record_failure(instance,
                       "algebraic loop %d: no memory for its sparse linear system of %d unknowns, or KLU rejected "
                       "its pattern (%s)",
                       loop, (int)size, loop_name(loop));
    return SMC_FAILED;
  }
  const bool same = cache->numeric != NULL &&
                    memcmp(cache->values, values, (size_t)nonzeros * sizeof(double)) == 0;
  if (!same && !factorize(instance, loop, cache, column_starts, rows, values)) return SMC_FAILED;
  bool solved = klu_solve(cache->symbolic, cache->numeric, size, 1, rhs, &cache->common);
  for (int32_t i = 0; solved && i < size; ++i) solved = isfinite(rhs[i]);
  if (!solved) {
    smc_record_failure(instance, "algebraic loop %d: its linear system has no finite solution (%s)", loop,
                       loop_name(loop));
    return SMC_FAILED;
  }
  return SMC_OK;
}
