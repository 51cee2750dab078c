// What `smc simulate` reports when the user or the FMU gets something wrong:
// one clear message, never a crash, and no half-finished results.
#include "importer/Simulate.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

using namespace smc::importer;
using namespace smc::importer::test;

namespace {

// Runs expecting failure; the FMU's own log lines are kept off stderr.
std::string errorOf(SimulateOptions options) {
  options.logSink = [](const LogMessage&) {};
  Result<SimulationResult> result = simulate(options);
  EXPECT_FALSE(result) << "the simulation was expected to fail";
  return result ? std::string() : result.error().message;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(SimulateErrors, UnknownSettingNameSuggestsCloseMatches) {
  Scratch scratch;
  EXPECT_EQ(errorOf({.fmuPath = scratch.packageDecay(), .settings = {{"kk", "1"}}}),
            "cannot set 'kk': no variable named 'kk' in model 'Decay'; did you mean 'k'?");
}

TEST(SimulateErrors, UnknownOutputNameSuggestsCloseMatches) {
  Scratch scratch;
  EXPECT_EQ(errorOf({.fmuPath = scratch.packageDecay(), .outputVariables = {"xx"}}),
            "cannot record 'xx': no variable named 'xx' in model 'Decay'; did you mean 'x' or "
            "'x0'?");
}

TEST(SimulateErrors, ComputedVariablesCannotBeSet) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  std::string output = errorOf({.fmuPath = fmu, .settings = {{"x", "1"}}});
  EXPECT_TRUE(contains(output, "cannot set 'x': it is computed by the FMU (causality=output, "
                               "variability=continuous, initial=calculated)"))
      << output;
  std::string calculated = errorOf({.fmuPath = fmu, .settings = {{"halfLife", "1"}}});
  EXPECT_TRUE(contains(calculated, "causality=calculatedParameter")) << calculated;
  std::string time = errorOf({.fmuPath = fmu, .settings = {{"time", "1"}}});
  EXPECT_TRUE(contains(time, "cannot set 'time': it is the independent variable")) << time;
}

TEST(SimulateErrors, SettingTextMustFitTheVariableType) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  EXPECT_EQ(errorOf({.fmuPath = fmu, .settings = {{"k", "fast"}}}),
            "cannot set 'k': 'fast' is not a Real number");
  EXPECT_EQ(errorOf({.fmuPath = fmu, .settings = {{"frozen", "yes"}}}),
            "cannot set 'frozen': 'yes' is not a Boolean (true, false, 1 or 0)");
  EXPECT_EQ(errorOf({.fmuPath = fmu, .settings = {{"failureMode", "1.5"}}}),
            "cannot set 'failureMode': '1.5' is not an Integer");
}

TEST(SimulateErrors, ValueRejectedByTheFmuNamesTheCallAndReason) {
  Scratch scratch;
  std::string message =
      errorOf({.fmuPath = scratch.packageDecay(), .settings = {{"failureMode", "7"}}});
  EXPECT_EQ(message,
            "cannot set 'failureMode': fmi2SetInteger returned fmi2Error at t=0: failureMode 7 "
            "is not an item of the enumeration");
}

TEST(SimulateErrors, StringVariablesCannotBeRecorded) {
  Scratch scratch;
  std::string message = errorOf({.fmuPath = scratch.packageDecay(), .outputVariables = {"label"}});
  EXPECT_TRUE(contains(message, "String variables have no numeric value")) << message;
}

TEST(SimulateErrors, DoStepErrorNamesTheCallTheTimeAndTheFmusReason) {
  Scratch scratch;
  // failureMode 3 = error: the step from 0.5 to 0.6 passes failureTime.
  std::string message =
      errorOf({.fmuPath = scratch.packageDecay(),
               .settings = {{"failureMode", "3"}, {"failureTime", "0.55"}}});
  EXPECT_EQ(message, "fmi2DoStep returned fmi2Error at t=0.5: failure requested at t=0.55");
}

