/* FMI 2.0 entry points this Co-Simulation FMU does not offer: the ten Model
 * Exchange functions, directional derivatives, input/output derivative
 * interpolation and step cancellation. Each answers fmi2Error with a message
 * saying so; modelDescription.xml advertises none of these capabilities.
 */
#include "fmi2/fmi2Functions.h"
#include "fmi_state.h"

static const char* const model_exchange =
    "Model Exchange is not offered; this FMU is for Co-Simulation only";

fmi2Status fmi2EnterEventMode(fmi2Component c) {
  return smc_unsupported(c, "fmi2EnterEventMode", model_exchange);
}

fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo* fmi2eventInfo) {
  (void)fmi2eventInfo;
  return smc_unsupported(c, "fmi2NewDiscreteStates", model_exchange);
}

fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) {
  return smc_unsupported(c, "fmi2EnterContinuousTimeMode", model_exchange);
}

fmi2Status fmi2CompletedIntegratorStep(fmi2Component c,
                                       fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                                       fmi2Boolean* enterEventMode,
                                       fmi2Boolean* terminateSimulation) {
  (void)noSetFMUStatePriorToCurrentPoint;
  (void)enterEventMode;
  (void)terminateSimulation;
  return smc_unsupported(c, "fmi2CompletedIntegratorStep", model_exchange);
}

fmi2Status fmi2SetTime(fmi2Component c, fmi2Real time) {
  (void)time;
  return smc_unsupported(c, "fmi2SetTime", model_exchange);
}

fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t nx) {
  (void)x;
  (void)nx;
  return smc_unsupported(c, "fmi2SetContinuousStates", model_exchange);
}

fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real derivatives[], size_t nx) {
  (void)derivatives;
  (void)nx;
  return smc_unsupported(c, "fmi2GetDerivatives", model_exchange);
}

fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real eventIndicators[], size_t ni) {
  (void)eventIndicators;
  (void)ni;
  return smc_unsupported(c, "fmi2GetEventIndicators", model_exchange);
}

fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t nx) {
  (void)x;
  (void)nx;
  return smc_unsupported(c, "fmi2GetContinuousStates", model_exchange);
}

fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real x_nominal[], size_t nx) {
  (void)x_nominal;
  (void)nx;
  return smc_unsupported(c, "fmi2GetNominalsOfContinuousStates", model_exchange);
}

fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                                        size_t nUnknown, const fmi2ValueReference vKnown_ref[],
                                        size_t nKnown, const fmi2Real dvKnown[],
                                        fmi2Real dvUnknown[]) {
  (void)vUnknown_ref;
  (void)nUnknown;
  (void)vKnown_ref;
  (void)nKnown;
  (void)dvKnown;
  (void)dvUnknown;
  return smc_unsupported(c, "fmi2GetDirectionalDerivative",
                         "providesDirectionalDerivative is false");
}

fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Integer order[], const fmi2Real value[]) {
  (void)vr;
  (void)nvr;
  (void)order;
  (void)value;
  return smc_unsupported(c, "fmi2SetRealInputDerivatives",
                         "inputs are held constant over a step; canInterpolateInputs is false");
}

fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                        const fmi2Integer order[], fmi2Real value[]) {
  (void)vr;
  (void)nvr;
  (void)order;
  (void)value;
  return smc_unsupported(c, "fmi2GetRealOutputDerivatives", "maxOutputDerivativeOrder is 0");
}

fmi2Status fmi2CancelStep(fmi2Component c) {
  return smc_unsupported(c, "fmi2CancelStep",
                         "fmi2DoStep runs synchronously, so no step is ever left to cancel");
}
