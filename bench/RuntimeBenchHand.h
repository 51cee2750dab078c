/* The hand-written side of bench/RuntimeBench.c: a model of bench/hand/
 * compiled into its own shared object (loaded here, its functions called
 * through pointers like the FMU's), and a plain C simulation of it on
 * CVODE configured as runtime/src/solver_cvode.c configures the FMU's. */
#ifndef SMC_BENCH_RUNTIME_BENCH_HAND_H
#define SMC_BENCH_RUNTIME_BENCH_HAND_H

#include <stddef.h>

#include "hand_model.h"

typedef struct BenchHand {
  void* library;
  HandModel* (*create)(int n);
  void (*destroy)(HandModel* model);
  int (*num_states)(const HandModel* model);
  void (*initial_states)(const HandModel* model, double* states);
  void (*state_name)(const HandModel* model, int i, char* name, size_t capacity);
  double (*event_time)(const HandModel* model);
  void (*take_event)(HandModel* model);
  void (*derivatives)(HandModel* model, double time, const double* states, double* derivatives);
  void (*bandwidths)(const HandModel* model, int* lower, int* upper); /* NULL: dense */
} BenchHand;

/* Opens the hand model's shared object; prints why and returns 0 on failure. */
int bench_hand_load(BenchHand* hand, const char* path);

void bench_hand_close(BenchHand* hand);

/* CVODE's counts over the whole run, restarts included. */
typedef struct HandRunStats {
  long steps;
  long rhs_calls; /* including the dense Jacobian's difference quotients */
} HandRunStats;

/* Simulates a fresh model of size n from start_time to stop_time with
 * communication points every interval, the way a careful C programmer
 * drives CVODE: BDF, relative tolerance `tolerance` and absolute
 * tolerances tolerance * 1 (the FMU's nominals are 1), dense linear
 * solver (band when the model gives hand_bandwidths) with a
 * difference-quotient Jacobian, 100000 steps at most per
 * communication step, the stop time set to each communication point; at
 * the model's input step it integrates exactly to the step, switches the
 * input and restarts CVODE (CVodeReInit). Writes the final states
 * (hand_num_states of them) and statistics; returns 0 on failure. */
int bench_hand_simulate(const BenchHand* hand, int n, double start_time, double stop_time,
                        double interval, double tolerance, double* final_states,
                        HandRunStats* stats);

#endif /* SMC_BENCH_RUNTIME_BENCH_HAND_H */
