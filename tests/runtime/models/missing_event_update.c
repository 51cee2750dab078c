/* A model description without event_update (a code generator bug): the
 * runtime must refuse to instantiate it rather than call NULL at the first
 * event. */
#include <stddef.h>

#include "smc/model.h"

static void set_start_values(SmcModelData* data) { (void)data; }
static int32_t evaluate(SmcModelData* data) {
  (void)data;
  return SMC_OK;
}
static int32_t no_indicators(SmcModelData* data, double* indicators) {
  (void)data;
  (void)indicators;
  return SMC_OK;
}

const SmcModel smc_model = {
    .model_identifier = "MissingEventUpdate",
    .guid = "{missing-event-update}",
    .default_tolerance = 1e-6,
    .set_start_values = set_start_values,
    .initialize = evaluate,
    .compute_derivatives = evaluate,
    .compute_outputs = evaluate,
    .event_indicators = no_indicators,
    .event_update = NULL,
};
