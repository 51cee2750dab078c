/* smc_solve_linear_system: direct solution of the linear algebraic loops of
 * generated code (declared in smc/model.h).
 *
 * LU factorization with partial pivoting of the caller's row-major matrix,
 * in place, then the two triangular solves. Written here rather than
 * through SUNDIALS' dense routines because those want column-pointer
 * matrices allocated per system, while the generated code already owns a
 * stack array of exactly the right shape; rows whose multiplier is zero
 * are skipped, so the sparse matrices of circuits cost far less than n^3.
 * A pivot that is zero, or tiny relative to the largest entry of its
 * column, means the loop has no unique solution at this point; the
 * failure names the loop.
 *
 * Most loops keep their matrix between calls (a circuit's coefficients are
 * parameters; only switching elements change them, at events), while the
 * right-hand side changes every time. So a loop of at least
 * kCachedMinimumSize unknowns keeps its last matrix and factors
 * (linear_solver.h): an identical matrix (compared bitwise) reuses them,
 * leaving only the triangular solves. The cache is a pure function of the
 * matrix, so FMU states need not hold it. */
#include "linear_solver.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "instance.h"
#include "logging.h"
#include "smc/model.h"

/* Below this the factorization costs about what the comparison does. */
enum { kCachedMinimumSize = 8 };

struct SmcLinearCache {
  int32_t size;
  bool valid;
  double* matrix;  /* the last matrix as the generated code built it */
  double* factors; /* its LU factors: L's multipliers below the diagonal */
  int32_t* pivots; /* the row swapped with row k at step k */
};

static const char* loop_name(int32_t loop) {
  if (loop >= 0 && loop < smc_model.num_loops && smc_model.loop_descriptions != NULL)
    return smc_model.loop_descriptions[loop];
  return "(unknown loop)";
}

void smc_linear_caches_free(SmcInstance* instance) {
  if (instance->linear_caches == NULL) return;
  for (int32_t loop = 0; loop < smc_model.num_loops; ++loop) {
    struct SmcLinearCache* cache = instance->linear_caches[loop];
    if (cache == NULL) continue;
    smc_release(instance, cache->matrix);
    smc_release(instance, cache->factors);
    smc_release(instance, cache->pivots);
    smc_release(instance, cache);
    instance->linear_caches[loop] = NULL;
  }
}

/* The loop's cache, made on first use; NULL for a small loop or when
 * memory runs out. */
static struct SmcLinearCache* cache_of(SmcInstance* instance, int32_t loop, int32_t n) {
  if (n < kCachedMinimumSize || instance->linear_caches == NULL || loop < 0 || loop >= smc_model.num_loops)
    return NULL;
  struct SmcLinearCache* cache = instance->linear_caches[loop];
  if (cache != NULL) return cache->size == n ? cache : NULL;
  cache = smc_allocate(instance, 1, sizeof *cache);
  if (cache == NULL) return NULL;
  cache->size = n;
  cache->matrix = smc_allocate(instance, (size_t)n * (size_t)n, sizeof(double));
  cache->factors = smc_allocate(instance, (size_t)n * (size_t)n, sizeof(double));
  cache->pivots = smc_allocate(instance, (size_t)n, sizeof(int32_t));
  instance->linear_caches[loop] = cache;
  if (cache->matrix == NULL || cache->factors == NULL || cache->pivots == NULL) cache->size = -1;
  return cache->size == n ? cache : NULL;
}

/* LU factors of `matrix` in place, row swaps in `pivots`; false when the
 * matrix is singular (or non-finite), after recording why. */
