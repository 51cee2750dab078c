/* CVODE's sparse direct path for models with many states: KLU factorizes
 * the Newton matrix on the sparsity pattern the compiler found
 * (smc_model.jacobian_*), and the Jacobian comes from finite differences,
 * one right-hand side per group of columns that share no row (a greedy
 * colouring made once per instance), so a chain of a thousand states costs
 * three evaluations instead of a thousand. */
#ifndef SMC_SPARSE_JACOBIAN_H
#define SMC_SPARSE_JACOBIAN_H

#include <stdbool.h>

#include <cvode/cvode.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

#include "instance.h"

/* Whether this model's integrator takes the sparse path: enough states
 * that the dense factorization (cubic in them) dominates, and a pattern
 * sparse enough to pay for the bookkeeping. */
bool smc_sparse_jacobian_wanted(void);

typedef struct SmcSparseJacobian SmcSparseJacobian;

/* The colouring of smc_model's pattern; NULL when out of memory. */
SmcSparseJacobian* smc_sparse_jacobian_create(const SmcInstance* instance);
void smc_sparse_jacobian_free(const SmcInstance* instance, SmcSparseJacobian* jacobian);

/* How many right-hand sides one Jacobian costs. */
int32_t smc_sparse_jacobian_colours(const SmcSparseJacobian* jacobian);

/* Fills the sparse (CSC) matrix J with d f / d y at (t, y), fy = f(t, y),
 * by the differences of `rhs`, called with `user_data` (CVODE's Jacobian
 * callback contract; tmp1..tmp3 are CVODE's scratch vectors). 0, or the
 * right-hand side's non-zero return (recoverable when positive). */
int smc_sparse_jacobian_fill(const SmcSparseJacobian* jacobian, void* cvode_memory, CVRhsFn rhs,
                             void* user_data, sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J,
                             N_Vector tmp1, N_Vector tmp2, N_Vector tmp3);

#endif
