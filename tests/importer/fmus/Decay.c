/* Decay: a hand-written FMI 2.0 Co-Simulation FMU for the importer's tests.
 *
 * It solves der(x) = -k*x exactly: at every communication point t,
 * x = x0 * exp(-k * (t - startTime)), so a test can compare the importer's
 * results with the closed form to rounding accuracy. Beyond that it is an
 * honest slave that checks what the master does: the GUID, the calling
 * sequence (a state mask per function), that each communication point
 * continues from the previous one and that no step passes the stop time.
 * Parameters failureMode/failureTime make fmi2DoStep discard or fail on
 * purpose, to test the importer's error paths.
 *
 * Compile-time variants, for the loader tests:
 *   DECAY_OMIT_GET_STRING_STATUS  leaves out fmi2GetStringStatus
 *   DECAY_WITHOUT_MODEL_EXCHANGE  leaves out the ten Model Exchange functions
 *   DECAY_WITH_FMU_STATE          implements the six FMU state functions (the
 *                                 dynamic fields of the instance, copied)
 *   DECAY_BROKEN_FMU_STATE        as DECAY_WITH_FMU_STATE, but fmi2SetFMUstate
 *                                 forgets the step counter (for verify-state)
 *   DECAY_CRASH_IN_DO_STEP        fmi2DoStep aborts the process, as a faulty
 *                                 FMU may (for a rank dying under mpirun)
 */
#include "fmi2/fmi2Functions.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECAY_GUID "{8c4e810f-3df3-4a00-8276-176fa3c9f000}"

/* Value references, one numbering per type (modelDescription.xml). */
enum { VR_X, VR_DER_X, VR_K, VR_X0, VR_HALF_LIFE, VR_FAILURE_TIME, VR_TIME, N_REALS };
enum { VR_STEPS, VR_FAILURE_MODE, VR_LABEL_LENGTH, N_INTEGERS };
enum { VR_HALVED, VR_FROZEN, N_BOOLEANS };
enum { VR_LABEL, N_STRINGS };

enum { FAILURE_NONE = 1, FAILURE_DISCARD = 2, FAILURE_ERROR = 3 }; /* the Enumeration */

typedef enum {
  StateInstantiated = 1 << 0,
  StateInitializationMode = 1 << 1,
  StateStepComplete = 1 << 2,
  StateStepFailed = 1 << 3,
  StateTerminated = 1 << 4,
  StateError = 1 << 5
} State;

#define ANY_STATE 0x3f
#define READABLE \
  (StateInitializationMode | StateStepComplete | StateStepFailed | StateTerminated | StateError)

typedef struct {
  fmi2CallbackFunctions callbacks; /* a copy: the master's struct may go away */
  char* name;
  int loggingOn;
  State state;
  double startTime, stopTime, time;
  int stopTimeDefined;
  /* parameters */
  double k, x0, failureTime;
  int failureMode, frozen;
  char* label;
  /* computed */
  double x;
  int steps, terminated;
} Instance;

static char* copyString(Instance* m, const char* text) {
  size_t n = strlen(text) + 1;
  char* copy = (char*)m->callbacks.allocateMemory(n, 1);
  if (copy != NULL) memcpy(copy, text, n);
  return copy;
}

static int allowed(Instance* m, const char* function, int states) {
  if (m == NULL) return 0;
  if (m->state & states) return 1;
  m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2Error, "logStatusError",
                      "%s called in state %d, which it is not allowed in", function,
                      (int)m->state);
  m->state = StateError;
  return 0;
}

static fmi2Status fail(Instance* m, const char* message, double value) {
  m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2Error, "logStatusError",
                      message, value);
  m->state = StateError;
  return fmi2Error;
}

static void setDefaults(Instance* m) {
  m->k = 0.5;
  m->x0 = 2.0;
  m->failureTime = 1e300;
  m->failureMode = FAILURE_NONE;
  m->frozen = 0;
  m->steps = 0;
  m->terminated = 0;
  m->startTime = m->time = 0.0;
  m->stopTime = 0.0;
  m->stopTimeDefined = 0;
}

