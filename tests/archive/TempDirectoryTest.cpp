// Temporary directories: private, gone with their owner, and all of them
// removable at once (what an interrupted smc does before it dies).
#include "archive/TempDirectory.h"

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