TEST(SimulateErrors, DiscardedStepEndsTheRunEarlyWithAWarning) {
  Scratch scratch;
  SimulateOptions options{.fmuPath = scratch.packageDecay(),
                          .settings = {{"failureMode", "2"}, {"failureTime", "0.55"}}};
  std::vector<std::string> logged;
  options.logSink = [&](const LogMessage& m) { logged.emplace_back(m.message); };
  Result<SimulationResult> result = simulate(options);
  ASSERT_TRUE(result) << result.error().message;
  // Rows at 0, 0.1, ..., 0.5, then the FMU's last good point 0.55.
  ASSERT_EQ(result->rows.size(), 7u);
  EXPECT_EQ(result->stepCount, 5u);
  EXPECT_EQ(result->rows.back()[0], 0.55);
  EXPECT_NEAR(result->rows.back()[1], decayValue(2.0, 0.5, 0.55), 1e-15);
  EXPECT_EQ(result->stopTime, 0.55);
  ASSERT_EQ(result->warnings.size(), 1u);
  EXPECT_EQ(result->warnings[0],
            "fmi2DoStep returned fmi2Discard at t=0.5 (terminating at t=0.55 as requested): "
            "the FMU ended the simulation; results end at t=0.55");
  EXPECT_EQ(logged, std::vector<std::string>{"terminating at t=0.55 as requested"});
}

TEST(SimulateErrors, GuidMismatchFailsInstantiationWithTheFmusReason) {
  Scratch scratch;
  DecayPackage package;
  package.modelDescription = replaced(package.modelDescription, "{8c4e810f", "{00000000");
  std::string message = errorOf({.fmuPath = scratch.packageDecay(package)});
  EXPECT_TRUE(contains(message, "fmi2Instantiate failed for model 'Decay'")) << message;
  EXPECT_TRUE(contains(message, "does not match this binary's")) << message;
}

// Each of these FMUs is refused twice over: by the checks of `smc check`,
// which run first, and with --no-check by the importer's own.
constexpr LoadOptions kNoCheck{{}, false};

TEST(SimulateErrors, FmuWithoutBinaryIsRefusedByTheCheckAndByTheImporter) {
  Scratch scratch;
  DecayPackage package;
  package.library.clear();
  std::filesystem::path fmu = scratch.packageDecay(package);
  std::string checked = errorOf({.fmuPath = fmu});
  EXPECT_TRUE(contains(checked, "not running it (--no-check runs it anyway)")) << checked;
  EXPECT_TRUE(contains(checked, "[binary-missing]")) << checked;
  std::string message = errorOf({.fmuPath = fmu, .load = kNoCheck});
  EXPECT_TRUE(contains(message, "has no binary for this platform")) << message;
  EXPECT_TRUE(contains(message, "the FMU contains no binaries")) << message;
}

TEST(SimulateErrors, FmuWithoutModelDescriptionIsRefusedByTheCheckAndByTheImporter) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "NoDescription.fmu";
  writeZip(fmu, {{"binaries/linux64/Decay.so", readFile(DECAY_LIBRARY)}});
  std::string checked = errorOf({.fmuPath = fmu});
  EXPECT_TRUE(contains(checked, "[archive-model-description]")) << checked;
  std::string message = errorOf({.fmuPath = fmu, .load = kNoCheck});
  EXPECT_TRUE(contains(message, "modelDescription.xml missing")) << message;
}

TEST(SimulateErrors, BinaryMissingARequiredFunctionIsRefusedByTheCheckAndByTheImporter) {
  Scratch scratch;
  DecayPackage package;
  package.library = DECAY_MISSING_FUNCTION_LIBRARY;
  std::filesystem::path fmu = scratch.packageDecay(package);
  std::string checked = errorOf({.fmuPath = fmu});
  EXPECT_TRUE(contains(checked, "[fmi-function-missing]")) << checked;
  std::string message = errorOf({.fmuPath = fmu, .load = kNoCheck});
  EXPECT_TRUE(contains(message, "does not export fmi2GetStringStatus")) << message;
}

TEST(SimulateErrors, StartAfterStopIsRejected) {
  Scratch scratch;
  // DefaultExperiment stopTime is 2.
  EXPECT_EQ(errorOf({.fmuPath = scratch.packageDecay(), .startTime = 3.0}),
            "stop time 2 is before start time 3");
}

TEST(SimulateErrors, NonPositiveToleranceIsRejected) {
  Scratch scratch;
  EXPECT_EQ(errorOf({.fmuPath = scratch.packageDecay(), .tolerance = -1e-6}),
            "tolerance -1e-06 must be a positive number");
}