/* The closed form, evaluated at the current time. */
static void compute(Instance* m) {
  m->x = m->frozen ? m->x0 : m->x0 * exp(-m->k * (m->time - m->startTime));
}

/* ---- Inquiry, instantiation, set-up ------------------------------------ */

const char* fmi2GetTypesPlatform(void) { return "default"; }
const char* fmi2GetVersion(void) { return fmi2Version; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                               const fmi2String categories[]) {
  Instance* m = (Instance*)c;
  (void)nCategories;
  (void)categories;
  if (!allowed(m, "fmi2SetDebugLogging", ANY_STATE)) return fmi2Error;
  m->loggingOn = loggingOn;
  return fmi2OK;
}

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                              fmi2String fmuResourceLocation,
                              const fmi2CallbackFunctions* functions, fmi2Boolean visible,
                              fmi2Boolean loggingOn) {
  (void)visible;
  if (functions == NULL || functions->logger == NULL || functions->allocateMemory == NULL ||
      functions->freeMemory == NULL) {
    return NULL;
  }
  const char* name = instanceName != NULL ? instanceName : "?";
  if (fmuType != fmi2CoSimulation) {
    functions->logger(functions->componentEnvironment, name, fmi2Error, "logStatusError",
                      "Decay is a Co-Simulation FMU only");
    return NULL;
  }
  if (fmuGUID == NULL || strcmp(fmuGUID, DECAY_GUID) != 0) {
    functions->logger(functions->componentEnvironment, name, fmi2Error, "logStatusError",
                      "GUID %s does not match this binary's %s", fmuGUID ? fmuGUID : "(null)",
                      DECAY_GUID);
    return NULL;
  }
  Instance* m = (Instance*)functions->allocateMemory(1, sizeof(Instance));
  if (m == NULL) return NULL;
  m->callbacks = *functions;
  m->name = copyString(m, name);
  m->label = copyString(m, "decay");
  m->loggingOn = loggingOn;
  m->state = StateInstantiated;
  setDefaults(m);
  if (m->loggingOn) {
    m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2OK, "logAll",
                        "instantiated %s with resources at %s", m->name,
                        fmuResourceLocation ? fmuResourceLocation : "(none)");
  }
  return m;
}

void fmi2FreeInstance(fmi2Component c) {
  Instance* m = (Instance*)c;
  if (m == NULL) return;
  fmi2CallbackFreeMemory freeMemory = m->callbacks.freeMemory;
  freeMemory(m->name);
  freeMemory(m->label);
  freeMemory(m);
}

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined,
                               fmi2Real tolerance, fmi2Real startTime,
                               fmi2Boolean stopTimeDefined, fmi2Real stopTime) {
  Instance* m = (Instance*)c;
  (void)toleranceDefined;
  (void)tolerance;
  if (!allowed(m, "fmi2SetupExperiment", StateInstantiated)) return fmi2Error;
  if (stopTimeDefined && stopTime < startTime) {
    return fail(m, "stop time before start time %g", startTime);
  }
  m->startTime = m->time = startTime;
  m->stopTimeDefined = stopTimeDefined;
  m->stopTime = stopTime;
  return fmi2OK;
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2EnterInitializationMode", StateInstantiated)) return fmi2Error;
  m->state = StateInitializationMode;
  return fmi2OK;
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2ExitInitializationMode", StateInitializationMode)) return fmi2Error;
  compute(m);
  m->state = StateStepComplete;
  return fmi2OK;
}

fmi2Status fmi2Terminate(fmi2Component c) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2Terminate", StateStepComplete | StateStepFailed)) return fmi2Error;
  m->state = StateTerminated;
  return fmi2OK;
}

fmi2Status fmi2Reset(fmi2Component c) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2Reset", ANY_STATE)) return fmi2Error;
  m->callbacks.freeMemory(m->label);
  m->label = copyString(m, "decay");
  setDefaults(m);
  m->state = StateInstantiated;
  return fmi2OK;
}

