// A model description whose tables do not fit its sizes (a code generator
// bug) is refused at fmi2Instantiate with a message naming the problem.
#include <gtest/gtest.h>

#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(InconsistentModel, IsRefusedAtInstantiation) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  EXPECT_EQ(fmi2Instantiate("broken", fmi2CoSimulation, smc_model.guid, "", &callbacks, fmi2False,
                            fmi2False),
            nullptr);
  EXPECT_TRUE(log.contains({"fmi2Instantiate", "state 0 refers to a Real outside 0..1"}))
      << log.dump();
}

}  // namespace
}  // namespace smc::runtime_test
