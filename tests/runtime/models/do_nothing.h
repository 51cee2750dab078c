/* Callbacks that compute nothing, for the deliberately broken model
 * descriptions whose tests end at fmi2Instantiate. */
#ifndef SMC_TEST_DO_NOTHING_H
#define SMC_TEST_DO_NOTHING_H

#include "smc/model.h"

static inline void do_nothing_start_values(SmcModelData* data) { (void)data; }

static inline int32_t do_nothing(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}

static inline int32_t do_nothing_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

static inline int32_t do_nothing_event_update(SmcModelData* data, int32_t* states_reinitialized) {
  (void)data;
  (void)states_reinitialized;
  return SMC_OK;
}

#endif /* SMC_TEST_DO_NOTHING_H */
