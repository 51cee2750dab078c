/* heat by hand: an insulated N x N grid of cells, cell (1,1) heated.
 *   C*der(T[i,j]) = G*(T[i-1,j] + T[i+1,j] + T[i,j-1] + T[i,j+1] - 4*T[i,j]) (+ P at (1,1))
 * A neighbour outside the grid is the cell itself (zero flux through the
 * border). T is row-major: T[i][j] at i*N + j. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_model.h"

struct HandModel {
  int n; /* cells per side */
  double C, G, P;
};

HandModel* hand_create(int n) {
  HandModel* model = malloc(sizeof *model);
  if (model == NULL) return NULL;
  *model = (HandModel){.n = n, .C = 1.0, .G = 1.0, .P = 1.0};
  return model;
}

void hand_destroy(HandModel* model) { free(model); }

int hand_num_states(const HandModel* model) { return model->n * model->n; }

void hand_initial_states(const HandModel* model, double* states) {
  for (int i = 0; i < model->n * model->n; ++i) states[i] = 0.0;
}

void hand_state_name(const HandModel* model, int i, char* name, size_t capacity) {
  snprintf(name, capacity, "T[%d,%d]", i / model->n + 1, i % model->n + 1);
}

double hand_event_time(const HandModel* model) {
  (void)model;
  return INFINITY;
}

void hand_take_event(HandModel* model) { (void)model; }

/* der(T) of cell (i, j) given the indices of its four neighbours. */
static inline double cell(const HandModel* model, const double* T, int i, int j, int up, int down,
                          int left, int right) {
  const int n = model->n;
  return model->G *
         (T[up * n + j] + T[down * n + j] + T[i * n + left] + T[i * n + right] - 4 * T[i * n + j]) /
         model->C;
}

void hand_derivatives(HandModel* model, double time, const double* T, double* dT) {
  (void)time;
  const int n = model->n;
  for (int i = 0; i < n; ++i) {
    const int up = i > 0 ? i - 1 : i, down = i < n - 1 ? i + 1 : i;
    /* The border columns apart, so that the inner loop has no branches. */
    dT[i * n] = cell(model, T, i, 0, up, down, 0, n > 1 ? 1 : 0);
    for (int j = 1; j < n - 1; ++j) dT[i * n + j] = cell(model, T, i, j, up, down, j - 1, j + 1);
    if (n > 1) dT[i * n + n - 1] = cell(model, T, i, n - 1, up, down, n - 2, n - 1);
  }
  dT[0] += model->P / model->C;
}
