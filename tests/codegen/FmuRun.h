// Drives one Co-Simulation instance of a written FMU through the FMI 2.0 C
// API: extracts the shared object, dlopens it, instantiates with the GUID
// from the FMU's modelDescription.xml, and reads and writes variables by
// name.
#pragma once

#include "FmuFiles.h"

#include <memory>

namespace smc::codegen::testing {

class FmuRun {
public:
  // loggingOn: every log category (warnings included) reaches log();
  // otherwise only errors do.
  FmuRun(const std::string& fmuPath, const std::string& modelIdentifier,
         const std::string& scratchDirectory, bool loggingOn = false);
  ~FmuRun();
  FmuRun(const FmuRun&) = delete;
  FmuRun& operator=(const FmuRun&) = delete;

  // Empty when the FMU loaded and instantiated.
  const std::string& error() const { return error_; }
  std::string log() const;

  // SetupExperiment (the model's default tolerance) and both init modes.
  fmi2Status initialize(double startTime = 0.0);
  fmi2Status step(double h);
  double time() const { return time_; }

  double real(const std::string& name);
  int integer(const std::string& name);
  bool boolean(const std::string& name);
  std::string string(const std::string& name);
  fmi2Status setReal(const std::string& name, double value);
  fmi2Status setInteger(const std::string& name, int value);
  fmi2Status setString(const std::string& name, const std::string& value);

private:
  fmi2ValueReference ref(const std::string& name);

  std::unique_ptr<LoadedFmu> fmu_;
  std::map<std::string, fmi2ValueReference> refs_;
  std::vector<std::string> messages_;
  fmi2Component component_ = nullptr;
  double time_ = 0;
  std::string error_;
};

}  // namespace smc::codegen::testing
