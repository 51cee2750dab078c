// An FMU's shared library, loaded with dlopen(RTLD_LOCAL | RTLD_NOW) so
// that the fmi2* symbols of several FMUs never mix, with its FMI 2.0
// functions looked up by name.
//
// Which functions must exist: FMI 2.0 defines 44 functions in three groups
// (common, Model Exchange, Co-Simulation). An FMU exports every function of
// the interfaces it declares, even those that only return fmi2Error (such as
// fmi2GetFMUstate when canGetAndSetFMUstate is false). A missing common or
// Co-Simulation function is therefore an error that names it. The ten Model
// Exchange functions belong to an interface this importer never calls and
// that a Co-Simulation-only FMU does not declare, so their absence is only
// recorded (importers such as FMPy likewise bind them only for Model
// Exchange).
#pragma once

#include "importer/Fmi2Api.h"
#include "importer/Result.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace smc::importer {

class FmuArchive;
struct ModelDescription;

// The functions the importer calls.
struct Fmi2Functions {
  fmi2::GetTypesPlatformFn getTypesPlatform = nullptr;
  fmi2::GetVersionFn getVersion = nullptr;
  fmi2::InstantiateFn instantiate = nullptr;
  fmi2::FreeInstanceFn freeInstance = nullptr;
  fmi2::SetupExperimentFn setupExperiment = nullptr;
  fmi2::ModeChangeFn enterInitializationMode = nullptr;
  fmi2::ModeChangeFn exitInitializationMode = nullptr;
  fmi2::ModeChangeFn terminate = nullptr;
  fmi2::ModeChangeFn reset = nullptr;
  fmi2::GetRealFn getReal = nullptr;
  fmi2::GetIntegerFn getInteger = nullptr;
  fmi2::GetBooleanFn getBoolean = nullptr;
  fmi2::SetRealFn setReal = nullptr;
  fmi2::SetIntegerFn setInteger = nullptr;
  fmi2::SetBooleanFn setBoolean = nullptr;
  fmi2::SetStringFn setString = nullptr;
  fmi2::DoStepFn doStep = nullptr;
  fmi2::GetRealStatusFn getRealStatus = nullptr;
  fmi2::GetBooleanStatusFn getBooleanStatus = nullptr;
  fmi2::GetFMUstateFn getFMUstate = nullptr;
  fmi2::SetFMUstateFn setFMUstate = nullptr;
  fmi2::FreeFMUstateFn freeFMUstate = nullptr;
  fmi2::SerializedFMUstateSizeFn serializedFMUstateSize = nullptr;
  fmi2::SerializeFMUstateFn serializeFMUstate = nullptr;
  fmi2::DeSerializeFMUstateFn deSerializeFMUstate = nullptr;
  // Not FMI: only FMUs made by smc export it; null for the others.
  fmi2::ObserveEventsFn observeEvents = nullptr;
};

class Fmu {
public:
  // Loads binaries/linux64/<modelIdentifier>.so of an unpacked FMU.
  static Result<std::unique_ptr<Fmu>> load(const FmuArchive& archive,
                                           const ModelDescription& description);
  // Loads a shared library directly; checks its layout (check/ElfLayout.h)
  // before dlopen, then exports, version and platform.
  static Result<std::unique_ptr<Fmu>> loadLibrary(const std::filesystem::path& library);

  Fmu(const Fmu&) = delete;
  Fmu& operator=(const Fmu&) = delete;
  ~Fmu();  // dlclose: every instance must be freed before

  const Fmi2Functions& functions() const { return functions_; }
  const std::filesystem::path& libraryPath() const { return libraryPath_; }
  const std::vector<std::string>& missingModelExchangeFunctions() const {
    return missingModelExchange_;
  }

private:
  // `label` names the library in messages; `withoutTemporaryPaths` cleans
  // dlerror()'s text of the unpacked FMU's temporary path.
  static Result<std::unique_ptr<Fmu>> loadLibrary(
      const std::filesystem::path& library, const std::string& label,
      const std::function<std::string(std::string)>& withoutTemporaryPaths);
  Fmu(void* handle, std::filesystem::path libraryPath)
      : handle_(handle), libraryPath_(std::move(libraryPath)) {}

  void* handle_;
  std::filesystem::path libraryPath_;
  Fmi2Functions functions_;
  std::vector<std::string> missingModelExchange_;
};

}  // namespace smc::importer
