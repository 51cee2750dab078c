/* The factorizations smc_solve_sparse_linear_system keeps per linear loop
 * (sparse_linear_solver.c). */
#ifndef SMC_RUNTIME_SPARSE_LINEAR_SOLVER_H
#define SMC_RUNTIME_SPARSE_LINEAR_SOLVER_H

#include "instance.h"

/* Frees every loop's kept pattern analysis, values and factors (the next
 * solve makes them again). */
void smc_sparse_linear_caches_free(SmcInstance* instance);

#endif /* SMC_RUNTIME_SPARSE_LINEAR_SOLVER_H */
