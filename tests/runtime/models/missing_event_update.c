/* A model description without event_update (a code generator bug): the
 * runtime must refuse to instantiate it rather than call NULL at the first
 * event. */
#include <stddef.h>

#include "do_nothing.h"
#include "smc/model.h"

const SmcModel smc_model = {
    .model_identifier = "MissingEventUpdate",
    .guid = "{missing-event-update}",
    .default_tolerance = 1e-6,
    .set_start_values = do_nothing_start_values,
    .initialize = do_nothing,
    .compute_derivatives = do_nothing,
    .compute_outputs = do_nothing,
    .event_indicators = do_nothing_indicators,
    .event_update = NULL,
};
