// Running the Decay FMU end to end and checking every row against the closed
// form x(t) = x0 * exp(-k t), with parameters changed through --set.
#include "importer/Simulate.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace smc::importer;
using namespace smc::importer::test;

namespace {

// Decay's start values, from its modelDescription.xml.
constexpr double kDefaultRate = 0.5;
constexpr double kDefaultX0 = 2.0;

SimulationResult simulateOk(const SimulateOptions& options) {
  Result<SimulationResult> result = simulate(options);
  EXPECT_TRUE(result) << result.error().message;
  return result ? std::move(result).value() : SimulationResult{};
}

std::size_t columnOf(const SimulationResult& result, const std::string& name) {
  for (std::size_t i = 0; i < result.columns.size(); ++i) {
    if (result.columns[i] == name) return i;
  }
  ADD_FAILURE() << "no column " << name;
  return 0;
}

void expectDecay(const SimulationResult& result, double x0, double k) {
  std::size_t x = columnOf(result, "x");
  for (const std::vector<double>& row : result.rows) {
    EXPECT_NEAR(row[x], decayValue(x0, k, row[0]), 1e-14 * x0) << "t=" << row[0];
  }
}

}  // namespace

TEST(Simulate, DefaultExperimentMatchesClosedFormAtEveryPoint) {
  Scratch scratch;
  SimulationResult result = simulateOk({.fmuPath = scratch.packageDecay()});
  // DefaultExperiment: 0 to 2 in steps of 0.1, so 20 steps and 21 rows.
  EXPECT_EQ(result.modelName, "Decay");
  EXPECT_EQ(result.stepCount, 20u);
  ASSERT_EQ(result.rows.size(), 21u);
  EXPECT_EQ(result.columns,
            (std::vector<std::string>{"time", "x", "steps", "halved", "labelLength"}));
  for (std::size_t k = 0; k < result.rows.size(); ++k) {
    EXPECT_EQ(result.rows[k][0], k == 20 ? 2.0 : static_cast<double>(k) * 0.1);
    EXPECT_EQ(result.rows[k][2], static_cast<double>(k));  // steps taken so far
  }
  expectDecay(result, kDefaultX0, kDefaultRate);
  EXPECT_TRUE(result.warnings.empty());
}

TEST(Simulate, BooleanAndIntegerOutputsAreRecordedAsNumbers) {
  Scratch scratch;
  SimulationResult result = simulateOk({.fmuPath = scratch.packageDecay()});
  // halved: x <= x0/2, i.e. t >= ln 2 / k = 1.386..., so from t = 1.4 on.
  std::size_t halved = columnOf(result, "halved");
  for (const std::vector<double>& row : result.rows) {
    EXPECT_EQ(row[halved], row[0] >= std::log(2.0) / kDefaultRate ? 1.0 : 0.0) << row[0];
  }
  EXPECT_EQ(result.rows.back()[columnOf(result, "labelLength")], 5.0);  // "decay"
}

TEST(Simulate, SettingParametersChangesTheResult) {
  Scratch scratch;
  SimulationResult result = simulateOk(
      {.fmuPath = scratch.packageDecay(), .settings = {{"k", "2"}, {"x0", "3.5"}}});
  ASSERT_EQ(result.rows.size(), 21u);
  expectDecay(result, 3.5, 2.0);
  EXPECT_NEAR(result.rows.back()[1], 3.5 * std::exp(-4.0), 1e-15);
}

TEST(Simulate, BooleanSettingAcceptsTrueAndOne) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  for (const char* text : {"true", "1"}) {
    SimulationResult result = simulateOk({.fmuPath = fmu, .settings = {{"frozen", text}}});
    for (const std::vector<double>& row : result.rows) EXPECT_EQ(row[1], kDefaultX0) << text;
  }
  for (const char* text : {"false", "0"}) {
    SimulationResult result = simulateOk({.fmuPath = fmu, .settings = {{"frozen", text}}});
    expectDecay(result, kDefaultX0, kDefaultRate);
  }
}

TEST(Simulate, StringSettingReachesTheFmu) {
  Scratch scratch;
  SimulationResult result =
      simulateOk({.fmuPath = scratch.packageDecay(), .settings = {{"label", "exponential"}}});
  EXPECT_EQ(result.rows.back()[columnOf(result, "labelLength")], 11.0);
}

TEST(Simulate, StopTimeAndStepSizeOptionsOverrideTheDefaultExperiment) {
  Scratch scratch;
  SimulationResult result = simulateOk(
      {.fmuPath = scratch.packageDecay(), .startTime = 0.5, .stopTime = 1.0, .stepSize = 0.25});
  ASSERT_EQ(result.rows.size(), 3u);
  EXPECT_EQ(result.rows[0][0], 0.5);
  EXPECT_EQ(result.rows[1][0], 0.75);
  EXPECT_EQ(result.rows[2][0], 1.0);
  // Decay measures t from its start time: x(0.5 + s) = x0 exp(-k s).
  EXPECT_NEAR(result.rows[2][1], decayValue(kDefaultX0, kDefaultRate, 0.5), 1e-15);
}

TEST(Simulate, LastPointIsExactlyTheStopTimeWhenTheStepDoesNotDivide) {
  Scratch scratch;
  SimulationResult result =
      simulateOk({.fmuPath = scratch.packageDecay(), .stopTime = 1.0, .stepSize = 0.3});
  // 0, 0.3, 0.6, 0.9 (= 3 * 0.3) and 1: four steps, the last one 0.1 long.
  ASSERT_EQ(result.rows.size(), 5u);
  EXPECT_EQ(result.stepCount, 4u);
  EXPECT_EQ(result.rows[3][0], 3 * 0.3);
  EXPECT_EQ(result.rows[4][0], 1.0);
  EXPECT_EQ(result.stopTime, 1.0);
  EXPECT_NEAR(result.rows[4][1], decayValue(kDefaultX0, kDefaultRate, 1.0), 1e-15);
  EXPECT_TRUE(result.warnings.empty());  // Decay accepts variable step sizes
}

