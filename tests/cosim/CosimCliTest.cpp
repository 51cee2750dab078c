// `smc cosim` and `smc plot` as a user runs them: exit statuses (cosim: 0
// completed, 1 error state, 2 unusable description), the CSV and SVG files,
// and an .ssp archive giving the same result as its unpacked .ssd.
#include "TestFmu.h"
#include "support/Command.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

namespace smc::cosim {
namespace {

using smc::test::CommandOutcome;
using smc::test::runCommand;

std::string testSystem(const std::string& name) { return std::string(COSIM_DIR) + "/" + name; }

std::string smc(const std::string& arguments) {
  return std::string(SMC_EXECUTABLE) + " " + arguments + " 2>&1";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t lineCount(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(CosimCli, CompletedRunWritesTheChosenColumnsAndAPlot) {
  importer::test::Scratch scratch;
  std::string csv = (scratch.path() / "ring.csv").string();
  std::string svg = (scratch.path() / "ring.svg").string();
  CommandOutcome outcome = runCommand(smc("cosim " + testSystem("Oscillator.ssd") +
                                          " --master jacobi --step 0.1 --stop-time 1"
                                          " --output-variables B.y,A.y -o " + csv + " --plot " + svg));
  EXPECT_EQ(outcome.status, 0) << outcome.output;
  EXPECT_PRED2(contains, outcome.output, "completed: t=1 after 10 steps");
  std::string table = importer::test::readFile(csv);
  EXPECT_EQ(table.substr(0, table.find('\n')), "time,B.y,A.y");
  EXPECT_EQ(lineCount(table), 12u);  // header and t = 0, 0.1, ..., 1
  pugi::xml_document plot;
  ASSERT_TRUE(plot.load_file(svg.c_str())) << "the plot is not well-formed XML";
  EXPECT_PRED2(contains, importer::test::readFile(svg), ">A.y<");
}

TEST(CosimCli, SspArchiveRunsLikeItsSystemDescription) {
  importer::test::Scratch scratch;
  std::string ssp = (scratch.path() / "ring.ssp").string();
  importer::test::writeZip(
      ssp, {{"SystemStructure.ssd", importer::test::readFile(testSystem("Oscillator.ssd"))},
            {"B.ssv", importer::test::readFile(testSystem("B.ssv"))},
            {"fmus/Integrator.fmu", importer::test::readFile(testSystem("fmus/Integrator.fmu"))}});
  std::string fromSsd = (scratch.path() / "ssd.csv").string();
  std::string fromSsp = (scratch.path() / "ssp.csv").string();
  CommandOutcome ssdRun =
      runCommand(smc("cosim " + testSystem("Oscillator.ssd") + " --step 0.1 -o " + fromSsd));
  CommandOutcome sspRun = runCommand(smc("cosim " + ssp + " --step 0.1 -o " + fromSsp));
  ASSERT_EQ(ssdRun.status, 0) << ssdRun.output;
  ASSERT_EQ(sspRun.status, 0) << sspRun.output;
  EXPECT_EQ(importer::test::readFile(fromSsd), importer::test::readFile(fromSsp));
}

TEST(CosimCli, FailingFmuExitsWithOneAndKeepsTheRowsBeforeTheFailure) {
  importer::test::Scratch scratch;
  std::string csv = (scratch.path() / "fail.csv").string();
  CommandOutcome outcome =
      runCommand(smc("cosim " + testSystem("FailingMidRun.ssd") + " --step 0.1 -o " + csv));
  EXPECT_EQ(outcome.status, 1) << outcome.output;
  EXPECT_PRED2(contains, outcome.output,
               "smc cosim: error: simulation-error: component 'heater': fmi2DoStep returned "
               "fmi2Error at t=0.5");
  EXPECT_EQ(lineCount(importer::test::readFile(csv)), 7u);  // header and t = 0 .. 0.5
}

TEST(CosimCli, InconsistentSystemExitsWithOne) {
  CommandOutcome outcome = runCommand(smc("cosim " + testSystem("AlgebraicLoop.ssd")));
  EXPECT_EQ(outcome.status, 1) << outcome.output;
  EXPECT_PRED2(contains, outcome.output, "[algebraic-loop]");
  EXPECT_PRED2(contains, outcome.output, "initialization-error:");
}

TEST(CosimCli, UnreadableDescriptionExitsWithTwo) {
  CommandOutcome outcome = runCommand(smc("cosim " + testSystem("no-such.ssd")));
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  EXPECT_PRED2(contains, outcome.output, "smc cosim: error:");
}

TEST(CosimCli, UnknownMasterIsAUsageError) {
  CommandOutcome outcome = runCommand(smc("cosim " + testSystem("Oscillator.ssd") + " --master newton"));
  EXPECT_NE(outcome.status, 0);
  EXPECT_PRED2(contains, outcome.output, "--master");
}

// The README's two-FMU system: a room and a sampled state-machine
// thermostat switching at 19.5 and 20.5. With tau = 5 the room warms at
// most (40 - 19.5)/5 = 4.1 K/s and cools at most (20.5 - 10)/5 = 2.1 K/s;
// the thermostat reacts within two 0.1 s ticks, so once settled the
// temperature stays within about 0.9 K of the band.
TEST(CosimCli, ReadmeHeatedRoomKeepsTheTemperatureInItsBand) {
  importer::test::Scratch scratch;
  std::string examples = std::string(SMC_SOURCE_DIR) + "/examples/cosim/";
  for (const char* model : {"Room", "Thermostat"}) {
    CommandOutcome compiled = runCommand(smc(examples + model + ".mo -o " +
                                             (scratch.path() / (std::string(model) + ".fmu")).string()));
    ASSERT_EQ(compiled.status, 0) << compiled.output;
  }
  std::filesystem::copy_file(examples + "HeatedRoom.ssd", scratch.path() / "HeatedRoom.ssd");
  std::string csv = (scratch.path() / "room.csv").string();
  CommandOutcome outcome = runCommand(
      smc("cosim " + (scratch.path() / "HeatedRoom.ssd").string() + " --step 0.1 -o " + csv));
  ASSERT_EQ(outcome.status, 0) << outcome.output;
  std::stringstream table(importer::test::readFile(csv));
  std::string line;
  std::getline(table, line);
  ASSERT_EQ(line, "time,room.T,thermostat.heating");
  int switches = 0;
  double previousHeating = 1;
  while (std::getline(table, line)) {
    double t = 0, temperature = 0, heating = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "%lf,%lf,%lf", &t, &temperature, &heating), 3) << line;
    if (t >= 2) {
      EXPECT_GT(temperature, 18.74) << "t=" << t;
      EXPECT_LT(temperature, 22.06) << "t=" << t;
    }
    if (heating != previousHeating) ++switches;
    previousHeating = heating;
  }
  EXPECT_GE(switches, 8);  // a cycle takes well under 2.5 s
}

TEST(PlotCli, DrawsAResultCsv) {
  importer::test::Scratch scratch;
  std::string csv = (scratch.path() / "r.csv").string();
  ASSERT_EQ(runCommand(smc("cosim " + testSystem("ControlLoop.ssd") + " --step 0.1 -o " + csv)).status, 0);
  CommandOutcome outcome = runCommand(smc("plot " + csv + " --variables plant.y --title Loop"));
  EXPECT_EQ(outcome.status, 0) << outcome.output;
  std::string svg = importer::test::readFile(scratch.path() / "r.svg");
  EXPECT_PRED2(contains, svg, ">plant.y<");
  EXPECT_PRED2(contains, svg, ">Loop<");
  EXPECT_FALSE(contains(svg, ">controller.u<"));
}

TEST(PlotCli, UnknownVariableExitsWithOne) {
  importer::test::Scratch scratch;
  std::string csv = (scratch.path() / "r.csv").string();
  ASSERT_EQ(runCommand(smc("cosim " + testSystem("ControlLoop.ssd") + " --step 0.1 -o " + csv)).status, 0);
  CommandOutcome outcome = runCommand(smc("plot " + csv + " --variables plant.z"));
  EXPECT_EQ(outcome.status, 1) << outcome.output;
  EXPECT_PRED2(contains, outcome.output, "smc plot: error:");
}

}  // namespace
}  // namespace smc::cosim
