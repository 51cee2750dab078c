// The CSV file and the terminal summary of a simulation.
#include "importer/Simulate.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

using namespace smc::importer;
using namespace smc::importer::test;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

std::vector<double> parseRow(const std::string& line) {
  std::vector<double> values;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) {
    values.push_back(std::strtod(field.c_str(), nullptr));
  }
  return values;
}

}  // namespace

TEST(ResultCsv, HeaderQuotesNamesAndNumbersUseShortestRoundTripForm) {
  SimulationResult result;
  result.columns = {"time", "x", "a[1,2]", "say \"hi\""};
  result.rows = {{0.0, 0.1, 1.0 / 3.0, 1e-300}, {0.5, -2.0, INFINITY, NAN}};
  std::ostringstream out;
  writeCsv(out, result);
  EXPECT_EQ(out.str(),
            "time,x,\"a[1,2]\",\"say \"\"hi\"\"\"\n"
            "0,0.1,0.3333333333333333,1e-300\n"
            "0.5,-2,inf,nan\n");
}

TEST(ResultCsv, SimulationWritesOneLinePerCommunicationPoint) {
  Scratch scratch;
  std::filesystem::path csv = scratch.path() / "out.csv";
  Result<SimulationResult> result =
      simulate({.fmuPath = scratch.packageDecay(), .csvPath = csv.string()});
  ASSERT_TRUE(result) << result.error().message;
  std::vector<std::string> text = lines(readFile(csv));
  ASSERT_EQ(text.size(), 22u);  // header + 21 points
  EXPECT_EQ(text[0], "time,x,steps,halved,labelLength");
  // t = 0: x = x0 = 2, no steps yet, not halved, strlen("decay") = 5.
  EXPECT_EQ(text[1], "0,2,0,0,5");
  EXPECT_EQ(text[21].substr(0, 2), "2,");
  for (std::size_t i = 1; i < text.size(); ++i) {
    EXPECT_EQ(parseRow(text[i]), result->rows[i - 1]) << "line " << i;  // lossless
  }
}

TEST(ResultCsv, UnwritablePathIsAnError) {
  Scratch scratch;
  Result<SimulationResult> result =
      simulate({.fmuPath = scratch.packageDecay(), .csvPath = "/nonexistent/dir/out.csv"});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message.rfind("cannot write '/nonexistent/dir/out.csv'", 0), 0u)
      << result.error().message;
}

TEST(Summary, ListsModelStepsFinalValuesAndWarnings) {
  SimulationResult result;
  result.modelName = "M";
  result.startTime = 0.0;
  result.stopTime = 1.0;
  result.stepCount = 10;
  result.wallSeconds = 0.25;
  result.columns = {"time", "x", "longName"};
  result.rows = {{0.0, 1.0, 0.0}, {1.0, 0.25, 3.0}};
  result.warnings = {"something odd"};
  std::ostringstream out;
  printSummary(out, result);
  EXPECT_EQ(out.str(),
            "M: simulated t=0 to t=1 in 10 steps (0.250 s wall time)\n"
            "  x        = 0.25\n"
            "  longName = 3\n"
            "warning: something odd\n");
}

TEST(Summary, LongColumnListsAreCut) {
  SimulationResult result;
  result.modelName = "M";
  result.columns = {"time"};
  result.rows = {{0.0}};
  for (int i = 0; i < 30; ++i) {
    result.columns.push_back("v" + std::to_string(i));
    result.rows[0].push_back(i);
  }
  std::ostringstream out;
  printSummary(out, result);
  std::vector<std::string> text = lines(out.str());
  ASSERT_EQ(text.size(), 1u + 25u + 1u);
  EXPECT_EQ(text[25], "  v24 = 24");
  EXPECT_EQ(text.back(), "  ... and 5 more columns");
}
