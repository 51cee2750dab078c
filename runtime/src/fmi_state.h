/* Which FMI state each entry point accepts, and the check every entry does.
 *
 * The masks transcribe the Co-Simulation calling-sequence table of FMI 2.0
 * (section 4.2.4) restricted to the states this FMU can reach.
 */
#ifndef SMC_RUNTIME_FMI_STATE_H
#define SMC_RUNTIME_FMI_STATE_H

#include "instance.h"

#define SMC_ANY_INSTANCE_STATE                                                        \
  (SMC_STATE_INSTANTIATED | SMC_STATE_INITIALIZATION_MODE | SMC_STATE_STEP_COMPLETE | \
   SMC_STATE_STEP_FAILED | SMC_STATE_TERMINATED | SMC_STATE_ERROR)

#define SMC_MASK_SET_DEBUG_LOGGING SMC_ANY_INSTANCE_STATE
#define SMC_MASK_FREE_INSTANCE SMC_ANY_INSTANCE_STATE
#define SMC_MASK_RESET SMC_ANY_INSTANCE_STATE
#define SMC_MASK_SETUP_EXPERIMENT SMC_STATE_INSTANTIATED
#define SMC_MASK_ENTER_INITIALIZATION_MODE SMC_STATE_INSTANTIATED
#define SMC_MASK_EXIT_INITIALIZATION_MODE SMC_STATE_INITIALIZATION_MODE
#define SMC_MASK_TERMINATE (SMC_STATE_STEP_COMPLETE | SMC_STATE_STEP_FAILED)
#define SMC_MASK_GET                                                                   \
  (SMC_STATE_INITIALIZATION_MODE | SMC_STATE_STEP_COMPLETE | SMC_STATE_STEP_FAILED | \
   SMC_STATE_TERMINATED | SMC_STATE_ERROR)
#define SMC_MASK_SET \
  (SMC_STATE_INSTANTIATED | SMC_STATE_INITIALIZATION_MODE | SMC_STATE_STEP_COMPLETE)
/* FMU states (FMI 2.0 sections 2.1.3, 2.1.8). A state is taken only in a
 * state without error: after fmi2Error the values may be inconsistent.
 * Restoring is allowed in every state, error included: restoring a state
 * saved earlier is the standard's way to continue after an fmi2Error.
 * Freeing, measuring, serializing and deserializing touch only state
 * objects, so they too are allowed in every state. */
#define SMC_MASK_GET_FMU_STATE                                                        \
  (SMC_STATE_INSTANTIATED | SMC_STATE_INITIALIZATION_MODE | SMC_STATE_STEP_COMPLETE | \
   SMC_STATE_STEP_FAILED | SMC_STATE_TERMINATED)
#define SMC_MASK_SET_FMU_STATE SMC_ANY_INSTANCE_STATE
#define SMC_MASK_FMU_STATE_OBJECT SMC_ANY_INSTANCE_STATE
/* stepFailed is let in only to say why no further step is possible. */
#define SMC_MASK_DO_STEP (SMC_STATE_STEP_COMPLETE | SMC_STATE_STEP_FAILED)
#define SMC_MASK_GET_STATUS (SMC_STATE_STEP_COMPLETE | SMC_STATE_STEP_FAILED | SMC_STATE_TERMINATED)

/* The instance behind c when it is in one of `allowed` states. Otherwise
 * logs what `function` expected and what it found, and returns NULL; a
 * NULL c, or one whose first 8 bytes are not SMC_INSTANCE_MAGIC (a pointer
 * to something else), returns NULL silently (there is no logger to tell). */
SmcInstance* smc_enter(fmi2Component c, const char* function, unsigned allowed);

/* "stepComplete" etc., as the standard names the state. */
const char* smc_state_name(SmcFmiState state);

/* For entry points this FMU does not offer: logs "<function>: not supported
 * by this FMU yet (<reason>)" and returns fmi2Error, in any state. */
fmi2Status smc_unsupported(fmi2Component c, const char* function, const char* reason);

#endif /* SMC_RUNTIME_FMI_STATE_H */
