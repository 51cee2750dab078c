// Test helpers around a written FMU: its zip entries (read with libzip), a
// fresh temporary directory per test, and loading the FMU's shared object
// with dlopen to drive it through the FMI 2.0 C API.
#pragma once

#include "fmi2/fmi2FunctionTypes.h"

#include <map>
#include <string>
#include <vector>

namespace smc::codegen::testing {

// A directory under the system temp directory, removed with its contents.
class ScratchDirectory {
public:
  ScratchDirectory();
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
  std::string path_;
};

std::string readFile(const std::string& path);

// Entry names in archive order, and one entry's contents; empty when the
// file is not a readable zip archive (or has no such entry).
std::vector<std::string> zipEntryNames(const std::string& zipPath);
std::string zipEntry(const std::string& zipPath, const std::string& name);

// Value references by variable name, read from modelDescription.xml text.
std::map<std::string, fmi2ValueReference> valueReferences(const std::string& modelDescription);

// A loaded FMU shared object and its fmi2 functions.
class LoadedFmu {
public:
  // Writes `sharedObject` to `path` and dlopens it; ok() tells.
  LoadedFmu(const std::string& sharedObject, const std::string& path);
  ~LoadedFmu();
  LoadedFmu(const LoadedFmu&) = delete;
  LoadedFmu& operator=(const LoadedFmu&) = delete;

  bool ok() const { return handle_ != nullptr; }
  const std::string& error() const { return error_; }

  fmi2InstantiateTYPE* instantiate = nullptr;
  fmi2FreeInstanceTYPE* freeInstance = nullptr;
  fmi2SetupExperimentTYPE* setupExperiment = nullptr;
  fmi2EnterInitializationModeTYPE* enterInitializationMode = nullptr;
  fmi2ExitInitializationModeTYPE* exitInitializationMode = nullptr;
  fmi2DoStepTYPE* doStep = nullptr;
  fmi2GetRealTYPE* getReal = nullptr;
  fmi2SetRealTYPE* setReal = nullptr;
  fmi2GetIntegerTYPE* getInteger = nullptr;
  fmi2SetIntegerTYPE* setInteger = nullptr;
  fmi2GetBooleanTYPE* getBoolean = nullptr;
  fmi2GetStringTYPE* getString = nullptr;
  fmi2SetStringTYPE* setString = nullptr;
  fmi2TerminateTYPE* terminate = nullptr;

private:
  void* handle_ = nullptr;
  std::string error_;
};

// Callbacks whose logger collects messages into `messages` (a global, as the
// logger has no user pointer besides the environment we pass).
const fmi2CallbackFunctions* testCallbacks(std::vector<std::string>* messages);

}  // namespace smc::codegen::testing
