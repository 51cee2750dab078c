// The FMI 2.0 declarations in runtime/include/fmi2 against the standard's
// "default" platform ABI (FMI 2.0 sections 2.1.2-2.1.5), which importers
// such as FMPy and fmusim assume: type sizes, enum values, struct layouts,
// and the exported functions' signatures.
#include <gtest/gtest.h>

#include <cstddef>
#include <type_traits>

#include "fmi2/fmi2Functions.h"

namespace smc::runtime_test {
namespace {

static_assert(std::is_same_v<fmi2Boolean, int>);
static_assert(std::is_same_v<fmi2Integer, int>);
static_assert(std::is_same_v<fmi2Real, double>);
static_assert(std::is_same_v<fmi2Char, char>);
static_assert(std::is_same_v<fmi2Byte, char>);
static_assert(std::is_same_v<fmi2String, const char*>);
static_assert(std::is_same_v<fmi2ValueReference, unsigned int>);
static_assert(std::is_same_v<fmi2Component, void*>);
static_assert(std::is_same_v<fmi2ComponentEnvironment, void*>);
static_assert(std::is_same_v<fmi2FMUstate, void*>);
static_assert(sizeof(fmi2Status) == sizeof(int) && sizeof(fmi2Type) == sizeof(int));

// Five pointer-sized fields in the standard's order.
static_assert(sizeof(fmi2CallbackFunctions) == 5 * sizeof(void*));
static_assert(offsetof(fmi2CallbackFunctions, logger) == 0);
static_assert(offsetof(fmi2CallbackFunctions, allocateMemory) == sizeof(void*));
static_assert(offsetof(fmi2CallbackFunctions, freeMemory) == 2 * sizeof(void*));
static_assert(offsetof(fmi2CallbackFunctions, stepFinished) == 3 * sizeof(void*));
static_assert(offsetof(fmi2CallbackFunctions, componentEnvironment) == 4 * sizeof(void*));

// Five Booleans, then the Real aligned to 8 bytes.
static_assert(offsetof(fmi2EventInfo, nextEventTimeDefined) == 4 * sizeof(int));
static_assert(offsetof(fmi2EventInfo, nextEventTime) == 24 && sizeof(fmi2EventInfo) == 32);

// The definitions match the function types importers cast dlsym results to.
static_assert(std::is_same_v<decltype(fmi2DoStep), fmi2DoStepTYPE>);
static_assert(std::is_same_v<decltype(fmi2Instantiate), fmi2InstantiateTYPE>);
static_assert(
    std::is_same_v<fmi2DoStepTYPE, fmi2Status(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean)>);
static_assert(std::is_same_v<fmi2GetRealTYPE, fmi2Status(fmi2Component, const fmi2ValueReference*,
                                                         size_t, fmi2Real*)>);
static_assert(std::is_same_v<fmi2SetDebugLoggingTYPE,
                             fmi2Status(fmi2Component, fmi2Boolean, size_t, const fmi2String*)>);

TEST(Abi, EnumeratorsHaveTheStandardsValues) {
  EXPECT_EQ(fmi2OK, 0);
  EXPECT_EQ(fmi2Warning, 1);
  EXPECT_EQ(fmi2Discard, 2);
  EXPECT_EQ(fmi2Error, 3);
  EXPECT_EQ(fmi2Fatal, 4);
  EXPECT_EQ(fmi2Pending, 5);
  EXPECT_EQ(fmi2ModelExchange, 0);
  EXPECT_EQ(fmi2CoSimulation, 1);
  EXPECT_EQ(fmi2DoStepStatus, 0);
  EXPECT_EQ(fmi2PendingStatus, 1);
  EXPECT_EQ(fmi2LastSuccessfulTime, 2);
  EXPECT_EQ(fmi2Terminated, 3);
  EXPECT_EQ(fmi2True, 1);
  EXPECT_EQ(fmi2False, 0);
  EXPECT_STREQ(fmi2TypesPlatform, "default");
  EXPECT_STREQ(fmi2Version, "2.0");
}

}  // namespace
}  // namespace smc::runtime_test
