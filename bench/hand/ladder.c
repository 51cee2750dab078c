/* A diffusion ladder by hand: N storages in series behind a boundary value
 * that steps at tStep, the far end closed (bench/gen/connectors.py's
 * rcladder and thermalwall, once their connection equations are gone).
 *   S[0] = BEFORE, AFTER from tStep on
 *   der(S[i]) = ((S[i-1] - S[i]) - (S[i] - S[i+1])) * G / C,  the last without S[i+1]
 * rcladder.c and thermalwall.c include this file with their names and
 * values; G = 1/R = 1 and C = 1 in both. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_model.h"

#ifndef LADDER_STATE_NAME
#error "define LADDER_STATE_NAME (a format with one %d) before including ladder.c"
#endif

struct HandModel {
  int n;
  double G, C, before, after, tStep;
  int stepped;
};

HandModel* hand_create(int n) {
  HandModel* model = malloc(sizeof *model);
  if (model == NULL) return NULL;
  *model = (HandModel){.n = n, .G = 1.0, .C = 1.0, .before = LADDER_BEFORE, .after = LADDER_AFTER, .tStep = 0.5};
  return model;
}

void hand_destroy(HandModel* model) { free(model); }

int hand_num_states(const HandModel* model) { return model->n; }

void hand_initial_states(const HandModel* model, double* states) {
  for (int i = 0; i < model->n; ++i) states[i] = model->before;
}

void hand_state_name(const HandModel* model, int i, char* name, size_t capacity) {
  (void)model;
  snprintf(name, capacity, LADDER_STATE_NAME, i + 1);
}

double hand_event_time(const HandModel* model) { return model->stepped ? INFINITY : model->tStep; }

void hand_take_event(HandModel* model) { model->stepped = 1; }

void hand_derivatives(HandModel* model, double time, const double* s, double* ds) {
  (void)time;
  const int n = model->n;
  const double k = model->G / model->C;
  double left = model->stepped ? model->after : model->before;
  for (int i = 0; i < n - 1; ++i) {
    ds[i] = ((left - s[i]) - (s[i] - s[i + 1])) * k;
    left = s[i];
  }
  ds[n - 1] = (left - s[n - 1]) * k;
}