static bool factorize(SmcInstance* instance, int32_t loop, int32_t n, double* matrix, int32_t* pivots) {
  bool finite = true;
  for (int32_t k = 0; k < n * n; ++k) finite = finite && isfinite(matrix[k]);
  if (!finite) {
    smc_record_failure(instance, "algebraic loop %d: its linear system has a non-finite coefficient (%s)", loop,
                       loop_name(loop));
    return false;
  }
  for (int32_t col = 0; col < n; ++col) {
    int32_t pivot = col;
    for (int32_t row = col + 1; row < n; ++row)
      if (fabs(matrix[row * n + col]) > fabs(matrix[pivot * n + col])) pivot = row;
    /* Tiny relative to its own column: the unknowns of a loop have their
     * own units (a transistor's der(vbc) enters through picofarads while
     * node currents enter with 1), so only cancellation within a column
     * says the system is singular. The column's entries above the
     * diagonal are already those of U. */
    double scale = 0.0;
    for (int32_t row = 0; row < n; ++row) scale = fmax(scale, fabs(matrix[row * n + col]));
    double p = matrix[pivot * n + col];
    if (p == 0.0 || fabs(p) <= 1e-14 * scale) {
      smc_record_failure(instance, "algebraic loop %d: its linear system is singular (%s)", loop, loop_name(loop));
      return false;
    }
    pivots[col] = pivot;
    if (pivot != col)
      for (int32_t k = 0; k < n; ++k) {
        double t = matrix[col * n + k];
        matrix[col * n + k] = matrix[pivot * n + k];
        matrix[pivot * n + k] = t;
      }
    for (int32_t row = col + 1; row < n; ++row) {
      double factor = matrix[row * n + col] / p;
      matrix[row * n + col] = factor;
      if (factor == 0.0) continue;
      for (int32_t k = col + 1; k < n; ++k) matrix[row * n + k] -= factor * matrix[col * n + k];
    }
  }
  return true;
}

/* rhs := the solution of LU x = P rhs. The factorization swapped whole
 * rows, multipliers included, so every swap applies to rhs before L. */
static void substitute(int32_t n, const double* factors, const int32_t* pivots, double* rhs) {
  for (int32_t col = 0; col < n; ++col)
    if (pivots[col] != col) {
      double t = rhs[col];
      rhs[col] = rhs[pivots[col]];
      rhs[pivots[col]] = t;
    }
  for (int32_t col = 0; col < n; ++col) {
    if (rhs[col] == 0.0) continue;
    for (int32_t row = col + 1; row < n; ++row) rhs[row] -= factors[row * n + col] * rhs[col];
  }
  for (int32_t row = n - 1; row >= 0; --row) {
    double sum = rhs[row];
    for (int32_t k = row + 1; k < n; ++k) sum -= factors[row * n + k] * rhs[k];
    rhs[row] = sum / factors[row * n + row];
  }
}

int32_t smc_solve_linear_system(SmcModelData* data, int32_t loop, int32_t size, double* matrix,
                                double* rhs) {
  SmcInstance* instance = data != NULL ? (SmcInstance*)data->instance : NULL;
  if (instance == NULL || matrix == NULL || rhs == NULL || size <= 0) return SMC_FAILED;
  const int32_t n = size;
  if (n < kCachedMinimumSize) {
    int32_t pivots[kCachedMinimumSize];
    if (!factorize(instance, loop, n, matrix, pivots)) return SMC_FAILED;
    substitute(n, matrix, pivots, rhs);
    return SMC_OK;
  }
  const size_t bytes = (size_t)n * (size_t)n * sizeof(double);
  struct SmcLinearCache* cache = cache_of(instance, loop, n);
  if (cache == NULL) {
    smc_record_failure(instance, "algebraic loop %d: out of memory for its linear system of %d unknowns (%s)", loop,
                       (int)n, loop_name(loop));
    return SMC_FAILED;
  }
  if (cache->valid && memcmp(cache->matrix, matrix, bytes) == 0) {
    substitute(n, cache->factors, cache->pivots, rhs);
    return SMC_OK;
  }
  cache->valid = false;
  memcpy(cache->matrix, matrix, bytes);
  if (!factorize(instance, loop, n, matrix, cache->pivots)) return SMC_FAILED;
  memcpy(cache->factors, matrix, bytes);
  cache->valid = true;
  substitute(n, cache->factors, cache->pivots, rhs);
  return SMC_OK;
}
