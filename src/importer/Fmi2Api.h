// The slice of the FMI 2.0 C API that the importer calls, declared with the
// exact C ABI (FMI 2.0 section 2.1.2 platform types, 2.1.3 status, 2.1.5
// callbacks). The runtime team's runtime/include/fmi2 headers serve the FMUs
// we build; the importer keeps its own namespaced declarations so that it
// never depends on (or clashes with) the global C names an FMU exports.
#pragma once

#include <cstddef>

namespace smc::importer::fmi2 {

// Platform types ("default" platform, section 2.1.2).
using Real = double;
using Integer = int;
using Boolean = int;
using String = const char*;
using ValueReference = unsigned int;
using Component = void*;
using ComponentEnvironment = void*;

inline constexpr Boolean True = 1;
inline constexpr Boolean False = 0;

// C enums are int-sized on every platform FMI 2.0 targets.
enum class Status : int { OK = 0, Warning = 1, Discard = 2, Error = 3, Fatal = 4, Pending = 5 };
enum class Type : int { ModelExchange = 0, CoSimulation = 1 };
enum class StatusKind : int {
  DoStepStatus = 0,
  PendingStatus = 1,
  LastSuccessfulTime = 2,
  Terminated = 3
};

extern "C" {

using CallbackLogger = void (*)(ComponentEnvironment environment, String instanceName,
                                Status status, String category, String message, ...);
using CallbackAllocateMemory = void* (*)(std::size_t count, std::size_t size);
using CallbackFreeMemory = void (*)(void* object);
using StepFinished = void (*)(ComponentEnvironment environment, Status status);

// Field order and types are the ABI; the FMU may keep a pointer to this
// struct until fmi2FreeInstance, so the importer keeps it alive that long.
struct CallbackFunctions {
  CallbackLogger logger;
  CallbackAllocateMemory allocateMemory;
  CallbackFreeMemory freeMemory;
  StepFinished stepFinished;
  ComponentEnvironment componentEnvironment;
};

using GetTypesPlatformFn = const char* (*)();
using GetVersionFn = const char* (*)();
using InstantiateFn = Component (*)(String instanceName, Type type, String guid,
                                    String resourceLocation,
                                    const CallbackFunctions* functions, Boolean visible,
                                    Boolean loggingOn);
using FreeInstanceFn = void (*)(Component c);
using SetupExperimentFn = Status (*)(Component c, Boolean toleranceDefined, Real tolerance,
                                     Real startTime, Boolean stopTimeDefined, Real stopTime);
using ModeChangeFn = Status (*)(Component c);  // Enter/ExitInitializationMode, Terminate, Reset
using GetRealFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                             Real value[]);
using GetIntegerFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                                Integer value[]);
using GetBooleanFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                                Boolean value[]);
using SetRealFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                             const Real value[]);
using SetIntegerFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                                const Integer value[]);
using SetBooleanFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                                const Boolean value[]);
using SetStringFn = Status (*)(Component c, const ValueReference vr[], std::size_t nvr,
                               const String value[]);
using DoStepFn = Status (*)(Component c, Real currentCommunicationPoint,
                            Real communicationStepSize,
                            Boolean noSetFMUStatePriorToCurrentCommunicationPoint);
using GetRealStatusFn = Status (*)(Component c, StatusKind kind, Real* value);

// FMU states (section 2.1.8); fmi2Byte is char.
using FMUstate = void*;
using GetFMUstateFn = Status (*)(Component c, FMUstate* state);
using SetFMUstateFn = Status (*)(Component c, FMUstate state);
using FreeFMUstateFn = Status (*)(Component c, FMUstate* state);
using SerializedFMUstateSizeFn = Status (*)(Component c, FMUstate state, std::size_t* size);
using SerializeFMUstateFn = Status (*)(Component c, FMUstate state, char serialized[], std::size_t size);
using DeSerializeFMUstateFn = Status (*)(Component c, const char serialized[], std::size_t size,
                                         FMUstate* state);
using GetBooleanStatusFn = Status (*)(Component c, StatusKind kind, Boolean* value);

// smc's extension (runtime/include/smc/event_observer.h): told of each
// event inside fmi2DoStep, just before and just after it.
using EventObserverFn = void (*)(void* env, Component c, Real time, Boolean after);
using ObserveEventsFn = Status (*)(Component c, EventObserverFn observer, void* env);

}  // extern "C"

// "fmi2Error" etc., as the spec spells them, for messages.
inline const char* statusName(Status status) {
  switch (status) {
  case Status::OK: return "fmi2OK";
  case Status::Warning: return "fmi2Warning";
  case Status::Discard: return "fmi2Discard";
  case Status::Error: return "fmi2Error";
  case Status::Fatal: return "fmi2Fatal";
  case Status::Pending: return "fmi2Pending";
  }
  return "unknown fmi2Status";  // a buggy FMU may return any int
}

}  // namespace smc::importer::fmi2
