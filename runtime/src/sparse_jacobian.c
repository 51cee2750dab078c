/* The sparse Jacobian by coloured finite differences (sparse_jacobian.h). */
#include "sparse_jacobian.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <sunmatrix/sunmatrix_sparse.h>

/* Below this many states the dense LU, with CVODE's own column-by-column
 * differences, is as fast or faster. Measured (2 cores, 2026-12-06, bench/
 * models, 10 000 steps): a spring chain of 16 states 0.34 s dense against
 * 0.38 s sparse, of 32 states 0.65 s against 0.46 s; a heat plate of 64
 * states 0.22 s against 0.11 s, of 256 states 2.2 s against 0.32 s. */
static const int32_t sparse_from_states = 32;

struct SmcSparseJacobian {
  int32_t num_colours;
  int32_t* colour_starts;     /* num_colours + 1, into columns */
  int32_t* columns;           /* the columns, grouped by colour */
  double* increments;         /* per column, scratch of one fill */
};

bool smc_sparse_jacobian_wanted(void) {
  const int32_t n = smc_model.num_states;
  return n >= sparse_from_states && smc_model.num_jacobian_nonzeros > 0 &&
         smc_model.jacobian_column_starts != NULL && smc_model.jacobian_rows != NULL &&
         (double)smc_model.num_jacobian_nonzeros <= 0.25 * (double)n * (double)n;
}

int32_t smc_sparse_jacobian_colours(const SmcSparseJacobian* jacobian) {
  return jacobian->num_colours;
}

void smc_sparse_jacobian_free(const SmcInstance* instance, SmcSparseJacobian* jacobian) {
  if (jacobian == NULL) return;
  smc_release(instance, jacobian->colour_starts);
  smc_release(instance, jacobian->columns);
  smc_release(instance, jacobian->increments);
  smc_release(instance, jacobian);
}

/* Greedy colouring in column order: a column takes the smallest colour
 * that no column sharing one of its rows has taken yet. The rows' columns
 * come from transposing the pattern. */
static bool colour_columns(const SmcInstance* instance, int32_t* colour_of, int32_t* num_colours) {
  const int32_t n = smc_model.num_states;
  const int32_t* starts = smc_model.jacobian_column_starts;
  const int32_t* rows = smc_model.jacobian_rows;
  const int32_t nonzeros = starts[n];
  int32_t* row_starts = smc_allocate(instance, (size_t)n + 1, sizeof(int32_t));
  int32_t* row_columns = smc_allocate(instance, (size_t)nonzeros + 1, sizeof(int32_t));
  int32_t* fill = smc_allocate(instance, (size_t)n + 1, sizeof(int32_t));
  int32_t* taken_by = smc_allocate(instance, (size_t)n + 1, sizeof(int32_t));
  bool ok = row_starts != NULL && row_columns != NULL && fill != NULL && taken_by != NULL;
  if (ok) {
    for (int32_t k = 0; k < nonzeros; ++k) ++row_starts[rows[k] + 1];
    for (int32_t i = 0; i < n; ++i) row_starts[i + 1] += row_starts[i];
    memcpy(fill, row_starts, (size_t)n * sizeof(int32_t));
    for (int32_t j = 0; j < n; ++j)
      for (int32_t k = starts[j]; k < starts[j + 1]; ++k) row_columns[fill[rows[k]]++] = j;
    for (int32_t c = 0; c <= n; ++c) taken_by[c] = -1;
    *num_colours = 0;
    for (int32_t j = 0; j < n; ++j) {
      for (int32_t k = starts[j]; k < starts[j + 1]; ++k) {
        const int32_t row = rows[k];
        for (int32_t m = row_starts[row]; m < row_starts[row + 1]; ++m) {
          const int32_t other = row_columns[m];
          if (other < j) taken_by[colour_of[other]] = j;
        }
      }
      int32_t colour = 0;
      while (taken_by[colour] == j) ++colour;
      colour_of[j] = colour;
      if (colour + 1 > *num_colours) *num_colours = colour + 1;
    }
  }
  smc_release(instance, row_starts);
  smc_release(instance, row_columns);
  smc_release(instance, fill);
  smc_release(instance, taken_by);
  return ok;
}

