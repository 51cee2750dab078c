/* rotational by hand: N inertias J joined to a wall and to each other by a
 * spring c and a damper d in parallel, a torque T stepping onto the last
 * (bench/gen/connectors.py), in the coordinates smc integrates: the
 * dampers' relative angle and speed, which the library prefers as states.
 * With f[i] = c*phi_rel[i] + d*w_rel[i], the torque of link i:
 *   a[i] = (f[i+1] - f[i]) / J,  the last (T - f[N]) / J
 *   der(phi_rel[i]) = w_rel[i],  der(w_rel[i]) = a[i] - a[i-1]  (a[0] = 0: the wall)
 * States phi_rel[0..N-1], then w_rel[0..N-1]; J = 1, c = 10, d = 0.5, T = 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_model.h"

struct HandModel {
  int n;
  double J, c, d, T, tStep;
  int stepped;
};

HandModel* hand_create(int n) {
  HandModel* model = malloc(sizeof *model);
  if (model == NULL) return NULL;
  *model = (HandModel){.n = n, .J = 1.0, .c = 10.0, .d = 0.5, .T = 1.0, .tStep = 0.5};
  return model;
}

void hand_destroy(HandModel* model) { free(model); }

int hand_num_states(const HandModel* model) { return 2 * model->n; }

void hand_initial_states(const HandModel* model, double* states) {
  for (int i = 0; i < 2 * model->n; ++i) states[i] = 0.0;
}

void hand_state_name(const HandModel* model, int i, char* name, size_t capacity) {
  if (i < model->n)
    snprintf(name, capacity, "damper[%d].phi_rel", i + 1);
  else
    snprintf(name, capacity, "damper[%d].w_rel", i - model->n + 1);
}

double hand_event_time(const HandModel* model) { return model->stepped ? INFINITY : model->tStep; }

void hand_take_event(HandModel* model) { model->stepped = 1; }

void hand_derivatives(HandModel* model, double time, const double* states, double* derivatives) {
  (void)time;
  const int n = model->n;
  const double* phi = states;
  const double* w = states + n;
  double* dphi = derivatives;
  double* dw = derivatives + n;
  const double T = model->stepped ? model->T : 0.0;
  double previous = 0.0;  /* the acceleration of the inertia on the left (the wall: 0) */
  double f = model->c * phi[0] + model->d * w[0];
  for (int i = 0; i < n; ++i) {
    const double next = i + 1 < n ? model->c * phi[i + 1] + model->d * w[i + 1] : T;
    const double a = (next - f) / model->J;
    dphi[i] = w[i];
    dw[i] = a - previous;
    previous = a;
    f = next;
  }
}