/* ---- Getters and setters ------------------------------------------------ */

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       fmi2Real value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetReal", READABLE)) return fmi2Error;
  if (m->state == StateInitializationMode) compute(m);
  for (size_t i = 0; i < nvr; ++i) {
    switch (vr[i]) {
    case VR_X: value[i] = m->x; break;
    case VR_DER_X: value[i] = m->frozen ? 0.0 : -m->k * m->x; break;
    case VR_K: value[i] = m->k; break;
    case VR_X0: value[i] = m->x0; break;
    case VR_HALF_LIFE: value[i] = log(2.0) / m->k; break;
    case VR_FAILURE_TIME: value[i] = m->failureTime; break;
    case VR_TIME: value[i] = m->time; break;
    default: return fail(m, "fmi2GetReal: no Real variable has value reference %g", vr[i]);
    }
  }
  return fmi2OK;
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Integer value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetInteger", READABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    switch (vr[i]) {
    case VR_STEPS: value[i] = m->steps; break;
    case VR_FAILURE_MODE: value[i] = m->failureMode; break;
    case VR_LABEL_LENGTH: value[i] = (fmi2Integer)strlen(m->label); break;
    default: return fail(m, "fmi2GetInteger: no Integer variable has value reference %g", vr[i]);
    }
  }
  return fmi2OK;
}

fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Boolean value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetBoolean", READABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    switch (vr[i]) {
    case VR_HALVED: value[i] = m->x <= m->x0 / 2.0; break;
    case VR_FROZEN: value[i] = m->frozen; break;
    default: return fail(m, "fmi2GetBoolean: no Boolean variable has value reference %g", vr[i]);
    }
  }
  return fmi2OK;
}

fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         fmi2String value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetString", READABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    if (vr[i] != VR_LABEL) {
      return fail(m, "fmi2GetString: no String variable has value reference %g", vr[i]);
    }
    value[i] = m->label;
  }
  return fmi2OK;
}

/* Every settable variable here is a fixed parameter: settable only before
 * initialization ends. */
#define SETTABLE (StateInstantiated | StateInitializationMode)

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       const fmi2Real value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SetReal", SETTABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    switch (vr[i]) {
    case VR_K: m->k = value[i]; break;
    case VR_X0: m->x0 = value[i]; break;
    case VR_FAILURE_TIME: m->failureTime = value[i]; break;
    default: return fail(m, "fmi2SetReal: Real value reference %g cannot be set", vr[i]);
    }
  }
  return fmi2OK;
}

fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Integer value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SetInteger", SETTABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    if (vr[i] != VR_FAILURE_MODE) {
      return fail(m, "fmi2SetInteger: Integer value reference %g cannot be set", vr[i]);
    }
    if (value[i] < FAILURE_NONE || value[i] > FAILURE_ERROR) {
      return fail(m, "failureMode %g is not an item of the enumeration", value[i]);
    }
    m->failureMode = value[i];
  }
  return fmi2OK;
}

fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Boolean value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SetBoolean", SETTABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    if (vr[i] != VR_FROZEN) {
      return fail(m, "fmi2SetBoolean: Boolean value reference %g cannot be set", vr[i]);
    }
    m->frozen = value[i] != fmi2False;
  }
  return fmi2OK;
}

fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         const fmi2String value[]) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SetString", SETTABLE)) return fmi2Error;
  for (size_t i = 0; i < nvr; ++i) {
    if (vr[i] != VR_LABEL || value[i] == NULL) {
      return fail(m, "fmi2SetString: String value reference %g cannot be set", vr[i]);
    }
    char* copy = copyString(m, value[i]);
    if (copy == NULL) return fail(m, "out of memory copying a string of %g bytes", 0);
    m->callbacks.freeMemory(m->label);
    m->label = copy;
  }
  return fmi2OK;
}

