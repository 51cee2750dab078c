// pre() ranges that reach past the model's slots (a code generator bug) are
// refused at fmi2Instantiate, before the event iteration could copy out of
// bounds.
#include <gtest/gtest.h>

#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(BadPreRanges, AreRefusedAtInstantiation) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  EXPECT_EQ(fmi2Instantiate("broken", fmi2CoSimulation, smc_model.guid, "", &callbacks, fmi2False,
                            fmi2False),
            nullptr);
  EXPECT_TRUE(log.contains({"fmi2Instantiate", "pre() ranges are not ascending ranges of its slots"}))
      << log.dump();
}

}  // namespace
}  // namespace smc::runtime_test
