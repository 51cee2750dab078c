// The runtime inside FMU-shaped shared objects (whole-archive link, fmi2*
// export list), loaded with dlopen like an importer does: exactly the 44
// fmi2 functions are visible, and two FMUs with the same function names run
// side by side in one process without touching each other, not even
// through a serialized FMU state.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "algebraic_loop.h"
#include "dahlquist.h"
#include "fmi2/fmi2FunctionTypes.h"

namespace smc::runtime_test {
namespace {

const char* const kFmi2Functions[] = {
    "fmi2GetTypesPlatform",
    "fmi2GetVersion",
    "fmi2SetDebugLogging",
    "fmi2Instantiate",
    "fmi2FreeInstance",
    "fmi2SetupExperiment",
    "fmi2EnterInitializationMode",
    "fmi2ExitInitializationMode",
    "fmi2Terminate",
    "fmi2Reset",
    "fmi2GetReal",
    "fmi2GetInteger",
    "fmi2GetBoolean",
    "fmi2GetString",
    "fmi2SetReal",
    "fmi2SetInteger",
    "fmi2SetBoolean",
    "fmi2SetString",
    "fmi2GetFMUstate",
    "fmi2SetFMUstate",
    "fmi2FreeFMUstate",
    "fmi2SerializedFMUstateSize",
    "fmi2SerializeFMUstate",
    "fmi2DeSerializeFMUstate",
    "fmi2GetDirectionalDerivative",
    "fmi2EnterEventMode",
    "fmi2NewDiscreteStates",
    "fmi2EnterContinuousTimeMode",
    "fmi2CompletedIntegratorStep",
    "fmi2SetTime",
    "fmi2SetContinuousStates",
    "fmi2GetDerivatives",
    "fmi2GetEventIndicators",
    "fmi2GetContinuousStates",
    "fmi2GetNominalsOfContinuousStates",
    "fmi2SetRealInputDerivatives",
    "fmi2GetRealOutputDerivatives",
    "fmi2DoStep",
    "fmi2CancelStep",
    "fmi2GetStatus",
    "fmi2GetRealStatus",
    "fmi2GetIntegerStatus",
    "fmi2GetBooleanStatus",
    "fmi2GetStringStatus",
};

extern "C" void silent_logger(fmi2ComponentEnvironment, fmi2String, fmi2Status, fmi2String,
                              fmi2String, ...) {}

// Appends each message to the std::vector<std::string> behind the
// environment pointer.
extern "C" void recording_logger(fmi2ComponentEnvironment environment, fmi2String, fmi2Status,
                                 fmi2String, fmi2String message, ...) {
  char text[4096];
  va_list args;
  va_start(args, message);
  std::vsnprintf(text, sizeof text, message, args);
  va_end(args);
  static_cast<std::vector<std::string>*>(environment)->push_back(text);
}

// A loaded FMU binary and the few functions a simulation needs.
struct LoadedFmu {
  explicit LoadedFmu(const char* path) : handle(dlopen(path, RTLD_NOW | RTLD_LOCAL)) {
    EXPECT_NE(handle, nullptr) << dlerror();
  }
  ~LoadedFmu() {
    if (handle != nullptr) dlclose(handle);
  }
  template <typename Function>
  Function* get(const char* name) const {
    return reinterpret_cast<Function*>(dlsym(handle, name));
  }
  void* handle;
};

// Instantiates, initializes, steps to `until` and returns Real `vr`.
double simulate(const LoadedFmu& fmu, const char* guid, fmi2ValueReference vr, double until) {
  fmi2CallbackFunctions callbacks{silent_logger, nullptr, nullptr, nullptr, nullptr};
  auto* instantiate = fmu.get<fmi2InstantiateTYPE>("fmi2Instantiate");
  auto* setup = fmu.get<fmi2SetupExperimentTYPE>("fmi2SetupExperiment");
  auto* enter = fmu.get<fmi2EnterInitializationModeTYPE>("fmi2EnterInitializationMode");
  auto* exit = fmu.get<fmi2ExitInitializationModeTYPE>("fmi2ExitInitializationMode");
  auto* do_step = fmu.get<fmi2DoStepTYPE>("fmi2DoStep");
  auto* get_real = fmu.get<fmi2GetRealTYPE>("fmi2GetReal");
  auto* free_instance = fmu.get<fmi2FreeInstanceTYPE>("fmi2FreeInstance");
  fmi2Component c =
      instantiate("so", fmi2CoSimulation, guid, nullptr, &callbacks, fmi2False, fmi2False);
  EXPECT_NE(c, nullptr);
  if (c == nullptr) return NAN;
  EXPECT_EQ(setup(c, fmi2True, 1e-8, 0.0, fmi2False, 0.0), fmi2OK);
  EXPECT_EQ(enter(c), fmi2OK);
  EXPECT_EQ(exit(c), fmi2OK);
  EXPECT_EQ(do_step(c, 0.0, until, fmi2True), fmi2OK);
  double value = NAN;
  EXPECT_EQ(get_real(c, &vr, 1, &value), fmi2OK);
  free_instance(c);
  return value;
}

TEST(SharedObject, ExportsExactlyTheFmi2Functions) {
  LoadedFmu fmu(DAHLQUIST_FMU);
  ASSERT_NE(fmu.handle, nullptr);
  for (const char* name : kFmi2Functions) EXPECT_NE(dlsym(fmu.handle, name), nullptr) << name;
  for (const char* hidden : {"smc_model", "smc_solve_algebraic_loop", "smc_enter", "CVode",
                             "KINSol", "N_VNew_Serial", "SUNContext_Create"})
    EXPECT_EQ(dlsym(fmu.handle, hidden), nullptr) << hidden;
  EXPECT_STREQ(fmu.get<fmi2GetVersionTYPE>("fmi2GetVersion")(), "2.0");
}

TEST(SharedObject, TwoFmusInOneProcessRunIndependently) {
  LoadedFmu dahlquist(DAHLQUIST_FMU);
  LoadedFmu loop(ALGEBRAIC_LOOP_FMU);
  ASSERT_NE(dahlquist.handle, nullptr);
  ASSERT_NE(loop.handle, nullptr);
  EXPECT_NE(dlsym(dahlquist.handle, "fmi2Instantiate"), dlsym(loop.handle, "fmi2Instantiate"));
  EXPECT_NEAR(simulate(dahlquist, DAHLQUIST_GUID, DAHLQUIST_X, 1.0), std::exp(-1.0), 1e-6);
  // s(1) = 2, so x solves x + exp(x) = 2.
  double x = simulate(loop, LOOP_GUID, LOOP_X, 1.0);
  EXPECT_NEAR(x + std::exp(x), 2.0, 1e-10);
}

TEST(SharedObject, AStateOfAnotherFmuIsRefusedNamingItsGuid) {
  LoadedFmu dahlquist(DAHLQUIST_FMU);
  LoadedFmu loop(ALGEBRAIC_LOOP_FMU);
  ASSERT_NE(dahlquist.handle, nullptr);
  ASSERT_NE(loop.handle, nullptr);
  std::vector<std::string> messages;
  fmi2CallbackFunctions callbacks{recording_logger, nullptr, nullptr, nullptr, &messages};

  fmi2Component source = dahlquist.get<fmi2InstantiateTYPE>("fmi2Instantiate")(
      "source", fmi2CoSimulation, DAHLQUIST_GUID, nullptr, &callbacks, fmi2False, fmi2False);
  ASSERT_NE(source, nullptr);
  fmi2FMUstate state = nullptr;
  ASSERT_EQ(dahlquist.get<fmi2GetFMUstateTYPE>("fmi2GetFMUstate")(source, &state), fmi2OK);
  size_t size = 0;
  ASSERT_EQ(dahlquist.get<fmi2SerializedFMUstateSizeTYPE>("fmi2SerializedFMUstateSize")(
                source, state, &size),
            fmi2OK);
  std::vector<fmi2Byte> bytes(size);
  ASSERT_EQ(dahlquist.get<fmi2SerializeFMUstateTYPE>("fmi2SerializeFMUstate")(
                source, state, bytes.data(), bytes.size()),
            fmi2OK);

  fmi2Component target = loop.get<fmi2InstantiateTYPE>("fmi2Instantiate")(
      "target", fmi2CoSimulation, LOOP_GUID, nullptr, &callbacks, fmi2False, fmi2False);
  ASSERT_NE(target, nullptr);
  fmi2FMUstate foreign = nullptr;
  EXPECT_EQ(loop.get<fmi2DeSerializeFMUstateTYPE>("fmi2DeSerializeFMUstate")(
                target, bytes.data(), bytes.size(), &foreign),
            fmi2Error);
  EXPECT_EQ(foreign, nullptr);
  ASSERT_FALSE(messages.empty());
  EXPECT_NE(messages.back().find(std::string("belongs to the model with GUID '") +
                                 DAHLQUIST_GUID + "', not to this FMU's '" + LOOP_GUID + "'"),
            std::string::npos)
      << messages.back();
  // Nor does the other FMU accept the state object itself.
  EXPECT_EQ(loop.get<fmi2SetFMUstateTYPE>("fmi2SetFMUstate")(target, state), fmi2Error);

  EXPECT_EQ(dahlquist.get<fmi2FreeFMUstateTYPE>("fmi2FreeFMUstate")(source, &state), fmi2OK);
  loop.get<fmi2FreeInstanceTYPE>("fmi2FreeInstance")(target);
  dahlquist.get<fmi2FreeInstanceTYPE>("fmi2FreeInstance")(source);
}

}  // namespace
}  // namespace smc::runtime_test
