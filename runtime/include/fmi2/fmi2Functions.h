/* The 44 FMI 2.0 functions an FMU exports, declared for smc's runtime.
 *
 * Every declaration reuses the function type from fmi2FunctionTypes.h, so
 * the signature is written once. The runtime is compiled with
 * -fvisibility=hidden; SMC_FMI2_EXPORT puts these names (and, in
 * smc/event_observer.h, smcObserveEvents; nothing else)
 * back into the FMU's dynamic symbol table.
 */
#ifndef SMC_FMI2_FUNCTIONS_H
#define SMC_FMI2_FUNCTIONS_H

#include "fmi2FunctionTypes.h"
#include "fmi2TypesPlatform.h"

/* Returned by fmi2GetVersion. */
#define fmi2Version "2.0"

#if defined(__GNUC__)
#define SMC_FMI2_EXPORT __attribute__((visibility("default")))
#else
#define SMC_FMI2_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Inquiry, instantiation and logging. */
SMC_FMI2_EXPORT fmi2GetTypesPlatformTYPE fmi2GetTypesPlatform;
SMC_FMI2_EXPORT fmi2GetVersionTYPE fmi2GetVersion;
SMC_FMI2_EXPORT fmi2SetDebugLoggingTYPE fmi2SetDebugLogging;
SMC_FMI2_EXPORT fmi2InstantiateTYPE fmi2Instantiate;
SMC_FMI2_EXPORT fmi2FreeInstanceTYPE fmi2FreeInstance;

/* Experiment set-up and mode changes. */
SMC_FMI2_EXPORT fmi2SetupExperimentTYPE fmi2SetupExperiment;
SMC_FMI2_EXPORT fmi2EnterInitializationModeTYPE fmi2EnterInitializationMode;
SMC_FMI2_EXPORT fmi2ExitInitializationModeTYPE fmi2ExitInitializationMode;
SMC_FMI2_EXPORT fmi2TerminateTYPE fmi2Terminate;
SMC_FMI2_EXPORT fmi2ResetTYPE fmi2Reset;

/* Variable access. */
SMC_FMI2_EXPORT fmi2GetRealTYPE fmi2GetReal;
SMC_FMI2_EXPORT fmi2GetIntegerTYPE fmi2GetInteger;
SMC_FMI2_EXPORT fmi2GetBooleanTYPE fmi2GetBoolean;
SMC_FMI2_EXPORT fmi2GetStringTYPE fmi2GetString;
SMC_FMI2_EXPORT fmi2SetRealTYPE fmi2SetReal;
SMC_FMI2_EXPORT fmi2SetIntegerTYPE fmi2SetInteger;
SMC_FMI2_EXPORT fmi2SetBooleanTYPE fmi2SetBoolean;
SMC_FMI2_EXPORT fmi2SetStringTYPE fmi2SetString;

/* FMU state. */
SMC_FMI2_EXPORT fmi2GetFMUstateTYPE fmi2GetFMUstate;
SMC_FMI2_EXPORT fmi2SetFMUstateTYPE fmi2SetFMUstate;
SMC_FMI2_EXPORT fmi2FreeFMUstateTYPE fmi2FreeFMUstate;
SMC_FMI2_EXPORT fmi2SerializedFMUstateSizeTYPE fmi2SerializedFMUstateSize;
SMC_FMI2_EXPORT fmi2SerializeFMUstateTYPE fmi2SerializeFMUstate;
SMC_FMI2_EXPORT fmi2DeSerializeFMUstateTYPE fmi2DeSerializeFMUstate;

/* Partial derivatives. */
SMC_FMI2_EXPORT fmi2GetDirectionalDerivativeTYPE fmi2GetDirectionalDerivative;

/* Model Exchange only. */
SMC_FMI2_EXPORT fmi2EnterEventModeTYPE fmi2EnterEventMode;
SMC_FMI2_EXPORT fmi2NewDiscreteStatesTYPE fmi2NewDiscreteStates;
SMC_FMI2_EXPORT fmi2EnterContinuousTimeModeTYPE fmi2EnterContinuousTimeMode;
SMC_FMI2_EXPORT fmi2CompletedIntegratorStepTYPE fmi2CompletedIntegratorStep;
SMC_FMI2_EXPORT fmi2SetTimeTYPE fmi2SetTime;
SMC_FMI2_EXPORT fmi2SetContinuousStatesTYPE fmi2SetContinuousStates;
SMC_FMI2_EXPORT fmi2GetDerivativesTYPE fmi2GetDerivatives;
SMC_FMI2_EXPORT fmi2GetEventIndicatorsTYPE fmi2GetEventIndicators;
SMC_FMI2_EXPORT fmi2GetContinuousStatesTYPE fmi2GetContinuousStates;
SMC_FMI2_EXPORT fmi2GetNominalsOfContinuousStatesTYPE fmi2GetNominalsOfContinuousStates;

/* Co-Simulation only. */
SMC_FMI2_EXPORT fmi2SetRealInputDerivativesTYPE fmi2SetRealInputDerivatives;
SMC_FMI2_EXPORT fmi2GetRealOutputDerivativesTYPE fmi2GetRealOutputDerivatives;
SMC_FMI2_EXPORT fmi2DoStepTYPE fmi2DoStep;
SMC_FMI2_EXPORT fmi2CancelStepTYPE fmi2CancelStep;
SMC_FMI2_EXPORT fmi2GetStatusTYPE fmi2GetStatus;
SMC_FMI2_EXPORT fmi2GetRealStatusTYPE fmi2GetRealStatus;
SMC_FMI2_EXPORT fmi2GetIntegerStatusTYPE fmi2GetIntegerStatus;
SMC_FMI2_EXPORT fmi2GetBooleanStatusTYPE fmi2GetBooleanStatus;
SMC_FMI2_EXPORT fmi2GetStringStatusTYPE fmi2GetStringStatus;

#ifdef __cplusplus
}
#endif

#endif /* SMC_FMI2_FUNCTIONS_H */
