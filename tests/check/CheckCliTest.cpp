// `smc check` as a user runs it: the printed format and the exit status
// (0 valid, 1 invalid, 2 unreadable).
#include "TestFmu.h"
#include "support/Command.h"

#include <gtest/gtest.h>

#include <string>

namespace smc::check::test {
namespace {

using importer::test::DecayPackage;
using importer::test::replaced;
using importer::test::Scratch;
using smc::test::CommandOutcome;
using smc::test::runCommand;

std::string smcCheck(const std::string& arguments) {
  return std::string(SMC_EXECUTABLE) + " check " + arguments + " 2>&1";
}

TEST(CheckCli, ValidFmuExitsWithZero) {
  Scratch scratch;
  std::string fmu = scratch.packageDecay().string();
  CommandOutcome outcome = runCommand(smcCheck(fmu));
  EXPECT_EQ(outcome.status, 0) << outcome.output;
  EXPECT_NE(outcome.output.find(fmu + ": valid ("), std::string::npos) << outcome.output;
}

TEST(CheckCli, InvalidFmuExitsWithOneAndPrintsClangStyleLocations) {
  Scratch scratch;
  DecayPackage package;
  // Line 36 of Decay's description: k loses its start value; its <Real
  // element follows 17 blanks and `description="decay rate">`: column 43.
  package.modelDescription =
      replaced(package.modelDescription, "<Real start=\"0.5\" unit=\"1/s\"/>", "<Real unit=\"1/s\"/>");
  std::string fmu = scratch.packageDecay(package).string();
  CommandOutcome outcome = runCommand(smcCheck(fmu));
  EXPECT_EQ(outcome.status, 1) << outcome.output;
  EXPECT_NE(outcome.output.find(fmu + "/modelDescription.xml:36:43: error: variable 'k' needs a "
                                      "start value"),
            std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find("[start-required]"), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find(fmu + ": invalid (1 error, "), std::string::npos) << outcome.output;
}

TEST(CheckCli, MissingFileExitsWithTwo) {
  CommandOutcome outcome = runCommand(smcCheck("/nonexistent/Model.fmu"));
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  EXPECT_NE(outcome.output.find("/nonexistent/Model.fmu: cannot be read"), std::string::npos)
      << outcome.output;
}

TEST(CheckCli, OneInvalidFmuAmongSeveralMakesTheRunInvalid) {
  Scratch scratch;
  std::string good = scratch.packageDecay({}, "Good.fmu").string();
  DecayPackage broken;
  broken.library.clear();
  std::string bad = scratch.packageDecay(broken, "Bad.fmu").string();
  CommandOutcome outcome = runCommand(smcCheck(good + " " + bad));
  EXPECT_EQ(outcome.status, 1) << outcome.output;
  EXPECT_NE(outcome.output.find(good + ": valid"), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find(bad + ": invalid"), std::string::npos) << outcome.output;
}

TEST(CheckCli, NoFmuIsAUsageError) {
  CommandOutcome outcome = runCommand(smcCheck(""));
  EXPECT_NE(outcome.status, 0) << outcome.output;
}

}  // namespace
}  // namespace smc::check::test