/* ---- Unsupported common functions (capability flags are false) -------- */

static fmi2Status unsupported(fmi2Component c, const char* function) {
  Instance* m = (Instance*)c;
  if (m == NULL) return fmi2Error;
  m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2Error, "logStatusError",
                      "%s is not supported by Decay", function);
  return fmi2Error;
}

#if defined(DECAY_WITH_FMU_STATE) || defined(DECAY_BROKEN_FMU_STATE)

/* What decides Decay's future after initialization: the fields that doStep
 * changes, plus the parameters (fixed after initialization, kept so that a
 * state is self-contained). Serialized as the struct's bytes: the FMU only
 * reads states it wrote itself on the same platform. */
typedef struct {
  State state;
  double time, k, x0, failureTime, x;
  int failureMode, frozen, steps, terminated;
} Snapshot;

#define STATE_CALLS (StateInitializationMode | StateStepComplete | StateStepFailed | StateTerminated)

static fmi2Status refuse(Instance* m, const char* message) {
  m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2Error, "logStatusError", "%s", message);
  m->state = StateError;
  return fmi2Error;
}

static void take(const Instance* m, Snapshot* s) {
  memset(s, 0, sizeof *s); /* padding too, so serialized bytes are comparable */
  s->state = m->state;
  s->time = m->time;
  s->k = m->k;
  s->x0 = m->x0;
  s->failureTime = m->failureTime;
  s->x = m->x;
  s->failureMode = m->failureMode;
  s->frozen = m->frozen;
  s->steps = m->steps;
  s->terminated = m->terminated;
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* state) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetFMUstate", STATE_CALLS)) return fmi2Error;
  if (state == NULL) return refuse(m, "fmi2GetFMUstate: no place for the state");
  Snapshot* s = (Snapshot*)*state;
  if (s == NULL) s = (Snapshot*)m->callbacks.allocateMemory(1, sizeof(Snapshot));
  if (s == NULL) return refuse(m, "fmi2GetFMUstate: out of memory");
  take(m, s);
  *state = s;
  return fmi2OK;
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate state) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SetFMUstate", STATE_CALLS)) return fmi2Error;
  const Snapshot* s = (const Snapshot*)state;
  if (s == NULL) return refuse(m, "fmi2SetFMUstate: no state given");
  m->state = s->state;
  m->time = s->time;
  m->k = s->k;
  m->x0 = s->x0;
  m->failureTime = s->failureTime;
  m->x = s->x;
  m->failureMode = s->failureMode;
  m->frozen = s->frozen;
#ifndef DECAY_BROKEN_FMU_STATE
  m->steps = s->steps;
#endif
  m->terminated = s->terminated;
  return fmi2OK;
}

fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* state) {
  Instance* m = (Instance*)c;
  if (m == NULL) return fmi2Error;
  if (state != NULL && *state != NULL) {
    m->callbacks.freeMemory(*state);
    *state = NULL;
  }
  return fmi2OK;
}

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate state, size_t* size) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SerializedFMUstateSize", ANY_STATE)) return fmi2Error;
  if (state == NULL || size == NULL) return refuse(m, "fmi2SerializedFMUstateSize: null argument");
  *size = sizeof(Snapshot);
  return fmi2OK;
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate state, fmi2Byte bytes[], size_t size) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2SerializeFMUstate", ANY_STATE)) return fmi2Error;
  if (state == NULL || bytes == NULL || size < sizeof(Snapshot))
    return fail(m, "fmi2SerializeFMUstate: no state or a buffer that is too small (%g bytes)", (double)size);
  memcpy(bytes, state, sizeof(Snapshot));
  return fmi2OK;
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte bytes[], size_t size, fmi2FMUstate* state) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2DeSerializeFMUstate", ANY_STATE)) return fmi2Error;
  if (bytes == NULL || state == NULL || size != sizeof(Snapshot))
    return fail(m, "fmi2DeSerializeFMUstate: %g bytes are not a Decay state", (double)size);
  Snapshot* s = (Snapshot*)m->callbacks.allocateMemory(1, sizeof(Snapshot));
  if (s == NULL) return refuse(m, "fmi2DeSerializeFMUstate: out of memory");
  memcpy(s, bytes, sizeof(Snapshot));
  *state = s;
  return fmi2OK;
}

