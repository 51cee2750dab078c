/* FMI 2.0 functions shared by both interface types (section 2.1): inquiry,
 * instantiation, logging control, freeing and reset.
 */
#include <string.h>

#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"
#include "instance.h"
#include "logging.h"
#include "model_check.h"

const char* fmi2GetTypesPlatform(void) { return fmi2TypesPlatform; }

const char* fmi2GetVersion(void) { return fmi2Version; }

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                              fmi2String fmuResourceLocation,
                              const fmi2CallbackFunctions* functions, fmi2Boolean visible,
                              fmi2Boolean loggingOn) {
  (void)fmuResourceLocation; /* the runtime reads no resources */
  (void)visible;             /* and has no user interface */
  /* Without a logger there is no way to say what went wrong. */
  if (functions == NULL || functions->logger == NULL) return NULL;
  if (instanceName == NULL || instanceName[0] == '\0') {
    smc_log_instantiate_error(functions, "", "fmi2Instantiate: instanceName is empty");
    return NULL;
  }
  if (fmuType != fmi2CoSimulation) {
    smc_log_instantiate_error(functions, instanceName,
                              "fmi2Instantiate: fmuType %d requested, but this FMU supports "
                              "only Co-Simulation (fmi2CoSimulation = %d)",
                              (int)fmuType, (int)fmi2CoSimulation);
    return NULL;
  }
  if (fmuGUID == NULL || strcmp(fmuGUID, smc_model.guid) != 0) {
    smc_log_instantiate_error(functions, instanceName,
                              "fmi2Instantiate: GUID '%s' does not match this FMU's '%s'",
                              fmuGUID != NULL ? fmuGUID : "(null)", smc_model.guid);
    return NULL;
  }
  if (!smc_model_is_consistent(functions, instanceName)) return NULL;
  return smc_instance_create(instanceName, functions, loggingOn != fmi2False);
}

void fmi2FreeInstance(fmi2Component c) {
  SmcInstance* instance = smc_enter(c, "fmi2FreeInstance", SMC_MASK_FREE_INSTANCE);
  if (instance != NULL) smc_instance_destroy(instance);
}

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                               const fmi2String categories[]) {
  SmcInstance* instance = smc_enter(c, "fmi2SetDebugLogging", SMC_MASK_SET_DEBUG_LOGGING);
  if (instance == NULL) return fmi2Error;
  return smc_set_debug_logging(instance, loggingOn, nCategories, categories);
}

fmi2Status fmi2Reset(fmi2Component c) {
  SmcInstance* instance = smc_enter(c, "fmi2Reset", SMC_MASK_RESET);
  if (instance == NULL) return fmi2Error;
  smc_instance_restart(instance);
  return fmi2OK;
}
