// One reader, one verdict: every FMU that `smc check` refuses is refused
// by the commands that run FMUs, for the same reason (the rule name), and
// what check accepts they run. Each FMU is the importer tests' Decay with
// one hostile change, written byte by byte.
#include "TestFmu.h"
#include "support/Command.h"
#include "support/RawZip.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

namespace smc::check::test {
namespace {

using importer::test::DecayPackage;
using importer::test::readFile;
using importer::test::replaced;
using importer::test::Scratch;
using smc::test::CommandOutcome;
using smc::test::RawZipEntry;
using smc::test::runCommand;

struct HostileFmu {
  std::string name;
  std::vector<RawZipEntry> entries;
  std::string rule;  // what check and simulate both name
};

std::string description() { return DecayPackage{}.modelDescription; }
std::string library() { return readFile(DECAY_LIBRARY); }

std::string utf16(const std::string& ascii) {
  std::string out = "\xff\xfe";
  for (char c : ascii) {
    out += c;
    out += '\0';
  }
  return out;
}

std::vector<HostileFmu> hostileFmus() {
  const std::string md = description();
  const std::string so = library();
  const std::string binary = "binaries/linux64/Decay.so";
  std::string deep;
  for (int i = 0; i < 70; ++i) deep += "d/";
  return {
      {"second binary", {{"modelDescription.xml", md}, {binary, so}, {binary, "#!/bin/sh\n"}},
       "archive-duplicate-entry"},
      {"second description in another case",
       {{"modelDescription.xml", md}, {"ModelDescription.xml", "<x/>"}, {binary, so}},
       "archive-duplicate-entry"},
      {"symbolic link folder",
       {{"modelDescription.xml", md}, {"binaries", "/usr/lib", false, S_IFLNK | 0777}, {binary, so}},
       "archive-entry-type"},
      {"file where a folder is needed",
       {{"modelDescription.xml", md}, {"binaries", "x"}, {binary, so}},
       "archive-entry-conflict"},
      {"over-long name",
       {{"modelDescription.xml", md}, {binary, so}, {"resources/" + std::string(300, 'n'), "x"}},
       "archive-entry-path"},
      {"very deep folder", {{"modelDescription.xml", md}, {binary, so}, {deep + "f", "x"}},
       "archive-entry-path"},
      {"archive bomb",
       {{"modelDescription.xml", md}, {binary, so}, {"resources/zeros", std::string(8u << 20, '\0'), true}},
       "archive-limit"},
      {"UTF-16 description",
       {{"modelDescription.xml", utf16(replaced(md, "encoding=\"UTF-8\"", "encoding=\"UTF-16\""))},
        {binary, so}},
       "xml-well-formed"},
      {"NaN start value",
       {{"modelDescription.xml", replaced(md, "<Real start=\"2\"/>", "<Real start=\"NaN\"/>")},
        {binary, so}},
       "start-not-a-number"},
      {"start value strtod reads but xs:double does not",
       {{"modelDescription.xml", replaced(md, "<Real start=\"2\"/>", "<Real start=\"nan\"/>")},
        {binary, so}},
       ""},
      {"bad numberOfEventIndicators",
       {{"modelDescription.xml",
         replaced(md, "numberOfEventIndicators=\"0\"", "numberOfEventIndicators=\"-1\"")},
        {binary, so}},
       ""},
      {"truncated binary", {{"modelDescription.xml", md}, {binary, so.substr(0, so.size() / 3)}},
       "binary-structure"},
  };
}

CommandOutcome smc(const std::string& arguments) {
  return runCommand(std::string(SMC_EXECUTABLE) + " " + arguments + " 2>&1");
}

TEST(OneVerdict, WhatCheckRefusesNoCommandRuns) {
  Scratch scratch;
  for (const HostileFmu& hostile : hostileFmus()) {
    SCOPED_TRACE(hostile.name);
    std::filesystem::path fmu = scratch.path() / "Decay.fmu";
    smc::test::writeRawZip(fmu, hostile.entries);
    CommandOutcome checked = smc("check " + fmu.string());
    EXPECT_NE(checked.status, 0) << checked.output;
    CommandOutcome simulated = smc("simulate " + fmu.string());
    EXPECT_EQ(simulated.status, 1) << simulated.output;
    if (!hostile.rule.empty()) {
      std::string rule = "[" + hostile.rule + "]";
      EXPECT_NE(checked.output.find(rule), std::string::npos) << checked.output;
      EXPECT_NE(simulated.output.find(rule), std::string::npos) << simulated.output;
    }
    EXPECT_EQ(simulated.output.find("smc-fmu-"), std::string::npos)
        << "a message names a temporary folder: " << simulated.output;
  }
}

TEST(OneVerdict, EveryCommandThatRunsAnFmuRefusesWhatCheckRefuses) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "Decay.fmu";
  smc::test::writeRawZip(fmu, hostileFmus().front().entries);
  for (const std::string& command :
       {"simulate " + fmu.string(), "verify-state " + fmu.string(),
        "explore " + fmu.string() + " --input k=1,2 --period 0.5 --depth 1"}) {
    CommandOutcome outcome = smc(command);
    EXPECT_NE(outcome.status, 0) << command << "\n" << outcome.output;
    EXPECT_NE(outcome.output.find("[archive-duplicate-entry]"), std::string::npos)
        << command << "\n" << outcome.output;
  }
}

TEST(OneVerdict, NoCheckRunsAnInvalidFmuButNeverAnUnsafeArchive) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "Decay.fmu";
  const std::string md = description();
  smc::test::writeRawZip(
      fmu, {{"modelDescription.xml", replaced(md, " generationTool=\"hand-written for smc's importer tests\"", "")},
            {"binaries/linux64/Decay.so", library()},
            {"documentation/", ""}});
  EXPECT_EQ(smc("check " + fmu.string()).status, 0);
  for (const HostileFmu& hostile : hostileFmus()) {
    if (hostile.rule.rfind("archive-", 0) != 0 && hostile.rule != "binary-structure") continue;
    SCOPED_TRACE(hostile.name);
    smc::test::writeRawZip(fmu, hostile.entries);
    CommandOutcome outcome = smc("simulate --no-check " + fmu.string());
    EXPECT_EQ(outcome.status, 1) << outcome.output;
  }
}

TEST(OneVerdict, ValidFmuIsCheckedAndRun) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "Decay.fmu";
  smc::test::writeRawZip(fmu, {{"modelDescription.xml", description()},
                              {"binaries/linux64/Decay.so", library()}});
  CommandOutcome checked = smc("check " + fmu.string());
  EXPECT_EQ(checked.status, 0) << checked.output;
  CommandOutcome simulated = smc("simulate " + fmu.string());
  EXPECT_EQ(simulated.status, 0) << simulated.output;
}

}  // namespace
}  // namespace smc::check::test
