/* Homotopy continuation for initialization (spec 3.7.4.4).
 *
 * A model with homotopy(actual, simplified) evaluates
 * actual + (1 - lambda) * (simplified - actual), lambda being the hidden
 * parameter SmcModel.homotopy_lambda_ref at 1 (SmcModel.has_homotopy). When the initialization
 * fails there, the simplified problem (lambda = 0) is solved from the
 * same start values, and its solution followed to lambda = 1 in steps
 * that grow while they succeed and shrink when one fails, each step
 * starting from the last solution.
 */
#ifndef SMC_RUNTIME_HOMOTOPY_H
#define SMC_RUNTIME_HOMOTOPY_H

#include <stdint.h>

#include "instance.h"

/* One initialization of the model's equations at the current lambda,
 * from the values in instance->data; SMC_OK or SMC_FAILED (with
 * instance->failure set). */
typedef int32_t (*SmcInitializeAttempt)(SmcInstance* instance, const char* function);

/* Runs `attempt` at lambda = 1 and, if it fails and the model has
 * homotopy(), the continuation. On failure the values are those the first
 * attempt left and instance->failure its reason, with what the
 * continuation met appended. */
int32_t smc_initialize_with_homotopy(SmcInstance* instance, const char* function, SmcInitializeAttempt attempt);

#endif /* SMC_RUNTIME_HOMOTOPY_H */
