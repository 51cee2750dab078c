/* Newton's method for an algebraic loop of one unknown (see scalar_loop.c). */
#ifndef SMC_RUNTIME_SCALAR_LOOP_H
#define SMC_RUNTIME_SCALAR_LOOP_H

#include <stdbool.h>

#include "smc/model.h"

/* Solves residual(x) = 0 from *x to max |residual| <= tolerance. On
 * success *x is the root, and the residual's last evaluation was there (so
 * the model's slots hold what it computes at the root). On failure *x is
 * unspecified and the caller should fall back to the general solver. */
bool smc_solve_scalar_loop(SmcModelData* data, SmcResidualFn residual, double tolerance, double* x);

#endif /* SMC_RUNTIME_SCALAR_LOOP_H */
