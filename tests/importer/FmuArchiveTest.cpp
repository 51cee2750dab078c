// Unpacking an FMU: a fresh directory that goes away with the archive,
// zip-slip entries refused, clear errors for files that are not FMUs.
#include "importer/FmuArchive.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace smc::importer;
using namespace smc::importer::test;

namespace {
std::string errorOf(const std::filesystem::path& fmu) {
  Result<FmuArchive> archive = FmuArchive::extract(fmu);
  EXPECT_FALSE(archive) << "extraction was expected to fail";
  return archive ? std::string() : archive.error().message;
}
}  // namespace

TEST(FmuArchive, UnpacksEveryEntryAndRemovesThemOnDestruction) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "a.fmu";
  writeZip(fmu, {{"modelDescription.xml", "<x/>"},
                 {"resources/", ""},
                 {"resources/data/table.txt", "1 2 3"}});
  std::filesystem::path root;
  {
    Result<FmuArchive> archive = FmuArchive::extract(fmu);
    ASSERT_TRUE(archive) << archive.error().message;
    root = archive->root();
    EXPECT_EQ(readFile(archive->modelDescriptionPath()), "<x/>");
    EXPECT_EQ(readFile(root / "resources" / "data" / "table.txt"), "1 2 3");
    EXPECT_EQ(archive->binaryPath("M"), root / "binaries" / "linux64" / "M.so");
    EXPECT_TRUE(std::filesystem::is_directory(root));
  }
  EXPECT_FALSE(std::filesystem::exists(root));
}

TEST(FmuArchive, EachExtractionGetsItsOwnDirectoryUnderTmpdir) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "a.fmu";
  writeZip(fmu, {{"modelDescription.xml", "<x/>"}});
  Result<FmuArchive> first = FmuArchive::extract(fmu);
  Result<FmuArchive> second = FmuArchive::extract(fmu);
  ASSERT_TRUE(first && second);
  EXPECT_NE(first->root(), second->root());
}

TEST(FmuArchive, ResourcesUriIsAFileUriEndingInSlash) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "a.fmu";
  writeZip(fmu, {{"modelDescription.xml", "<x/>"}});
  Result<FmuArchive> archive = FmuArchive::extract(fmu);
  ASSERT_TRUE(archive);
  EXPECT_EQ(archive->resourcesUri(), "file://" + archive->root().string() + "/resources/");
}

TEST(FmuArchive, FileUriPercentEncodesReservedCharacters) {
  EXPECT_EQ(fileUri("/tmp/my dir/a#b%"), "file:///tmp/my%20dir/a%23b%25");
}

TEST(FmuArchive, ParentDirectoryEntryIsRefusedAndNothingEscapes) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "evil.fmu";
  writeZip(fmu, {{"modelDescription.xml", "<x/>"}, {"resources/../../evil.txt", "gotcha"}});
  std::string message = errorOf(fmu);
  EXPECT_NE(message.find("entry 'resources/../../evil.txt' cannot be unpacked safely"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("'..'"), std::string::npos) << message;
  EXPECT_FALSE(std::filesystem::exists(scratch.path() / "evil.txt"));
}

TEST(FmuArchive, AbsoluteEntryIsRefused) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "evil.fmu";
  std::filesystem::path target = scratch.path() / "absolute.txt";
  writeZip(fmu, {{"modelDescription.xml", "<x/>"}, {target.string(), "gotcha"}});
  std::string message = errorOf(fmu);
  EXPECT_NE(message.find("absolute path"), std::string::npos) << message;
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST(FmuArchive, FileThatIsNotAZipIsNamedAsSuch) {
  Scratch scratch;
  std::filesystem::path notZip = scratch.path() / "model.fmu";
  std::ofstream(notZip) << "this is plain text";
  std::string message = errorOf(notZip);
  EXPECT_NE(message.find("is not a zip archive"), std::string::npos) << message;
}

TEST(FmuArchive, MissingFileIsNamed) {
  std::string message = errorOf("/nonexistent/model.fmu");
  EXPECT_EQ(message, "cannot open '/nonexistent/model.fmu': no such file");
}

TEST(FmuArchive, DirectoryIsNotAnFmu) {
  Scratch scratch;
  std::string message = errorOf(scratch.path());
  EXPECT_NE(message.find("is a directory"), std::string::npos) << message;
}

TEST(FmuArchive, MissingModelDescriptionIsNamed) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "empty.fmu";
  writeZip(fmu, {{"documentation/index.html", "<html/>"}});
  std::string message = errorOf(fmu);
  EXPECT_NE(message.find("modelDescription.xml missing"), std::string::npos) << message;
}

TEST(FmuArchive, ModelDescriptionInASubfolderDoesNotCount) {
  Scratch scratch;
  std::filesystem::path fmu = scratch.path() / "nested.fmu";
  writeZip(fmu, {{"Decay/modelDescription.xml", "<x/>"}});
  std::string message = errorOf(fmu);
  EXPECT_NE(message.find("modelDescription.xml missing"), std::string::npos) << message;
}
