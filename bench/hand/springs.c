/* springs by hand: N masses joined by spring-dampers to a wall and to each
 * other, a force F stepping onto the last mass at tStep. States x[0..N-1]
 * then v[0..N-1].
 *   der(x[i]) = v[i]
 *   m*der(v[i]) = f(i) - f(i+1)   (last mass: f(N) + F)
 *   f(i) = k*(x[i-1] - x[i]) + d*(v[i-1] - v[i]),  x[0] = v[0] = 0 (the wall)
 * Like the generated model, each link force is written out in the equation
 * of each mass it acts on (the same arithmetic as the Modelica text). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_model.h"

struct HandModel {
  int n;
  double m, k, d, F0, tStep;
  int stepped;
};

HandModel* hand_create(int n) {
  HandModel* model = malloc(sizeof *model);
  if (model == NULL) return NULL;
  *model = (HandModel){.n = n, .m = 1.0, .k = 10.0, .d = 0.5, .F0 = 1.0, .tStep = 0.5};
  return model;
}

void hand_destroy(HandModel* model) { free(model); }

int hand_num_states(const HandModel* model) { return 2 * model->n; }

void hand_initial_states(const HandModel* model, double* states) {
  for (int i = 0; i < 2 * model->n; ++i) states[i] = 0.0;
}

void hand_state_name(const HandModel* model, int i, char* name, size_t capacity) {
  if (i < model->n)
    snprintf(name, capacity, "x[%d]", i + 1);
  else
    snprintf(name, capacity, "v[%d]", i - model->n + 1);
}

double hand_event_time(const HandModel* model) { return model->stepped ? INFINITY : model->tStep; }

void hand_take_event(HandModel* model) { model->stepped = 1; }

/* The force of the spring-damper joining a mass to its left neighbour. */
static inline double link(const HandModel* model, double x_left, double v_left, double x, double v) {
  return model->k * (x_left - x) + model->d * (v_left - v);
}

void hand_derivatives(HandModel* model, double time, const double* states, double* derivatives) {
  (void)time;
  const int n = model->n;
  const double m = model->m;
  const double* x = states;
  const double* v = states + n;
  double* dx = derivatives;
  double* dv = derivatives + n;
  const double F = model->stepped ? model->F0 : 0.0;
  for (int i = 0; i < n; ++i) dx[i] = v[i];
  /* The first and last masses apart, so that the loop over the others has
   * no branches (the wall on the left of mass 1, F on the right of mass N). */
  if (n == 1) {
    dv[0] = (link(model, 0.0, 0.0, x[0], v[0]) + F) / m;
    return;
  }
  dv[0] = (link(model, 0.0, 0.0, x[0], v[0]) - link(model, x[0], v[0], x[1], v[1])) / m;
  for (int i = 1; i < n - 1; ++i)
    dv[i] = (link(model, x[i - 1], v[i - 1], x[i], v[i]) - link(model, x[i], v[i], x[i + 1], v[i + 1])) / m;
  dv[n - 1] = (link(model, x[n - 2], v[n - 2], x[n - 1], v[n - 1]) + F) / m;
}
