/* The factorizations smc_solve_linear_system keeps per linear loop
 * (linear_solver.c). */
#ifndef SMC_RUNTIME_LINEAR_SOLVER_H
#define SMC_RUNTIME_LINEAR_SOLVER_H

#include "instance.h"

/* Frees every loop's kept matrix and factors (the next solve makes them
 * again). */
void smc_linear_caches_free(SmcInstance* instance);

#endif /* SMC_RUNTIME_LINEAR_SOLVER_H */
