// Several FMUs and instances alive at once: each keeps its own state, and
// each instance's log messages reach only its own sink (the logger is routed
// through componentEnvironment, not global state).
#include "importer/Fmu.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

using namespace smc::importer;
using namespace smc::importer::test;

namespace {

struct Collected {
  std::vector<std::string> instanceNames;
  std::size_t count() const { return instanceNames.size(); }
};

LogSink collectInto(Collected& collected) {
  return [&collected](const LogMessage& m) {
    collected.instanceNames.emplace_back(m.instanceName);
  };
}

}  // namespace

TEST(Instances, TwoFmusAndThreeInstancesRunInterleaved) {
  Scratch scratch;
  std::filesystem::path path = scratch.packageDecay();
  Result<FmuArchive> firstArchive = FmuArchive::extract(path);
  Result<FmuArchive> secondArchive = FmuArchive::extract(path);
  ASSERT_TRUE(firstArchive && secondArchive);
  Result<ModelDescription> md = loadModelDescription(firstArchive->modelDescriptionPath());
  ASSERT_TRUE(md) << md.error().message;
  Result<std::unique_ptr<Fmu>> firstFmu = Fmu::load(*firstArchive, *md);
  Result<std::unique_ptr<Fmu>> secondFmu = Fmu::load(*secondArchive, *md);
  ASSERT_TRUE(firstFmu && secondFmu);
  EXPECT_NE((*firstFmu)->libraryPath(), (*secondFmu)->libraryPath());

  Collected logs[3];
  const char* names[3] = {"first", "second", "third"};
  const Fmu* owners[3] = {firstFmu->get(), secondFmu->get(), firstFmu->get()};
  const std::string uris[3] = {firstArchive->resourcesUri(), secondArchive->resourcesUri(),
                               firstArchive->resourcesUri()};
  const double rates[3] = {1.0, 2.0, 3.0};
  fmi2::ValueReference rate = md->find("k")->valueReference;
  fmi2::ValueReference x = md->find("x")->valueReference;

  std::unique_ptr<FmuInstance> instances[3];
  for (int i = 0; i < 3; ++i) {
    auto made = FmuInstance::instantiate(*owners[i], *md, uris[i],
                                         InstanceOptions{names[i], false, true, collectInto(logs[i])});
    ASSERT_TRUE(made) << made.error().message;
    instances[i] = std::move(made).value();
    ASSERT_TRUE(instances[i]->setupExperiment(std::nullopt, 0.0, 1.0));
    ASSERT_TRUE(instances[i]->setReal(rate, rates[i], 0.0));
    ASSERT_TRUE(instances[i]->enterInitializationMode(0.0));
    ASSERT_TRUE(instances[i]->exitInitializationMode(0.0));
  }
  for (int k = 0; k < 10; ++k) {
    for (auto& instance : instances) ASSERT_TRUE(instance->doStep(k * 0.1, 0.1));
  }
  for (int i = 0; i < 3; ++i) {
    double value = 0.0;
    ASSERT_TRUE(instances[i]->getReal({&x, 1}, {&value, 1}, 1.0));
    EXPECT_NEAR(value, decayValue(2.0, rates[i], 1.0), 1e-14) << names[i];
    // Instantiation and ten steps, all from this instance.
    EXPECT_EQ(logs[i].count(), 11u) << names[i];
    EXPECT_EQ(logs[i].instanceNames, std::vector<std::string>(logs[i].count(), names[i]));
  }
}

TEST(Instances, ErrorOfOneInstanceLeavesTheOtherRunning) {
  Scratch scratch;
  Result<FmuArchive> archive = FmuArchive::extract(scratch.packageDecay());
  ASSERT_TRUE(archive);
  Result<ModelDescription> md = loadModelDescription(archive->modelDescriptionPath());
  ASSERT_TRUE(md);
  Result<std::unique_ptr<Fmu>> fmu = Fmu::load(*archive, *md);
  ASSERT_TRUE(fmu);
  Collected quiet;
  auto good = FmuInstance::instantiate(**fmu, *md, archive->resourcesUri(),
                                       InstanceOptions{"good", false, false, collectInto(quiet)});
  auto bad = FmuInstance::instantiate(**fmu, *md, archive->resourcesUri(),
                                      InstanceOptions{"bad", false, false, collectInto(quiet)});
  ASSERT_TRUE(good && bad);
  for (auto* instance : {good->get(), bad->get()}) {
    ASSERT_TRUE(instance->setupExperiment(std::nullopt, 0.0, 1.0));
    ASSERT_TRUE(instance->enterInitializationMode(0.0));
    ASSERT_TRUE(instance->exitInitializationMode(0.0));
  }
  // A communication point that does not continue from t = 0 is an error.
  Result<fmi2::Status> wrong = (*bad)->doStep(0.5, 0.1);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().message,
            "fmi2DoStep returned fmi2Error at t=0.5: fmi2DoStep: the communication point does "
            "not continue from t=0");
  EXPECT_EQ(quiet.instanceNames, std::vector<std::string>{"bad"});
  EXPECT_TRUE((*good)->doStep(0.0, 0.1));
}
