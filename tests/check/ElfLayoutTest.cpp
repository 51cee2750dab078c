// A shared object whose headers point past the end of the file is refused
// before anything maps it (dlopen of such a file dies of SIGBUS).
#include "check/Check.h"
#include "check/ElfLayout.h"
#include "importer/Fmu.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace smc;
using namespace smc::importer::test;

namespace {

std::string decayBytes() { return readFile(DECAY_LIBRARY); }

}  // namespace

TEST(ElfLayout, IntactSharedObjectPasses) {
  importer::Result<void> layout = check::checkElfLayout(decayBytes(), "Decay.so");
  EXPECT_TRUE(layout) << layout.error().message;
}

TEST(ElfLayout, SharedObjectCutToAThirdIsTruncated) {
  std::string bytes = decayBytes();
  bytes.resize(bytes.size() / 3);
  importer::Result<void> layout = check::checkElfLayout(bytes, "Decay.so");
  ASSERT_FALSE(layout);
  EXPECT_EQ(layout.error().message.find("Decay.so is truncated or corrupt"), 0u)
      << layout.error().message;
}

TEST(ElfLayout, HeaderAloneIsRefused) {
  std::string bytes = decayBytes().substr(0, 64);
  EXPECT_FALSE(check::checkElfLayout(bytes, "Decay.so"));
  EXPECT_FALSE(check::checkElfLayout("\x7f" "ELF", "Decay.so"));
  EXPECT_FALSE(check::checkElfLayout("#!/bin/sh\n", "Decay.so"));
}

TEST(ElfLayout, TruncatedBinaryIsNeverLoaded) {
  Scratch scratch;
  std::string bytes = decayBytes();
  std::filesystem::path cut = scratch.path() / "Cut.so";
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 3);
  importer::Result<std::unique_ptr<importer::Fmu>> fmu = importer::Fmu::loadLibrary(cut);
  ASSERT_FALSE(fmu);
  EXPECT_NE(fmu.error().message.find("is truncated or corrupt"), std::string::npos)
      << fmu.error().message;
}

TEST(ElfLayout, CheckReportsATruncatedBinary) {
  Scratch scratch;
  DecayPackage package;
  package.library.clear();
  std::string bytes = decayBytes();
  package.extraEntries.push_back({"binaries/linux64/Decay.so", bytes.substr(0, bytes.size() / 3)});
  check::CheckResult result = check::checkFmu(scratch.packageDecay(package));
  EXPECT_TRUE(result.hasProblem("binary-structure"));
}
