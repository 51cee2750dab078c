/* loop by hand: one nonlinear algebraic loop of N unknowns in a ring and a
 * state integrating y[1].
 *   y[i] = 0.5*sin(y[i+1]) + (i/N)*sin(time) + 1,  y[N+1] meaning y[1]
 *   der(z) = y[1]
 * Solved by Newton's method from the previous solution (as the FMU's loop
 * solver starts from the unknowns' current values), to the FMU's
 * convergence test max |residual| <= 1e-10. The Jacobian I - diag(c)*P
 * (c[i] = 0.5*cos(y[i+1]), P the cyclic shift) is a cyclic bidiagonal
 * matrix: a C programmer solves J*d = -r in O(N) by writing every d[i] as
 * a[i] + b[i]*d[0] from the last row up, then closing the ring at row 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_model.h"

enum { max_newton_iterations = 50 };
static const double residual_tolerance = 1e-10;

struct HandModel {
  int n;
  double* y;        /* the loop's unknowns, kept between calls */
  double* residual; /* scratch: r, then the Newton step */
  double* slope;    /* scratch: c[i] = d(0.5*sin(y[i+1]))/dy[i+1] */
  double* offset;   /* scratch: d[i] = offset[i] + gain[i]*d[0] */
  double* gain;
};

HandModel* hand_create(int n) {
  HandModel* model = calloc(1, sizeof *model);
  if (model == NULL) return NULL;
  model->n = n;
  model->y = calloc((size_t)n, sizeof(double));
  model->residual = calloc((size_t)n, sizeof(double));
  model->slope = calloc((size_t)n, sizeof(double));
  model->offset = calloc((size_t)n, sizeof(double));
  model->gain = calloc((size_t)n, sizeof(double));
  if (!model->y || !model->residual || !model->slope || !model->offset || !model->gain) {
    hand_destroy(model);
    return NULL;
  }
  return model;
}

void hand_destroy(HandModel* model) {
  if (model == NULL) return;
  free(model->y);
  free(model->residual);
  free(model->slope);
  free(model->offset);
  free(model->gain);
  free(model);
}

int hand_num_states(const HandModel* model) {
  (void)model;
  return 1;
}

void hand_initial_states(const HandModel* model, double* states) {
  (void)model;
  states[0] = 0.0;
}

void hand_state_name(const HandModel* model, int i, char* name, size_t capacity) {
  (void)model;
  (void)i;
  snprintf(name, capacity, "z");
}

double hand_event_time(const HandModel* model) {
  (void)model;
  return INFINITY;
}

void hand_take_event(HandModel* model) { (void)model; }

/* r = y - (0.5*sin(y[next]) + (i/N)*sin(time) + 1); returns max |r|. */
static double residuals(HandModel* model, double time) {
  const int n = model->n;
  const double* y = model->y;
  const double s = sin(time);
  double largest = 0.0;
  for (int i = 0; i < n; ++i) {
    const int next = i + 1 < n ? i + 1 : 0;
    const double r = y[i] - (0.5 * sin(y[next]) + (double)(i + 1) / n * s + 1.0);
    model->residual[i] = r;
    largest = fmax(largest, fabs(r));
  }
  return largest;
}

/* Overwrites model->residual with the Newton step d solving J*d = -r. */
static void newton_step(HandModel* model) {
  const int n = model->n;
  double* r = model->residual;
  for (int i = 0; i < n; ++i) model->slope[i] = 0.5 * cos(model->y[i + 1 < n ? i + 1 : 0]);
  /* Row i: d[i] - c[i]*d[i+1] = -r[i]; row N-1 reaches round to d[0]. */
  model->offset[n - 1] = -r[n - 1];
  model->gain[n - 1] = model->slope[n - 1];
  for (int i = n - 2; i >= 0; --i) {
    model->offset[i] = -r[i] + model->slope[i] * model->offset[i + 1];
    model->gain[i] = model->slope[i] * model->gain[i + 1];
  }
  const double first = model->offset[0] / (1.0 - model->gain[0]);
  for (int i = 0; i < n; ++i) r[i] = model->offset[i] + model->gain[i] * first;
}

void hand_derivatives(HandModel* model, double time, const double* z, double* dz) {
  (void)z;
  for (int iteration = 0; iteration < max_newton_iterations; ++iteration) {
    if (residuals(model, time) <= residual_tolerance) break;
    newton_step(model);
    for (int i = 0; i < model->n; ++i) model->y[i] += model->residual[i];
  }
  dz[0] = model->y[0];
}
