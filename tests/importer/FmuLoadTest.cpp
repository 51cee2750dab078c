// Loading an FMU binary: every required FMI function resolved by name, a
// missing one named, a missing or broken binary explained.
#include "importer/Fmu.h"

#include "importer/FmuArchive.h"
#include "importer/ModelDescription.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

using namespace smc::importer;
using namespace smc::importer::test;

TEST(FmuLoad, CompleteBinaryLoadsWithEveryCalledFunctionBound) {
  Result<std::unique_ptr<Fmu>> fmu = Fmu::loadLibrary(DECAY_LIBRARY);
  ASSERT_TRUE(fmu) << fmu.error().message;
  const Fmi2Functions& f = (*fmu)->functions();
  EXPECT_NE(f.instantiate, nullptr);
  EXPECT_NE(f.doStep, nullptr);
  EXPECT_NE(f.getBooleanStatus, nullptr);
  EXPECT_NE(f.setString, nullptr);
  EXPECT_STREQ(f.getVersion(), "2.0");
  EXPECT_TRUE((*fmu)->missingModelExchangeFunctions().empty());
}

TEST(FmuLoad, MissingCoSimulationFunctionIsNamed) {
  Result<std::unique_ptr<Fmu>> fmu = Fmu::loadLibrary(DECAY_MISSING_FUNCTION_LIBRARY);
  ASSERT_FALSE(fmu);
  const std::string& message = fmu.error().message;
  EXPECT_NE(message.find("does not export fmi2GetStringStatus"), std::string::npos) << message;
  EXPECT_NE(message.find("DecayMissingFunction.so"), std::string::npos) << message;
}

TEST(FmuLoad, CoSimulationOnlyBinaryMayLackModelExchangeFunctions) {
  Result<std::unique_ptr<Fmu>> fmu = Fmu::loadLibrary(DECAY_CS_ONLY_LIBRARY);
  ASSERT_TRUE(fmu) << fmu.error().message;
  const std::vector<std::string>& missing = (*fmu)->missingModelExchangeFunctions();
  EXPECT_EQ(missing.size(), 10u);
  EXPECT_NE(std::find(missing.begin(), missing.end(), "fmi2GetDerivatives"), missing.end());
}

TEST(FmuLoad, FileThatIsNotASharedObjectIsReported) {
  Scratch scratch;
  std::filesystem::path fake = scratch.path() / "Fake.so";
  std::ofstream(fake) << "not an ELF file";
  Result<std::unique_ptr<Fmu>> fmu = Fmu::loadLibrary(fake);
  ASSERT_FALSE(fmu);
  EXPECT_NE(fmu.error().message.find("the FMU binary '" + fake.string() + "' is not an ELF file"),
            std::string::npos)
      << fmu.error().message;
}

TEST(FmuLoad, MissingLinux64BinaryListsTheBinariesPresent) {
  Scratch scratch;
  DecayPackage package;
  package.binaryName = "binaries/win64/Decay.dll";
  Result<FmuArchive> archive = FmuArchive::extract(scratch.packageDecay(package));
  ASSERT_TRUE(archive) << archive.error().message;
  Result<ModelDescription> md = loadModelDescription(archive->modelDescriptionPath());
  ASSERT_TRUE(md) << md.error().message;
  Result<std::unique_ptr<Fmu>> fmu = Fmu::load(*archive, *md);
  ASSERT_FALSE(fmu);
  const std::string& message = fmu.error().message;
  EXPECT_NE(message.find("binaries/linux64/Decay.so is missing"), std::string::npos) << message;
  EXPECT_NE(message.find("binaries/win64/Decay.dll"), std::string::npos) << message;
}
