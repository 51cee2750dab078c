/* The interface every hand-written model in bench/hand/ exports.
 *
 * Each <family>.c holds the equations of one bench/gen family written as a
 * C programmer would (loops over plain arrays), with the generator's
 * default parameters. bench/runtime_speed.py compiles each file alone with
 * `clang-16 -O2 -shared -fPIC` and the harness (bench/RuntimeBench.c)
 * dlopens it and looks these functions up by name, so that the hand code is
 * called through a pointer exactly like the FMU's generated code.
 */
#ifndef SMC_BENCH_HAND_MODEL_H
#define SMC_BENCH_HAND_MODEL_H

#include <stddef.h>

typedef struct HandModel HandModel;

/* A model of size n (the N of bench/gen/generate.py), inputs off. */
HandModel* hand_create(int n);
void hand_destroy(HandModel* model);

int hand_num_states(const HandModel* model);
/* The start values of the states (what the FMU's initialization gives). */
void hand_initial_states(const HandModel* model, double* states);
/* The Modelica name of state i, as smc spells it in its variable tables. */
void hand_state_name(const HandModel* model, int i, char* name, size_t capacity);

/* The one time event of the model (its input step), or INFINITY. The
 * driver integrates up to it, calls hand_take_event and restarts. */
double hand_event_time(const HandModel* model);
void hand_take_event(HandModel* model);

/* der(states) at time: the right-hand side handed to CVODE. */
void hand_derivatives(HandModel* model, double time, const double* states, double* derivatives);

/* Optional: a model whose Jacobian is banded says so, and the driver uses
 * CVODE's band solver (what a C programmer would pick for it) instead of
 * the dense one. */
void hand_bandwidths(const HandModel* model, int* lower, int* upper);

#endif /* SMC_BENCH_HAND_MODEL_H */
