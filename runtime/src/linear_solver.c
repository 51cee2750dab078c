/* smc_solve_linear_system: direct solution of the linear algebraic loops of
 * generated code (declared in smc/model.h).
 *
 * Gaussian elimination with partial pivoting on the caller's row-major
 * matrix, in place. Written here rather than through SUNDIALS' dense
 * routines because those want column-pointer matrices allocated per system,
 * while the generated code already owns a stack array of exactly the right
 * shape and the loops are small (a handful of unknowns): the whole
 * algorithm is the two loops below. A pivot that is zero, or tiny relative
 * to the largest entry of the matrix, means the loop has no unique
 * solution at this point; the failure names the loop. */
#include <math.h>
#include <stdint.h>

#include "instance.h"
#include "logging.h"
#include "smc/model.h"

static const char* loop_name(int32_t loop) {
  if (loop >= 0 && loop < smc_model.num_loops && smc_model.loop_descriptions != NULL)
    return smc_model.loop_descriptions[loop];
  return "(unknown loop)";
}

int32_t smc_solve_linear_system(SmcModelData* data, int32_t loop, int32_t size, double* matrix,
                                double* rhs) {
  SmcInstance* instance = data != NULL ? (SmcInstance*)data->instance : NULL;
  if (instance == NULL || matrix == NULL || rhs == NULL || size <= 0) return SMC_FAILED;
  const int32_t n = size;
  double scale = 0.0;
  for (int32_t k = 0; k < n * n; ++k) scale = fmax(scale, fabs(matrix[k]));
  if (!isfinite(scale)) {
    smc_record_failure(instance, "algebraic loop %d: its linear system has a non-finite coefficient (%s)",
                       loop, loop_name(loop));
    return SMC_FAILED;
  }
  for (int32_t col = 0; col < n; ++col) {
    int32_t pivot = col;
    for (int32_t row = col + 1; row < n; ++row)
      if (fabs(matrix[row * n + col]) > fabs(matrix[pivot * n + col])) pivot = row;
    double p = matrix[pivot * n + col];
    if (p == 0.0 || fabs(p) <= 1e-14 * scale) {
      smc_record_failure(instance, "algebraic loop %d: its linear system is singular (%s)", loop,
                         loop_name(loop));
      return SMC_FAILED;
    }
    if (pivot != col) {
      for (int32_t k = 0; k < n; ++k) {
        double t = matrix[col * n + k];
        matrix[col * n + k] = matrix[pivot * n + k];
        matrix[pivot * n + k] = t;
      }
      double t = rhs[col];
      rhs[col] = rhs[pivot];
      rhs[pivot] = t;
    }
    for (int32_t row = col + 1; row < n; ++row) {
      double factor = matrix[row * n + col] / p;
      if (factor == 0.0) continue;
      for (int32_t k = col; k < n; ++k) matrix[row * n + k] -= factor * matrix[col * n + k];
      rhs[row] -= factor * rhs[col];
    }
  }
  for (int32_t row = n - 1; row >= 0; --row) {
    double sum = rhs[row];
    for (int32_t k = row + 1; k < n; ++k) sum -= matrix[row * n + k] * rhs[k];
    rhs[row] = sum / matrix[row * n + row];
  }
  return SMC_OK;
}