#else

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* state) {
  (void)state;
  return unsupported(c, "fmi2GetFMUstate");
}
fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate state) {
  (void)state;
  return unsupported(c, "fmi2SetFMUstate");
}
fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* state) {
  (void)state;
  return unsupported(c, "fmi2FreeFMUstate");
}
fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate state, size_t* size) {
  (void)state;
  (void)size;
  return unsupported(c, "fmi2SerializedFMUstateSize");
}
fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate state, fmi2Byte bytes[],
                                 size_t size) {
  (void)state;
  (void)bytes;
  (void)size;
  return unsupported(c, "fmi2SerializeFMUstate");
}
fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte bytes[], size_t size,
                                   fmi2FMUstate* state) {
  (void)bytes;
  (void)size;
  (void)state;
  return unsupported(c, "fmi2DeSerializeFMUstate");
}
#endif

fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference unknowns[],
                                        size_t nUnknown, const fmi2ValueReference knowns[],
                                        size_t nKnown, const fmi2Real dvKnown[],
                                        fmi2Real dvUnknown[]) {
  (void)unknowns;
  (void)nUnknown;
  (void)knowns;
  (void)nKnown;
  (void)dvKnown;
  (void)dvUnknown;
  return unsupported(c, "fmi2GetDirectionalDerivative");
}

/* ---- Model Exchange: exported because FMI asks for it, never usable ---- */

#ifndef DECAY_WITHOUT_MODEL_EXCHANGE
fmi2Status fmi2EnterEventMode(fmi2Component c) { return unsupported(c, "fmi2EnterEventMode"); }
fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo* info) {
  (void)info;
  return unsupported(c, "fmi2NewDiscreteStates");
}
fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) {
  return unsupported(c, "fmi2EnterContinuousTimeMode");
}
fmi2Status fmi2CompletedIntegratorStep(fmi2Component c, fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                                       fmi2Boolean* enterEventMode,
                                       fmi2Boolean* terminateSimulation) {
  (void)noSetFMUStatePriorToCurrentPoint;
  (void)enterEventMode;
  (void)terminateSimulation;
  return unsupported(c, "fmi2CompletedIntegratorStep");
}
fmi2Status fmi2SetTime(fmi2Component c, fmi2Real time) {
  (void)time;
  return unsupported(c, "fmi2SetTime");
}
fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t nx) {
  (void)x;
  (void)nx;
  return unsupported(c, "fmi2SetContinuousStates");
}
fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real derivatives[], size_t nx) {
  (void)derivatives;
  (void)nx;
  return unsupported(c, "fmi2GetDerivatives");
}
fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real indicators[], size_t ni) {
  (void)indicators;
  (void)ni;
  return unsupported(c, "fmi2GetEventIndicators");
}
fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t nx) {
  (void)x;
  (void)nx;
  return unsupported(c, "fmi2GetContinuousStates");
}
fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real nominals[], size_t nx) {
  (void)nominals;
  (void)nx;
  return unsupported(c, "fmi2GetNominalsOfContinuousStates");
}
#endif

/* ---- Co-Simulation ------------------------------------------------------ */

fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[],
                                       size_t nvr, const fmi2Integer order[],
                                       const fmi2Real value[]) {
  (void)vr;
  (void)nvr;
  (void)order;
  (void)value;
  return unsupported(c, "fmi2SetRealInputDerivatives (Decay has no inputs)");
}

fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[],
                                        size_t nvr, const fmi2Integer order[],
                                        fmi2Real value[]) {
  (void)vr;
  (void)nvr;
  (void)order;
  (void)value;
  return unsupported(c, "fmi2GetRealOutputDerivatives");
}

