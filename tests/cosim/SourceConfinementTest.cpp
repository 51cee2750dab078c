// The files an SSD names stay inside its .ssp, or inside the folder of a
// bare .ssd unless --allow-outside; a refusal never shows what an outside
// file holds.
#include "ssp/SourcePaths.h"
#include "ssp/SsdReader.h"
#include "ssp/SspArchive.h"

#include "TestFmu.h"
#include "support/RawZip.h"

#include <gtest/gtest.h>

#include <fstream>

namespace smc::ssp {
namespace {

using importer::test::Scratch;

std::string describe(const SsdReadResult& read) {
  std::string text;
  for (const check::Problem& p : read.problems) text += p.rule + ": " + p.message + "\n";
  return text;
}

std::string ssdWithSources(const std::string& component, const std::string& parameters = "") {
  std::string binding = parameters.empty()
                            ? ""
                            : "<ssd:ParameterBindings><ssd:ParameterBinding source='" +
                                  parameters + "'/></ssd:ParameterBindings>";
  return "<ssd:SystemStructureDescription version='1.0' name='S' "
         "xmlns:ssd='http://ssp-standard.org/SSP1/SystemStructureDescription'>"
         "<ssd:System name='R'><ssd:Elements><ssd:Component name='a' source='" +
         component + "'>" + binding +
         "</ssd:Component></ssd:Elements></ssd:System></ssd:SystemStructureDescription>";
}

// A file outside every confinement, with contents a message must not show.
std::filesystem::path secretFile(const Scratch& scratch) {
  std::filesystem::path secret = scratch.path() / "secret.ssv";
  std::ofstream(secret) << "root:x:0:0:SECRET-CONTENT\nline two\n";
  return secret;
}

SsdReadResult readSsp(const Scratch& scratch, const std::string& ssd) {
  std::filesystem::path ssp = scratch.path() / "system.ssp";
  test::writeRawZip(ssp, {{"SystemStructure.ssd", ssd}, {"resources/a.fmu", "x"}});
  importer::Result<SspArchive> archive = openSsp(ssp);
  EXPECT_TRUE(archive) << archive.error().message;
  return archive ? std::move(archive->description) : SsdReadResult{};
}

TEST(SourceConfinement, SspComponentInsideTheArchiveIsLabelledInsideIt) {
  Scratch scratch;
  SsdReadResult read = readSsp(scratch, ssdWithSources("resources/a.fmu"));
  ASSERT_TRUE(read.system) << describe(read);
  EXPECT_EQ(read.system->components[0].sourceLabel,
            (scratch.path() / "system.ssp").string() + "/resources/a.fmu");
}

TEST(SourceConfinement, SspSourcesOutsideTheArchiveAreRefused) {
  Scratch scratch;
  std::filesystem::path outside = scratch.packageDecay();
  for (const std::string& source : std::vector<std::string>{
           outside.string(), "../Decay.fmu", "resources/../../Decay.fmu", "file://" + outside.string(),
        "file:../Decay.fmu", "file://localhost" + outside.string(), "resources/%2e%2e/%2e%2e/Decay.fmu"}) {
    SsdReadResult read = readSsp(scratch, ssdWithSources(source));
    EXPECT_FALSE(read.system) << source;
    ASSERT_FALSE(read.problems.empty()) << source;
    EXPECT_EQ(read.problems[0].rule, "ssd-source-outside") << source << "\n" << describe(read);
    EXPECT_EQ(describe(read).find("--allow-outside"), std::string::npos) << describe(read);
  }
}

TEST(SourceConfinement, OtherHostsAndSchemesAreRefused) {
  Scratch scratch;
  for (const std::string source : {"file://server/share/a.fmu", "http://example.org/a.fmu"}) {
    SsdReadResult read = readSsp(scratch, ssdWithSources(source));
    ASSERT_FALSE(read.problems.empty()) << source;
    EXPECT_EQ(read.problems[0].rule, "ssd-source-outside") << source;
  }
}

TEST(SourceConfinement, SspParameterFileOutsideIsRefusedWithoutReadingIt) {
  Scratch scratch;
  std::filesystem::path secret = secretFile(scratch);
  for (const std::string& source : std::vector<std::string>{secret.string(), "../secret.ssv"}) {
    SsdReadResult read = readSsp(scratch, ssdWithSources("resources/a.fmu", source));
    std::string text = describe(read);
    EXPECT_NE(text.find("ssd-source-outside: parameter values:"), std::string::npos) << text;
    EXPECT_EQ(text.find("SECRET"), std::string::npos) << text;
    for (const check::Problem& p : read.problems) EXPECT_NE(p.file, secret.string()) << text;
  }
}

TEST(SourceConfinement, BareSsdMayNameFilesInItsFolderOnly) {
  Scratch scratch;
  std::filesystem::create_directories(scratch.path() / "system/fmus");
  std::ofstream(scratch.path() / "system/fmus/a.fmu") << "x";
  secretFile(scratch);
  auto read = [&](const std::string& ssd, bool allowOutside) {
    std::filesystem::path path = scratch.path() / "system/s.ssd";
    std::ofstream(path) << ssd;
    SsdReadOptions options;
    options.confinement.allowOutside = allowOutside;
    return readSsd(path, {}, options);
  };
  EXPECT_TRUE(read(ssdWithSources("fmus/a.fmu"), false).system);
  EXPECT_TRUE(read(ssdWithSources("file:fmus/a.fmu"), false).system);
  SsdReadResult absolute = read(ssdWithSources((scratch.path() / "system/fmus/a.fmu").string()), false);
  EXPECT_NE(describe(absolute).find("is an absolute path; the file must lie inside the folder of "
                                    "the SSD (--allow-outside allows it)"),
            std::string::npos)
      << describe(absolute);
  SsdReadResult climbing = read(ssdWithSources("fmus/a.fmu", "../secret.ssv"), false);
  EXPECT_NE(describe(climbing).find("'../secret.ssv' points outside the folder of the SSD"),
            std::string::npos)
      << describe(climbing);
  EXPECT_EQ(describe(climbing).find("SECRET"), std::string::npos);
  SsdReadResult allowed = read(ssdWithSources("../system/fmus/a.fmu", "../secret.ssv"), true);
  // Let out, the file is read: here it is no parameter set.
  EXPECT_NE(describe(allowed).find("ssd-well-formed"), std::string::npos) << describe(allowed);
}

TEST(SourceConfinement, SymbolicLinkOutOfTheFolderIsOutside) {
  Scratch scratch;
  std::filesystem::create_directories(scratch.path() / "system");
  std::filesystem::path secret = secretFile(scratch);
  std::filesystem::create_symlink(secret, scratch.path() / "system/p.ssv");
  std::filesystem::path path = scratch.path() / "system/s.ssd";
  std::ofstream(path) << ssdWithSources("a.fmu", "p.ssv");
  SsdReadResult read = readSsd(path);
  EXPECT_NE(describe(read).find("'p.ssv' points outside the folder of the SSD"), std::string::npos)
      << describe(read);
}

TEST(SourceConfinement, SspWithDuplicateEntriesIsRefused) {
  Scratch scratch;
  std::filesystem::path ssp = scratch.path() / "twice.ssp";
  test::writeRawZip(ssp, {{"SystemStructure.ssd", ssdWithSources("resources/a.fmu")},
                          {"resources/a.fmu", "checked"},
                          {"resources/A.fmu", "runs"}});
  importer::Result<SspArchive> archive = openSsp(ssp);
  ASSERT_FALSE(archive);
  EXPECT_NE(archive.error().message.find("unpack to the same file"), std::string::npos)
      << archive.error().message;
}

}  // namespace
}  // namespace smc::ssp
