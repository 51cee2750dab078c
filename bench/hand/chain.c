/* chain by hand: N first-order lags in series driven by a step at tStep.
 *   der(x[1]) = (u - x[1]) / tau,  der(x[i]) = (x[i-1] - x[i]) / tau */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_model.h"

struct HandModel {
  int n;
  double tau, U, tStep;
  int stepped; /* the input u is U once the step at tStep was taken */
};

HandModel* hand_create(int n) {
  HandModel* model = malloc(sizeof *model);
  if (model == NULL) return NULL;
  *model = (HandModel){.n = n, .tau = 1.0, .U = 1.0, .tStep = 0.5, .stepped = 0};
  return model;
}

void hand_destroy(HandModel* model) { free(model); }

int hand_num_states(const HandModel* model) { return model->n; }

void hand_initial_states(const HandModel* model, double* states) {
  for (int i = 0; i < model->n; ++i) states[i] = 0.0;
}

void hand_state_name(const HandModel* model, int i, char* name, size_t capacity) {
  (void)model;
  snprintf(name, capacity, "x[%d]", i + 1);
}

double hand_event_time(const HandModel* model) { return model->stepped ? INFINITY : model->tStep; }

void hand_take_event(HandModel* model) { model->stepped = 1; }

void hand_derivatives(HandModel* model, double time, const double* x, double* dx) {
  (void)time;
  const double u = model->stepped ? model->U : 0.0;
  const double tau = model->tau;
  dx[0] = (u - x[0]) / tau;
  for (int i = 1; i < model->n; ++i) dx[i] = (x[i - 1] - x[i]) / tau;
}

/* der(x[i]) reads x[i-1] and x[i]: one band below the diagonal. */
void hand_bandwidths(const HandModel* model, int* lower, int* upper) {
  (void)model;
  *lower = 1;
  *upper = 0;
}
