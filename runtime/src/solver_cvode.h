/* The instance's CVODE integrator (BDF, dense or sparse Newton, root
 * finding on the event indicators) behind a few calls. `function` names the FMI entry
 * point for error messages. On failure each call logs CVODE's flag name
 * and message and returns SMC_FAILED. */
#ifndef SMC_RUNTIME_SOLVER_CVODE_H
#define SMC_RUNTIME_SOLVER_CVODE_H

#include <stdbool.h>
#include <stddef.h>

#include "instance.h"
#include "solver_image.h"

/* Whether the model needs an integrator at all: it has states, or event
 * indicators whose crossings only CVODE's root finding can locate (a model
 * without states then integrates one constant placeholder state). */
bool smc_cvode_needed(void);

/* Creates the integrator at data.time from the current state values. */
int32_t smc_cvode_start(SmcInstance* instance, const char* function);

/* Restarts the integrator's history at data.time from the state values in
 * data (after an input change, an event or a reinit()). */
int32_t smc_cvode_restart(SmcInstance* instance, const char* function);

/* After an FMU state's values were restored: the integrator of that state
 * (solver_image.h). An image this instance took (or accepted) brings CVODE
 * back exactly as it was, history and all; without one (a state
 * deserialized from another instance or process) the integrator restarts
 * at data.time from the restored values. */
int32_t smc_cvode_restore(SmcInstance* instance, const SmcSolverImage* image,
                          const char* function);

/* Integrates towards `target`, never beyond it, and stops early where an
 * event indicator crosses zero (*root = true, *root_indicator = the first
 * such indicator). Writes the time reached and the states there into
 * data. */
int32_t smc_cvode_advance(SmcInstance* instance, double target, bool* root,
                          int32_t* root_indicator, const char* function);

void smc_cvode_free(SmcInstance* instance);

#endif /* SMC_RUNTIME_SOLVER_CVODE_H */
