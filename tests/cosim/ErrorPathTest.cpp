// Runs that go wrong end in the right lifecycle state, say which
// component, call and time failed, and free every instance they created.
// (The sanitizer build runs these tests too, so a leak or a use after
// free on these paths fails there; see scripts/run-sanitized-tests.sh.)
#include "CosimSupport.h"

#include <gtest/gtest.h>

#include <fstream>

namespace smc::cosim {
namespace {

using test::runSystem;
// gtest's predicate form prints both strings when it fails.
bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> statesOf(std::initializer_list<const char*> names) {
  return {names.begin(), names.end()};
}

TEST(ErrorPath, MissingFmuEndsInInitializationErrorBeforeLoadingAnything) {
  test::LoggedRun run = runSystem("MissingFmu.ssd", MasterAlgorithm::GaussSeidel, 0.1);
  EXPECT_EQ(run.report.phase, Phase::InitializationError);
  EXPECT_EQ(run.states(), statesOf({"configured", "initialization-error"}));
  EXPECT_TRUE(run.hasProblem("component-fmu")) << run.logText();
  EXPECT_PRED2(contains, run.logText(),
               "MissingFmu.ssd:8:7: error: component 'ghost': no FMU at 'fmus/DoesNotExist.fmu'");
  EXPECT_EQ(run.report.instancesCreated, 0u);
}

TEST(ErrorPath, MistypedConnectionIsLocatedAndNamesBothTypes) {
  test::LoggedRun run = runSystem("Mistyped.ssd", MasterAlgorithm::GaussSeidel, 0.1);
  EXPECT_EQ(run.report.phase, Phase::InitializationError);
  EXPECT_EQ(run.states(), statesOf({"configured", "initialization-error"}));
  EXPECT_PRED2(contains, run.logText(),
               "Mistyped.ssd:11:7: error: the connection joins Integer output 'counter.n' to Real "
               "input 'plant.u' [connection-type]");
  EXPECT_EQ(run.report.instancesCreated, 0u);
}

TEST(ErrorPath, AlgebraicLoopBetweenFeedthroughFmusIsRejected) {
  test::LoggedRun run = runSystem("AlgebraicLoop.ssd", MasterAlgorithm::Jacobi, 0.1);
  EXPECT_EQ(run.report.phase, Phase::InitializationError);
  EXPECT_TRUE(run.hasProblem("algebraic-loop")) << run.logText();
  EXPECT_PRED2(contains, run.logText(), "g1.y -> g2.u -> g2.y -> g1.u -> g1.y");
}

TEST(ErrorPath, FmuFailingMidRunEndsInSimulationErrorAndFreesEveryInstance) {
  CosimOptions options;
  options.systemPath = test::testFile("FailingMidRun.ssd").string();
  options.stepSize = 0.1;
  test::LoggedRun run = test::runLogged(options);
  EXPECT_EQ(run.report.phase, Phase::SimulationError);
  EXPECT_EQ(run.states(), statesOf({"configured", "initialized", "simulating", "simulation-error"}));
  // x = t passes 0.5 in the step from t=0.5 to t=0.6.
  EXPECT_PRED2(contains, run.report.error, "component 'heater': fmi2DoStep");
  EXPECT_PRED2(contains, run.report.error, "t=0.5");
  EXPECT_PRED2(contains, run.report.error, "temperature above the limit");
  EXPECT_EQ(run.report.instancesCreated, 2u);
  EXPECT_EQ(run.report.instancesFreed, 2u);
  // The rows up to the failure are kept: t = 0, 0.1, ..., 0.5.
  EXPECT_EQ(run.report.result.rows.size(), 6u);
}

TEST(ErrorPath, CompletedRunFreesEveryInstanceToo) {
  test::LoggedRun run = runSystem("ControlLoop.ssd", MasterAlgorithm::GaussSeidel, 0.1);
  EXPECT_EQ(run.report.phase, Phase::Completed);
  EXPECT_EQ(run.states(), statesOf({"configured", "initialized", "simulating", "completed"}));
  EXPECT_EQ(run.report.instancesCreated, 3u);
  EXPECT_EQ(run.report.instancesFreed, 3u);
}

TEST(ErrorPath, MalformedDescriptionNeverReachesConfigured) {
  std::filesystem::path ssd = test::testFile("malformed-for-test.ssd");
  std::ofstream(ssd) << "<ssd:SystemStructureDescription version='1.0' name='x'>\n<ssd:System";
  CosimOptions options;
  options.systemPath = ssd.string();
  test::LoggedRun run = test::runLogged(options);
  EXPECT_TRUE(run.report.configurationUnreadable);
  EXPECT_TRUE(run.states().empty()) << run.logText();
  EXPECT_TRUE(run.hasProblem("ssd-well-formed")) << run.logText();
}

TEST(ErrorPath, MissingDescriptionFileIsAnError) {
  CosimOptions options;
  options.systemPath = test::testFile("no-such-system.ssd").string();
  test::LoggedRun run = test::runLogged(options);
  EXPECT_TRUE(run.report.configurationUnreadable);
  EXPECT_TRUE(run.hasProblem("ssd-missing-file")) << run.logText();
}

TEST(ErrorPath, UnknownOutputVariableFailsBeforeLoading) {
  CosimOptions options;
  options.systemPath = test::testFile("ControlLoop.ssd").string();
  options.outputVariables = {"plant.yy"};
  test::LoggedRun run = test::runLogged(options);
  EXPECT_EQ(run.report.phase, Phase::InitializationError);
  EXPECT_PRED2(contains, run.report.error, "did you mean 'y'");
  EXPECT_EQ(run.report.instancesCreated, 0u);
}

}  // namespace
}  // namespace smc::cosim
