/* Sanity check of the generated model description at instantiation. */
#ifndef SMC_RUNTIME_MODEL_CHECK_H
#define SMC_RUNTIME_MODEL_CHECK_H

#include <stdbool.h>

#include "fmi2/fmi2Functions.h"

/* True when smc_model's sizes, tables and callbacks fit together; otherwise
 * logs the first inconsistency (a code generator bug) and returns false. */
bool smc_model_is_consistent(const fmi2CallbackFunctions* functions, const char* instance_name);

#endif /* SMC_RUNTIME_MODEL_CHECK_H */
