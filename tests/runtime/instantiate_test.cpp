// fmi2Instantiate's checks (fmuType, GUID, callbacks, name), the inquiry
// functions, and memory: the importer's allocator is used and every block
// it handed out is given back by fmi2FreeInstance.
#include <gtest/gtest.h>

#include <cstring>

#include "dahlquist.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(Instantiate, ReportsTypesPlatformAndVersion) {
  EXPECT_STREQ(fmi2GetTypesPlatform(), "default");
  EXPECT_STREQ(fmi2GetVersion(), "2.0");
}

TEST(Instantiate, WrongGuidIsRefusedWithBothGuidsInTheMessage) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  fmi2Component c = fmi2Instantiate("wrong", fmi2CoSimulation, "{50%#other}", "", &callbacks,
                                    fmi2False, fmi2False);
  EXPECT_EQ(c, nullptr);
  // '%' and '#' reach the importer verbatim (escaped for its printf).
  EXPECT_TRUE(log.contains({"fmi2Instantiate", "'{50%#other}'", smc_model.guid})) << log.dump();
  ASSERT_FALSE(log.records.empty());
  EXPECT_EQ(log.records[0].instance, "wrong");
  EXPECT_EQ(log.records[0].status, fmi2Error);
}

TEST(Instantiate, ModelExchangeIsRefused) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  EXPECT_EQ(fmi2Instantiate("me", fmi2ModelExchange, smc_model.guid, "", &callbacks, fmi2False,
                            fmi2False),
            nullptr);
  EXPECT_TRUE(log.contains({"fmi2Instantiate", "only Co-Simulation"})) << log.dump();
}

TEST(Instantiate, MissingCallbacksOrNameAreRefused) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  EXPECT_EQ(
      fmi2Instantiate("a", fmi2CoSimulation, smc_model.guid, "", nullptr, fmi2False, fmi2False),
      nullptr);
  fmi2CallbackFunctions no_logger = callbacks;
  no_logger.logger = nullptr;
  EXPECT_EQ(
      fmi2Instantiate("a", fmi2CoSimulation, smc_model.guid, "", &no_logger, fmi2False, fmi2False),
      nullptr);
  EXPECT_EQ(
      fmi2Instantiate("", fmi2CoSimulation, smc_model.guid, "", &callbacks, fmi2False, fmi2False),
      nullptr);
  EXPECT_EQ(fmi2Instantiate(nullptr, fmi2CoSimulation, smc_model.guid, "", &callbacks, fmi2False,
                            fmi2False),
            nullptr);
  EXPECT_TRUE(log.contains({"instanceName is empty"})) << log.dump();
  EXPECT_EQ(fmi2Instantiate("a", fmi2CoSimulation, nullptr, "", &callbacks, fmi2False, fmi2False),
            nullptr);
}

TEST(Instantiate, InstanceNameIsCopied) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  char name[] = "original";
  fmi2Component c = fmi2Instantiate(name, fmi2CoSimulation, smc_model.guid, nullptr, &callbacks,
                                    fmi2False, fmi2False);
  ASSERT_NE(c, nullptr);
  std::strcpy(name, "changed!");
  EXPECT_EQ(fmi2DoStep(c, 0.0, 1.0, fmi2True), fmi2Error);
  ASSERT_EQ(log.records.size(), 1u);
  EXPECT_EQ(log.records[0].instance, "original");
  fmi2FreeInstance(c);
}

TEST(Instantiate, ImporterAllocatorIsUsedAndEveryBlockReturned) {
  AllocationCounter counter;
  {
    Instance fmu("counted", fmi2False, &counter);
    ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
    ASSERT_EQ(fmu.step_until(1.0, 0.5), fmi2OK);
    ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
    ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
    EXPECT_GT(counter.allocations, 0);
  }
  EXPECT_EQ(counter.allocations, counter.releases);
}

}  // namespace
}  // namespace smc::runtime_test
