/* Cached KINSOL solvers of an instance's algebraic loops (see loop_solver.c;
 * the solving entry point, smc_solve_algebraic_loop, is in smc/model.h). */
#ifndef SMC_RUNTIME_LOOP_SOLVER_H
#define SMC_RUNTIME_LOOP_SOLVER_H

#include "instance.h"

/* Frees every loop solver created so far; the slots become empty again. */
void smc_loop_solvers_free(SmcInstance* instance);

#endif /* SMC_RUNTIME_LOOP_SOLVER_H */