/* Communication points are compared with a relative slack: the master may
 * compute t + h and the next t differently by an ulp or two. */
static int sameTime(double a, double b) {
  return fabs(a - b) <= 1e-12 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                      fmi2Real communicationStepSize,
                      fmi2Boolean noSetFMUStatePriorToCurrentCommunicationPoint) {
  Instance* m = (Instance*)c;
  (void)noSetFMUStatePriorToCurrentCommunicationPoint;
#ifdef DECAY_CRASH_IN_DO_STEP
  abort();
#endif
  if (!allowed(m, "fmi2DoStep", StateStepComplete)) return fmi2Error;
  if (!sameTime(currentCommunicationPoint, m->time)) {
    return fail(m, "fmi2DoStep: the communication point does not continue from t=%.17g",
                m->time);
  }
  if (!(communicationStepSize > 0.0)) {
    return fail(m, "fmi2DoStep: step size %g is not positive", communicationStepSize);
  }
  double end = currentCommunicationPoint + communicationStepSize;
  if (m->stopTimeDefined && end > m->stopTime && !sameTime(end, m->stopTime)) {
    return fail(m, "fmi2DoStep: the step ends at t=%.17g, after the stop time", end);
  }
  if (end > m->failureTime && !sameTime(end, m->failureTime)) {
    if (m->failureMode == FAILURE_ERROR) {
      return fail(m, "failure requested at t=%g", m->failureTime);
    }
    if (m->failureMode == FAILURE_DISCARD) {
      /* Stop at failureTime, as a model reaching terminate() would. */
      m->time = m->failureTime;
      compute(m);
      m->terminated = 1;
      m->state = StateStepFailed;
      m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2Discard,
                          "logStatusDiscard", "terminating at t=%g as requested",
                          m->failureTime);
      return fmi2Discard;
    }
  }
  m->time = end;
  compute(m);
  m->steps += 1;
  if (m->loggingOn) {
    m->callbacks.logger(m->callbacks.componentEnvironment, m->name, fmi2OK, "logAll",
                        "step %d reached t=%g", m->steps, m->time);
  }
  return fmi2OK;
}

fmi2Status fmi2CancelStep(fmi2Component c) {
  return unsupported(c, "fmi2CancelStep (steps are never asynchronous)");
}

fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind s, fmi2Status* value) {
  Instance* m = (Instance*)c;
  (void)s;
  (void)value;
  if (!allowed(m, "fmi2GetStatus", ANY_STATE)) return fmi2Error;
  return fmi2Discard; /* no asynchronous step to report on */
}

fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind s, fmi2Real* value) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetRealStatus", StateStepComplete | StateStepFailed | StateTerminated)) {
    return fmi2Error;
  }
  if (s != fmi2LastSuccessfulTime) return fmi2Discard;
  *value = m->time;
  return fmi2OK;
}

fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind s, fmi2Integer* value) {
  Instance* m = (Instance*)c;
  (void)s;
  (void)value;
  if (!allowed(m, "fmi2GetIntegerStatus", ANY_STATE)) return fmi2Error;
  return fmi2Discard; /* FMI 2.0 defines no Integer status */
}

fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind s, fmi2Boolean* value) {
  Instance* m = (Instance*)c;
  if (!allowed(m, "fmi2GetBooleanStatus", StateStepComplete | StateStepFailed | StateTerminated)) {
    return fmi2Error;
  }
  if (s != fmi2Terminated) return fmi2Discard;
  *value = m->terminated;
  return fmi2OK;
}

#ifndef DECAY_OMIT_GET_STRING_STATUS
fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind s, fmi2String* value) {
  Instance* m = (Instance*)c;
  (void)s;
  (void)value;
  if (!allowed(m, "fmi2GetStringStatus", ANY_STATE)) return fmi2Error;
  return fmi2Discard; /* no pending step, so no status text */
}
#endif
