// Helpers for end-to-end tests: compile a model to an FMU in-process and
// run it through our importer.
#pragma once

#include "driver/Compile.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/Simulate.h"

#include <memory>
#include <optional>

#include <functional>

#include <string>

namespace smc::test {

// Compiles `modelPath` into `fmuName` in a per-process scratch directory;
// a failed compile is a test failure that prints the diagnostics.
// `adjust` may change the compile options first.
std::string compileModel(const std::string& modelPath, const std::string& fmuName,
                         const std::function<void(CompileOptions&)>& adjust = {});
// The same, linked with the static runtime `runtimeArchive` instead of the
// installed one.
std::string compileModelWithRuntime(const std::string& modelPath, const std::string& fmuName,
                                    const std::string& runtimeArchive);
// Compiles into `fmuName` like compileModel; returns the warnings printed.
std::string compileWithWarnings(const std::string& modelPath, const std::string& fmuName,
                                const std::function<void(CompileOptions&)>& adjust = {});
// Compiles and returns the diagnostics (empty when it succeeded).
std::string compileErrors(const std::string& modelPath, const std::function<void(CompileOptions&)>& adjust = {});

// Options to simulate `fmu` from 0 to `stop` with communication step
// `step`, recording the outputs, or every variable when `allVariables`.
importer::SimulateOptions simulationOf(const std::string& fmu, double stop, double step,
                                       bool allVariables = false);

// Runs the FMU; a failure is a test failure with the importer's message.
// The FMU's log goes to options.logSink if set, else nowhere.
importer::SimulationResult simulateOk(importer::SimulateOptions options);
// Runs the FMU expecting failure; returns the importer's error message.
std::string simulateError(importer::SimulateOptions options);

// An FMU unpacked and loaded, for tests that drive instances themselves.
struct LoadedFmu {
  importer::FmuArchive archive;
  importer::ModelDescription md;
  std::unique_ptr<importer::Fmu> fmu;
};
// A test failure and empty when the FMU does not unpack or load.
std::optional<LoadedFmu> loadFmu(const std::string& fmuPath);

// An instance of the loaded FMU that logs nowhere (a test failure and
// null when it cannot be made).
std::unique_ptr<importer::FmuInstance> started(const LoadedFmu& loaded, const char* name);
// The Real `name` of the instance now.
double realOf(importer::FmuInstance& instance, const importer::ModelDescription& md, const std::string& name,
              double time);
// The Integer `name` of the instance now.
int integerOf(importer::FmuInstance& instance, const importer::ModelDescription& md, const std::string& name,
              double time);
// fmi2DoStep from `from` to `to` in steps of at most 0.1.
void stepTo(importer::FmuInstance& instance, double from, double to);

int columnOf(const importer::SimulationResult& result, const std::string& name);
// The recorded value of `name` at the row of time `time` (a test failure
// and NaN when no row has that time).
double valueAt(const importer::SimulationResult& result, const std::string& name, double time);

// Writes `text` to `fileName` (which may name subdirectories) in the
// scratch directory; returns its path.
std::string writeScratchModel(const std::string& fileName, const std::string& text);

std::string sharedModel(const std::string& relative);
std::string example(const std::string& name);

// Simulates a shared model on its expectation's time grid and compares
// every expected column at every row within absTol + relTol * |expected|.
void expectMatchesSharedModel(const std::string& name, double relTol, double absTol);

}  // namespace smc::test