SmcSparseJacobian* smc_sparse_jacobian_create(const SmcInstance* instance) {
  const int32_t n = smc_model.num_states;
  SmcSparseJacobian* jacobian = smc_allocate(instance, 1, sizeof(SmcSparseJacobian));
  int32_t* colour_of = smc_allocate(instance, (size_t)n, sizeof(int32_t));
  if (jacobian == NULL || colour_of == NULL) goto failed;
  jacobian->columns = smc_allocate(instance, (size_t)n, sizeof(int32_t));
  jacobian->increments = smc_allocate(instance, (size_t)n, sizeof(double));
  if (jacobian->columns == NULL || jacobian->increments == NULL ||
      !colour_columns(instance, colour_of, &jacobian->num_colours))
    goto failed;
  jacobian->colour_starts = smc_allocate(instance, (size_t)jacobian->num_colours + 1, sizeof(int32_t));
  if (jacobian->colour_starts == NULL) goto failed;
  for (int32_t j = 0; j < n; ++j) ++jacobian->colour_starts[colour_of[j] + 1];
  for (int32_t c = 0; c < jacobian->num_colours; ++c)
    jacobian->colour_starts[c + 1] += jacobian->colour_starts[c];
  /* Columns in ascending order within each colour. */
  int32_t* fill = smc_allocate(instance, (size_t)jacobian->num_colours, sizeof(int32_t));
  if (fill == NULL) goto failed;
  memcpy(fill, jacobian->colour_starts, (size_t)jacobian->num_colours * sizeof(int32_t));
  for (int32_t j = 0; j < n; ++j) jacobian->columns[fill[colour_of[j]]++] = j;
  smc_release(instance, fill);
  smc_release(instance, colour_of);
  return jacobian;

failed:
  smc_release(instance, colour_of);
  smc_sparse_jacobian_free(instance, jacobian);
  return NULL;
}

int smc_sparse_jacobian_fill(const SmcSparseJacobian* jacobian, void* cvode_memory, CVRhsFn rhs,
                             void* user_data, sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J,
                             N_Vector tmp1, N_Vector tmp2, N_Vector tmp3) {
  const int32_t n = smc_model.num_states;
  const int32_t* starts = smc_model.jacobian_column_starts;
  const int32_t* rows = smc_model.jacobian_rows;
  /* SUNMatZero cleared the structure along with the values. */
  sunindextype* pointers = SUNSparseMatrix_IndexPointers(J);
  sunindextype* indices = SUNSparseMatrix_IndexValues(J);
  sunrealtype* values = SUNSparseMatrix_Data(J);
  for (int32_t j = 0; j <= n; ++j) pointers[j] = starts[j];
  for (int32_t k = 0; k < starts[n]; ++k) indices[k] = rows[k];

  /* Increments as CVODE's own difference quotients size them: relative to
   * each state, but no smaller than what the error weights and the step
   * make noticeable. */
  N_Vector weights = tmp1;
  sunrealtype step = 0.0;
  if (CVodeGetErrWeights(cvode_memory, weights) != CV_SUCCESS ||
      CVodeGetCurrentStep(cvode_memory, &step) != CV_SUCCESS)
    return -1;
  const sunrealtype unit_roundoff = DBL_EPSILON;
  const sunrealtype root_roundoff = sqrt(unit_roundoff);
  const sunrealtype fy_norm = N_VWrmsNorm(fy, weights);
  const sunrealtype min_increment =
      fy_norm != 0.0 ? 1000.0 * fabs(step) * unit_roundoff * (sunrealtype)n * fy_norm : 1.0;
  const sunrealtype* w = N_VGetArrayPointer(weights);
  const sunrealtype* y0 = N_VGetArrayPointer(y);
  const sunrealtype* f0 = N_VGetArrayPointer(fy);
  sunrealtype* shifted = N_VGetArrayPointer(tmp2);
  const sunrealtype* f1 = N_VGetArrayPointer(tmp3);
  memcpy(shifted, y0, (size_t)n * sizeof(sunrealtype));

  for (int32_t c = 0; c < jacobian->num_colours; ++c) {
    for (int32_t m = jacobian->colour_starts[c]; m < jacobian->colour_starts[c + 1]; ++m) {
      const int32_t j = jacobian->columns[m];
      sunrealtype increment = fmax(root_roundoff * fabs(y0[j]), min_increment / w[j]);
      /* The increment actually represented (y + inc rounded). */
      shifted[j] = y0[j] + increment;
      jacobian->increments[j] = shifted[j] - y0[j];
    }
    int status = rhs(t, tmp2, tmp3, user_data);
    for (int32_t m = jacobian->colour_starts[c]; m < jacobian->colour_starts[c + 1]; ++m)
      shifted[jacobian->columns[m]] = y0[jacobian->columns[m]];
    if (status != 0) return status;
    for (int32_t m = jacobian->colour_starts[c]; m < jacobian->colour_starts[c + 1]; ++m) {
      const int32_t j = jacobian->columns[m];
      const sunrealtype inverse = 1.0 / jacobian->increments[j];
      for (int32_t k = starts[j]; k < starts[j + 1]; ++k)
        values[k] = (f1[rows[k]] - f0[rows[k]]) * inverse;
    }
  }
  return 0;
}
