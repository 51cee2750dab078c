// Log categories: errors are on by default, fmi2SetDebugLogging switches
// categories on and off, unknown categories are refused, and messages carry
// the instance name, the category and the importer's environment.
#include <gtest/gtest.h>

#include "dahlquist.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(Logging, OnlyErrorsAreLoggedWhenLoggingIsOff) {
  Instance fmu("quiet", fmi2False);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2OK);
  EXPECT_TRUE(fmu.log().records.empty()) << fmu.log().dump();
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2Error);
  EXPECT_EQ(fmu.log().records.size(), 1u);
}

TEST(Logging, LoggingOnTracesEveryCall) {
  Instance fmu("chatty", fmi2True);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetupExperiment called in state instantiated"}))
      << fmu.log().dump();
  EXPECT_TRUE(
      fmu.log().contains({"fmi2ExitInitializationMode called in state initializationMode"}));
  for (const LogRecord& record : fmu.log().records) {
    EXPECT_EQ(record.category, "logCalls");
    EXPECT_EQ(record.status, fmi2OK);
    EXPECT_EQ(record.instance, "chatty");
  }
}

TEST(Logging, CategoriesCanBeSwitchedOnAndOff) {
  Instance fmu("switching", fmi2False);
  const fmi2String calls[] = {"logCalls"};
  ASSERT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 1, calls), fmi2OK);
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_TRUE(fmu.log().contains({"fmi2EnterInitializationMode called"})) << fmu.log().dump();
  ASSERT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2False, 0, nullptr), fmi2OK);  // all off
  size_t before = fmu.log().records.size();
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);  // even errors are silent
  EXPECT_EQ(fmu.log().records.size(), before);
  const fmi2String all[] = {"logAll"};
  ASSERT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 1, all), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "state initializationMode"}));
}

TEST(Logging, UnknownCategoryIsRefusedAndChangesNothing) {
  Instance fmu("strict", fmi2False);
  const fmi2String categories[] = {"logCalls", "logEverythingPlease"};
  EXPECT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 2, categories), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"unknown log category 'logEverythingPlease'",
                                  "logStatusError, logStatusWarning, logCalls, logModelicaMessages and logAll"}))
      << fmu.log().dump();
  size_t before = fmu.log().records.size();
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.log().records.size(), before);  // logCalls stayed off
  EXPECT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 1, nullptr), fmi2Error);
}

}  // namespace
}  // namespace smc::runtime_test