TEST(Simulate, ManyStepsDoNotDriftPastTheStopTime) {
  Scratch scratch;
  // 0.1 is not a binary fraction: summing it 1000 times gives
  // 99.9999999999986, which would call for a 1001st step of 1.4e-12.
  SimulationResult result =
      simulateOk({.fmuPath = scratch.packageDecay(), .stopTime = 100.0, .stepSize = 0.1});
  ASSERT_EQ(result.rows.size(), 1001u);
  EXPECT_EQ(result.rows[500][0], 500 * 0.1);
  EXPECT_EQ(result.rows.back()[0], 100.0);
}

TEST(Simulate, WithoutAnyStepSizeTheIntervalIsSplitIn500) {
  Scratch scratch;
  DecayPackage package;
  package.modelDescription = replaced(package.modelDescription, "stepSize=\"0.1\"", "");
  SimulationResult result = simulateOk({.fmuPath = scratch.packageDecay(package)});
  ASSERT_EQ(result.rows.size(), 501u);
  EXPECT_EQ(result.rows[1][0], 2.0 / 500);
  EXPECT_EQ(result.rows.back()[0], 2.0);
}

TEST(Simulate, WithoutDefaultExperimentTheRunIsFromZeroToOne) {
  Scratch scratch;
  DecayPackage package;
  package.modelDescription = replaced(package.modelDescription,
                                      R"(<DefaultExperiment startTime="0" stopTime="2" stepSize="0.1"/>)", "");
  SimulationResult result = simulateOk({.fmuPath = scratch.packageDecay(package)});
  ASSERT_EQ(result.rows.size(), 501u);
  EXPECT_EQ(result.rows.back()[0], 1.0);
}

TEST(Simulate, ChosenOutputVariablesBecomeTheColumns) {
  Scratch scratch;
  SimulationResult result = simulateOk({.fmuPath = scratch.packageDecay(),
                                        .settings = {{"k", "0.25"}},
                                        .outputVariables = {"der(x)", "halfLife", "k"}});
  EXPECT_EQ(result.columns, (std::vector<std::string>{"time", "der(x)", "halfLife", "k"}));
  for (const std::vector<double>& row : result.rows) {
    EXPECT_NEAR(row[1], -0.25 * decayValue(kDefaultX0, 0.25, row[0]), 1e-15);
    EXPECT_NEAR(row[2], std::log(2.0) / 0.25, 1e-15);
    EXPECT_EQ(row[3], 0.25);
  }
}

TEST(Simulate, AllVariablesRecordsEveryNumericVariable) {
  Scratch scratch;
  SimulationResult result = simulateOk({.fmuPath = scratch.packageDecay(), .allVariables = true});
  // 13 variables: the String "label" cannot be a column, and the FMU's
  // independent variable "time" is the time column already.
  EXPECT_EQ(result.columns,
            (std::vector<std::string>{"time", "x", "der(x)", "k", "x0", "halfLife",
                                      "failureTime", "failureMode", "steps", "halved",
                                      "frozen", "labelLength"}));
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_NE(result.warnings[0].find("label"), std::string::npos);
  const std::vector<double>& last = result.rows.back();
  EXPECT_EQ(last[7], 1.0);    // failureMode = none
  EXPECT_EQ(last[10], 0.0);   // frozen = false
  EXPECT_EQ(last[11], 5.0);   // labelLength of "decay"
  EXPECT_EQ(last[6], 1e300);  // failureTime start value
}

TEST(Simulate, UnpackedFilesAreRemovedAfterTheRun) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  std::filesystem::path tmp = scratch.path() / "tmp";
  std::filesystem::create_directory(tmp);
  const char* saved = std::getenv("TMPDIR");
  std::string previous = saved != nullptr ? saved : "";
  setenv("TMPDIR", tmp.c_str(), 1);
  Result<SimulationResult> result = simulate({.fmuPath = fmu});
  Result<SimulationResult> failed = simulate({.fmuPath = fmu, .settings = {{"nope", "1"}}});
  if (saved != nullptr) {
    setenv("TMPDIR", previous.c_str(), 1);
  } else {
    unsetenv("TMPDIR");
  }
  EXPECT_TRUE(result);
  EXPECT_FALSE(failed);
  EXPECT_TRUE(std::filesystem::is_empty(tmp));
}

TEST(Simulate, FmuLogMessagesReachTheSinkFormatted) {
  Scratch scratch;
  std::vector<std::string> lines;
  SimulateOptions options{.fmuPath = scratch.packageDecay(), .stopTime = 0.2};
  options.fmuLogging = true;
  options.logSink = [&](const LogMessage& m) {
    lines.push_back(std::string(m.instanceName) + "|" + fmi2::statusName(m.status) + "|" +
                    std::string(m.category) + "|" + std::string(m.message));
  };
  ASSERT_TRUE(simulate(options));
  ASSERT_EQ(lines.size(), 3u);  // instantiation and two steps
  EXPECT_EQ(lines[0].rfind("Decay|fmi2OK|logAll|instantiated Decay with resources at file://", 0),
            0u)
      << lines[0];
  EXPECT_EQ(lines[1], "Decay|fmi2OK|logAll|step 1 reached t=0.1");
  EXPECT_EQ(lines[2], "Decay|fmi2OK|logAll|step 2 reached t=0.2");
}
