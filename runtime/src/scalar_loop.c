/* Newton's method for an algebraic loop of one unknown.
 *
 * Tearing (src/causalize/Tearing.h) leaves most nonlinear loops with a
 * single iteration variable. For those, KINSOL's fixed cost per solve (its
 * set-up, vector operations and dense 1 x 1 factorization) outweighs the
 * residual evaluations: a ring of ten equations simulated about 1.8 times
 * slower than hand code because of it. This is the plain iteration it does
 * on one unknown: the derivative by a forward difference, the step halved
 * until |residual| decreases (so no wild jump leaves the basin), at most
 * max_iterations steps. A trial step whose residual fails or is not finite
 * is halved like one that does not decrease it. Anything else unusual (a
 * failed or non-finite residual at the current point or its difference
 * point, a zero slope, no decrease after max_halvings) gives up at once:
 * the caller then runs KINSOL from the original start value, which also
 * reports a real failure.
 */
#include "scalar_loop.h"

#include <float.h>
#include <math.h>

enum { max_iterations = 50, max_halvings = 20 };

/* residual(x) into *f; false when it fails or is not finite. */
static bool evaluate(SmcModelData* data, SmcResidualFn residual, double x, double* f) {
  return residual(data, &x, f) == SMC_OK && isfinite(*f);
}

bool smc_solve_scalar_loop(SmcModelData* data, SmcResidualFn residual, double tolerance, double* x) {
  double f = 0.0;
  if (!evaluate(data, residual, *x, &f)) return false;
  for (int iteration = 0; iteration < max_iterations; ++iteration) {
    if (fabs(f) <= tolerance) return true; /* the last evaluation was at *x */
    /* The difference step KINSOL would take: sqrt(unit roundoff) relative. */
    const double h = sqrt(DBL_EPSILON) * fmax(fabs(*x), 1.0);
    double shifted = 0.0;
    if (!evaluate(data, residual, *x + h, &shifted)) return false;
    const double slope = (shifted - f) / h;
    if (slope == 0.0 || !isfinite(slope)) return false;
    const double step = -f / slope;
    double scale = 1.0, next = *x + step, f_next = 0.0;
    int halvings = 0;
    while (!evaluate(data, residual, next, &f_next) || fabs(f_next) >= fabs(f)) {
      if (++halvings > max_halvings) return false;
      scale *= 0.5;
      next = *x + scale * step;
    }
    *x = next;
    f = f_next;
  }
  return fabs(f) <= tolerance;
}
