// Whole-FMU checks on the importer tests' hand-written Decay FMU
// (tests/importer/fmus): the archive rules and the binary's exported
// functions. Decay's modelDescription.xml has <CoSimulation on line 12,
// column 3, and modelIdentifier on line 13, column 5.
#include "check/Check.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace smc::check::test {
namespace {

using importer::test::DecayPackage;
using importer::test::readFile;
using importer::test::replaced;
using importer::test::Scratch;
using importer::test::writeZip;

std::string describe(const CheckResult& result) {
  std::ostringstream out;
  printResult(result, out);
  return out.str();
}

const Problem* findProblem(const CheckResult& result, const std::string& rule) {
  for (const Problem& p : result.problems)
    if (p.rule == rule) return &p;
  return nullptr;
}

TEST(FmuCheck, AcceptsTheHandWrittenDecayFmu) {
  Scratch scratch;
  CheckResult result = checkFmu(scratch.packageDecay());
  EXPECT_TRUE(result.readable);
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
}

TEST(FmuCheck, EntryClimbingOutOfTheArchiveIsReported) {
  Scratch scratch;
  DecayPackage package;
  package.extraEntries.push_back({"resources/../../evil.txt", "x"});
  std::filesystem::path fmu = scratch.packageDecay(package);
  CheckResult result = checkFmu(fmu);
  const Problem* problem = findProblem(result, "archive-entry-path");
  ASSERT_NE(problem, nullptr) << describe(result);
  EXPECT_EQ(problem->file, fmu.string());
  EXPECT_EQ(problem->line, 0u);
  EXPECT_NE(problem->message.find("resources/../../evil.txt"), std::string::npos);
  EXPECT_EQ(result.errorCount(), 1u) << describe(result);
}

TEST(FmuCheck, AbsoluteEntryIsReported) {
  Scratch scratch;
  DecayPackage package;
  package.extraEntries.push_back({"/tmp/evil.txt", "x"});
  CheckResult result = checkFmu(scratch.packageDecay(package));
  EXPECT_TRUE(result.hasProblem("archive-entry-path")) << describe(result);
}

TEST(FmuCheck, ArchiveWithoutModelDescriptionIsInvalid) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "Empty.fmu";
  writeZip(fmu, {{"documentation/index.html", "<p>no model</p>"}});
  CheckResult result = checkFmu(fmu);
  EXPECT_TRUE(result.readable);
  EXPECT_TRUE(result.hasProblem("archive-model-description")) << describe(result);
  EXPECT_EQ(exitStatus({result}), 1);
}

TEST(FmuCheck, FileThatIsNotAZipCannotBeRead) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "Text.fmu";
  std::ofstream(fmu) << "just text\n";
  CheckResult result = checkFmu(fmu);
  EXPECT_FALSE(result.readable);
  EXPECT_TRUE(result.hasProblem("archive-unreadable"));
  EXPECT_EQ(exitStatus({result}), 2);
}

TEST(FmuCheck, MissingBinaryIsReportedAtTheModelIdentifier) {
  Scratch scratch;
  DecayPackage package;
  package.library.clear();
  CheckResult result = checkFmu(scratch.packageDecay(package));
  const Problem* problem = findProblem(result, "binary-missing");
  ASSERT_NE(problem, nullptr) << describe(result);
  EXPECT_EQ(problem->line, 13u);
  EXPECT_EQ(problem->column, 5u);
  EXPECT_EQ(result.errorCount(), 1u) << describe(result);
}

TEST(FmuCheck, BinaryThatIsNotAnObjectFileIsReported) {
  Scratch scratch;
  DecayPackage package;
  package.library.clear();
  package.extraEntries.push_back({"binaries/linux64/Decay.so", "#!/bin/sh\n"});
  CheckResult result = checkFmu(scratch.packageDecay(package));
  EXPECT_TRUE(result.hasProblem("binary-structure")) << describe(result);
}

TEST(FmuCheck, MissingCommonFunctionIsReportedByName) {
  Scratch scratch;
  DecayPackage package;
  package.library = DECAY_MISSING_FUNCTION_LIBRARY;
  CheckResult result = checkFmu(scratch.packageDecay(package));
  ASSERT_EQ(result.errorCount(), 1u) << describe(result);
  const Problem* problem = findProblem(result, "fmi-function-missing");
  ASSERT_NE(problem, nullptr);
  EXPECT_NE(problem->message.find("fmi2GetStringStatus"), std::string::npos);
  EXPECT_EQ(problem->line, 12u);
  EXPECT_EQ(problem->column, 3u);
}

TEST(FmuCheck, MissingModelExchangeFunctionsAreOnlyAWarningWithoutModelExchange) {
  Scratch scratch;
  DecayPackage package;
  package.library = DECAY_CS_ONLY_LIBRARY;
  CheckResult result = checkFmu(scratch.packageDecay(package));
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
  const Problem* problem = findProblem(result, "fmi-function-missing");
  ASSERT_NE(problem, nullptr);
  EXPECT_EQ(problem->severity, Severity::Warning);
}

TEST(FmuCheck, CapabilityFlagWithoutItsFunctionsIsReportedAtTheFlag) {
  Scratch scratch;
  DecayPackage package;
  package.library = NOT_AN_FMU_LIBRARY;
  // The flag goes first on line 13, before modelIdentifier (column 5).
  package.modelDescription = replaced(package.modelDescription, "modelIdentifier=\"Decay\"",
                                      "canGetAndSetFMUstate=\"true\" modelIdentifier=\"Decay\"");
  CheckResult result = checkFmu(scratch.packageDecay(package));
  const Problem* capability = findProblem(result, "capability-function");
  ASSERT_NE(capability, nullptr) << describe(result);
  EXPECT_EQ(capability->line, 13u);
  EXPECT_EQ(capability->column, 5u);
  for (const char* name : {"fmi2GetFMUstate", "fmi2SetFMUstate", "fmi2FreeFMUstate"}) {
    EXPECT_NE(capability->message.find(name), std::string::npos) << name;
  }
  // The other common and Co-Simulation functions are plainly missing:
  // 44 minus 10 Model Exchange ones minus the 3 above.
  const Problem* missing = findProblem(result, "fmi-function-missing");
  ASSERT_NE(missing, nullptr);
  EXPECT_EQ(missing->severity, Severity::Error);
  EXPECT_NE(missing->message.find("does not export 31 of"), std::string::npos) << missing->message;
  EXPECT_NE(missing->message.find("fmi2DoStep"), std::string::npos);
  EXPECT_EQ(missing->message.find("fmi2GetFMUstate"), std::string::npos);
  EXPECT_EQ(result.errorCount(), 2u) << describe(result);
}

TEST(FmuCheck, ReportEndsWithASummaryLine) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.packageDecay();
  CheckResult result = checkFmu(fmu);
  std::string text = describe(result);
  EXPECT_NE(text.find(fmu.string() + ": valid ("), std::string::npos) << text;
}

}  // namespace
}  // namespace smc::check::test
