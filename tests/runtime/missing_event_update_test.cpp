// A model description without event_update (a code generator bug) is
// refused at fmi2Instantiate with a message naming the missing callback.
#include <gtest/gtest.h>

#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(MissingEventUpdate, IsRefusedAtInstantiation) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  EXPECT_EQ(fmi2Instantiate("broken", fmi2CoSimulation, smc_model.guid, "", &callbacks, fmi2False,
                            fmi2False),
            nullptr);
  EXPECT_TRUE(log.contains({"fmi2Instantiate", "lacks event_indicators or event_update"}))
      << log.dump();
}

}  // namespace
}  // namespace smc::runtime_test
