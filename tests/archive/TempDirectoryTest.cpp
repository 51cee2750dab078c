// Temporary directories: private, gone with their owner, and all of them
// removable at once (what an interrupted smc does before it dies).
#include "archive/TempDirectory.h"
#include "archive/UnpackedArchive.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace smc::archive;

TEST(TempDirectory, IsRemovedWithEverythingInItWhenItsOwnerGoesAway) {
  std::filesystem::path path;
  {
    TempDirectory directory = std::move(TempDirectory::create("smc-temp-test-")).value();
    path = directory.path();
    std::filesystem::create_directories(path / "a/b");
    std::ofstream(path / "a/b/c") << "x";
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(TempDirectory, RemoveAllLiveRemovesEveryLiveDirectory) {
  TempDirectory first = std::move(TempDirectory::create("smc-temp-test-")).value();
  TempDirectory second = std::move(TempDirectory::create("smc-temp-test-")).value();
  std::ofstream(second.path() / "f") << "x";
  TempDirectory::removeAllLive();
  EXPECT_FALSE(std::filesystem::exists(first.path()));
  EXPECT_FALSE(std::filesystem::exists(second.path()));
}

// Another process of the host unpacked the archive: attaching reads that
// copy and leaves it to its owner.
TEST(UnpackedArchiveAttached, ReadsAnotherCopyAndNeverRemovesIt) {
  TempDirectory owner = std::move(TempDirectory::create("smc-temp-test-")).value();
  std::ofstream(owner.path() / "modelDescription.xml") << "x";
  {
    UnpackedArchive attached = UnpackedArchive::attach("model.fmu", owner.path());
    EXPECT_EQ(attached.root(), owner.path());
    EXPECT_TRUE(attached.entries().empty());
    EXPECT_EQ(attached.label(owner.path() / "modelDescription.xml"), "model.fmu/modelDescription.xml");
  }
  EXPECT_TRUE(std::filesystem::exists(owner.path() / "modelDescription.xml"));
}
