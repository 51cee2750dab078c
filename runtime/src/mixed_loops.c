/* Settling mixed discrete/continuous loops within one event iteration (see
 * mixed_loops.h). */
#include "mixed_loops.h"

#include <string.h>

#include "model_eval.h"

/* Rounds of plain repetition before the search. */
enum { SMC_MIXED_LOOP_ROUNDS = 4 };
/* The search tries the 2^n combinations of the n torn Booleans when n is
 * at most this, else of those that changed; above this many changed ones
 * it is not tried (the first evaluation stands). */
enum { SMC_MIXED_LOOP_MAX_SEARCHED = 12 };

size_t smc_mixed_loops_scratch_size(void) {
  const SmcModel* m = &smc_model;
  if (m->num_torn_booleans == 0) return 0;
  return (size_t)m->num_reals * sizeof(double) +
         ((size_t)m->num_integers + (size_t)m->num_booleans + 2u * (size_t)m->num_torn_booleans) *
             sizeof(int32_t);
}

typedef struct {
  bool terminate_requested; /* before the first evaluation: a discarded one's terminate() is undone */
  double* reals;
  int32_t* integers;
  int32_t* booleans;
  int32_t* guess;   /* the torn Booleans an evaluation starts from */
  int32_t* changed; /* indices (into torn_boolean_refs) of those that changed */
} Scratch;

static Scratch scratch_of(SmcInstance* instance) {
  const SmcModel* m = &smc_model;
  unsigned char* at = instance->mixed_scratch;
  Scratch s;
  s.reals = (double*)at;
  at += (size_t)m->num_reals * sizeof(double);
  s.integers = (int32_t*)at;
  at += (size_t)m->num_integers * sizeof(int32_t);
  s.booleans = (int32_t*)at;
  at += (size_t)m->num_booleans * sizeof(int32_t);
  s.guess = (int32_t*)at;
  at += (size_t)m->num_torn_booleans * sizeof(int32_t);
  s.changed = (int32_t*)at;
  return s;
}

static void save_values(const SmcModelData* data, const Scratch* s) {
  memcpy(s->reals, data->reals, (size_t)smc_model.num_reals * sizeof(double));
  memcpy(s->integers, data->integers, (size_t)smc_model.num_integers * sizeof(int32_t));
  memcpy(s->booleans, data->booleans, (size_t)smc_model.num_booleans * sizeof(int32_t));
}

static void restore_values(SmcInstance* instance, const Scratch* s) {
  SmcModelData* data = &instance->data;
  instance->dynamic->terminate_requested = s->terminate_requested;
  memcpy(data->reals, s->reals, (size_t)smc_model.num_reals * sizeof(double));
  memcpy(data->integers, s->integers, (size_t)smc_model.num_integers * sizeof(int32_t));
  memcpy(data->booleans, s->booleans, (size_t)smc_model.num_booleans * sizeof(int32_t));
}

static bool reproduces(const SmcModelData* data, const int32_t* guess) {
  for (int32_t i = 0; i < smc_model.num_torn_booleans; ++i)
    if (data->booleans[smc_model.torn_boolean_refs[i]] != guess[i]) return false;
  return true;
}

/* One evaluation from the saved values with the torn Booleans = guess. */
static int32_t evaluate_from(SmcInstance* instance, const char* function, const Scratch* s,
                             int32_t* reinitialized) {
  SmcModelData* data = &instance->data;
  restore_values(instance, s);
  for (int32_t i = 0; i < smc_model.num_torn_booleans; ++i) data->booleans[smc_model.torn_boolean_refs[i]] = s->guess[i];
  int32_t r = 0;
  if (smc_eval_event_update(instance, function, &r) != SMC_OK) return SMC_FAILED;
  *reinitialized = r;
  return SMC_OK;
}

int32_t smc_event_update_settled(SmcInstance* instance, const char* function, int32_t* states_reinitialized) {
  if (smc_model.num_torn_booleans == 0) return smc_eval_event_update(instance, function, states_reinitialized);
  SmcModelData* data = &instance->data;
  const int32_t n = smc_model.num_torn_booleans;
  Scratch s = scratch_of(instance);
  s.terminate_requested = instance->dynamic->terminate_requested;
  save_values(data, &s);
  for (int32_t i = 0; i < n; ++i) s.guess[i] = data->booleans[smc_model.torn_boolean_refs[i]];
  const int32_t* start = s.booleans; /* the torn Booleans' values before: in the saved copy */
  if (smc_eval_event_update(instance, function, states_reinitialized) != SMC_OK) return SMC_FAILED;
  if (reproduces(data, s.guess)) return SMC_OK;

  /* Which torn Booleans move, over the rounds. */
  int32_t num_changed = 0;
  for (int32_t i = 0; i < n; ++i) s.changed[i] = 0;
  for (int32_t round = 0; round < SMC_MIXED_LOOP_ROUNDS; ++round) {
    for (int32_t i = 0; i < n; ++i) {
      int32_t now = data->booleans[smc_model.torn_boolean_refs[i]];
      if (now != s.guess[i]) s.changed[i] = 1;
      s.guess[i] = now;
    }
    if (evaluate_from(instance, function, &s, states_reinitialized) != SMC_OK) return SMC_FAILED;
    if (reproduces(data, s.guess)) return SMC_OK;
  }
  /* Search over all of them when they are few: a Boolean that never moved
   * (a friction element's `locked` while its start flags take turns) may be
   * the one that must. Otherwise over those that moved. */
  const bool all = n <= SMC_MIXED_LOOP_MAX_SEARCHED;
  for (int32_t i = 0; i < n; ++i)
    if (all || s.changed[i] || data->booleans[smc_model.torn_boolean_refs[i]] != s.guess[i]) s.changed[num_changed++] = i;
  if (num_changed <= SMC_MIXED_LOOP_MAX_SEARCHED) {
    for (int32_t i = 0; i < n; ++i) s.guess[i] = start[smc_model.torn_boolean_refs[i]];
    for (uint32_t combination = 0; combination < (1u << num_changed); ++combination) {
      for (int32_t b = 0; b < num_changed; ++b) s.guess[s.changed[b]] = (int32_t)((combination >> b) & 1u);
      if (evaluate_from(instance, function, &s, states_reinitialized) != SMC_OK) return SMC_FAILED;
      if (reproduces(data, s.guess)) return SMC_OK;
    }
  }
  /* No consistent combination: the first evaluation, as without search. */
  for (int32_t i = 0; i < n; ++i) s.guess[i] = start[smc_model.torn_boolean_refs[i]];
  return evaluate_from(instance, function, &s, states_reinitialized);
}
