// Hostile importers, part 2: bad pointers and bad value references. A NULL
// component, or a pointer to something that is not an instance of this FMU,
// must be refused by every one of the 41 functions that take a component
// (fmi2Error, fmi2FreeInstance a no-op) without touching the memory behind
// it; NULL arrays with nvr > 0, value references out of range and bad
// fmi2Instantiate arguments must be refused with a logged reason, and a
// refused call must change nothing. A freed component cannot be told apart
// from a live one in general, so use after free is not tried.
#include <gtest/gtest.h>

#include <cctype>
#include <climits>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dahlquist.h"
#include "fmu_harness.h"
#include "hostile_states.h"

namespace smc::runtime_test {
namespace {

struct Outcome {
  const char* function;
  fmi2Status status;
};

// Calls each fmi2 function that takes a component with `c` and otherwise
// well-formed arguments, so that only c can be at fault.
std::vector<Outcome> call_everything_with(fmi2Component c) {
  fmi2ValueReference vr[1] = {0};
  fmi2Real real[1] = {0.0};
  fmi2Integer integer[1] = {0};
  fmi2Boolean boolean[1] = {0};
  fmi2String text[1] = {""};
  fmi2Status status = fmi2OK;
  fmi2FMUstate state = nullptr;
  size_t size = 0;
  fmi2Byte bytes[16] = {};
  fmi2EventInfo event_info{};
  fmi2Boolean flag = fmi2False;
  const fmi2String category[1] = {"logAll"};
  return {
      {"fmi2SetDebugLogging", fmi2SetDebugLogging(c, fmi2True, 1, category)},
      {"fmi2SetupExperiment", fmi2SetupExperiment(c, fmi2False, 0.0, 0.0, fmi2False, 0.0)},
      {"fmi2EnterInitializationMode", fmi2EnterInitializationMode(c)},
      {"fmi2ExitInitializationMode", fmi2ExitInitializationMode(c)},
      {"fmi2Terminate", fmi2Terminate(c)},
      {"fmi2Reset", fmi2Reset(c)},
      {"fmi2GetReal", fmi2GetReal(c, vr, 1, real)},
      {"fmi2GetInteger", fmi2GetInteger(c, vr, 1, integer)},
      {"fmi2GetBoolean", fmi2GetBoolean(c, vr, 1, boolean)},
      {"fmi2GetString", fmi2GetString(c, vr, 1, text)},
      {"fmi2SetReal", fmi2SetReal(c, vr, 1, real)},
      {"fmi2SetInteger", fmi2SetInteger(c, vr, 1, integer)},
      {"fmi2SetBoolean", fmi2SetBoolean(c, vr, 1, boolean)},
      {"fmi2SetString", fmi2SetString(c, vr, 1, text)},
      {"fmi2GetFMUstate", fmi2GetFMUstate(c, &state)},
      {"fmi2SetFMUstate", fmi2SetFMUstate(c, state)},
      {"fmi2FreeFMUstate", fmi2FreeFMUstate(c, &state)},
      {"fmi2SerializedFMUstateSize", fmi2SerializedFMUstateSize(c, state, &size)},
      {"fmi2SerializeFMUstate", fmi2SerializeFMUstate(c, state, bytes, sizeof bytes)},
      {"fmi2DeSerializeFMUstate", fmi2DeSerializeFMUstate(c, bytes, sizeof bytes, &state)},
      {"fmi2GetDirectionalDerivative", fmi2GetDirectionalDerivative(c, vr, 1, vr, 1, real, real)},
      {"fmi2EnterEventMode", fmi2EnterEventMode(c)},
      {"fmi2NewDiscreteStates", fmi2NewDiscreteStates(c, &event_info)},
      {"fmi2EnterContinuousTimeMode", fmi2EnterContinuousTimeMode(c)},
      {"fmi2CompletedIntegratorStep", fmi2CompletedIntegratorStep(c, fmi2True, &flag, &flag)},
      {"fmi2SetTime", fmi2SetTime(c, 0.0)},
      {"fmi2SetContinuousStates", fmi2SetContinuousStates(c, real, 1)},
      {"fmi2GetDerivatives", fmi2GetDerivatives(c, real, 1)},
      {"fmi2GetEventIndicators", fmi2GetEventIndicators(c, real, 1)},
      {"fmi2GetContinuousStates", fmi2GetContinuousStates(c, real, 1)},
      {"fmi2GetNominalsOfContinuousStates", fmi2GetNominalsOfContinuousStates(c, real, 1)},
      {"fmi2SetRealInputDerivatives", fmi2SetRealInputDerivatives(c, vr, 1, integer, real)},
      {"fmi2GetRealOutputDerivatives", fmi2GetRealOutputDerivatives(c, vr, 1, integer, real)},
      {"fmi2DoStep", fmi2DoStep(c, 0.0, 0.1, fmi2True)},
      {"fmi2CancelStep", fmi2CancelStep(c)},
      {"fmi2GetStatus", fmi2GetStatus(c, fmi2DoStepStatus, &status)},
      {"fmi2GetRealStatus", fmi2GetRealStatus(c, fmi2LastSuccessfulTime, real)},
      {"fmi2GetIntegerStatus", fmi2GetIntegerStatus(c, fmi2LastSuccessfulTime, integer)},
      {"fmi2GetBooleanStatus", fmi2GetBooleanStatus(c, fmi2Terminated, boolean)},
      {"fmi2GetStringStatus", fmi2GetStringStatus(c, fmi2PendingStatus, text)},
  };
}

TEST(HostileArguments, NullComponentIsRefusedByAllFortyOneFunctions) {
  fmi2FreeInstance(nullptr);  // a no-op, the 41st
  std::vector<Outcome> outcomes = call_everything_with(nullptr);
  EXPECT_EQ(outcomes.size(), 40u);
  for (const Outcome& outcome : outcomes) EXPECT_EQ(outcome.status, fmi2Error) << outcome.function;
}

// Memory an importer might pass by mistake: another library's handle, a
// struct of its own. Big enough to be read where an instance starts.
struct ForeignObject {
  std::vector<unsigned char> bytes;
  explicit ForeignObject(unsigned char fill) : bytes(4096, fill) {}
};

TEST(HostileArguments, PointerToSomethingElseIsRefusedAndLeftUntouched) {
  for (unsigned char fill : {0x00, 0xab, 0xff}) {
    ForeignObject foreign(fill);
    fmi2Component c = foreign.bytes.data();
    for (const Outcome& outcome : call_everything_with(c))
      EXPECT_EQ(outcome.status, fmi2Error) << outcome.function << " with bytes " << int(fill);
    fmi2FreeInstance(c);  // must not hand the block to free() (ASan would object)
    for (unsigned char byte : foreign.bytes) ASSERT_EQ(byte, fill);
  }
}

TEST(HostileArguments, ARealInstanceStillWorksAfterForeignPointersWereRefused) {
  Instance fmu;
  ForeignObject foreign(0x5a);
  EXPECT_EQ(fmi2Reset(foreign.bytes.data()), fmi2Error);
  EXPECT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmu.log().count(fmi2Error), 0) << fmu.log().dump();
}

// Get and Set for each type, driven through one signature.
struct Accessor {
  const char* function;
  bool is_set;
  std::function<fmi2Status(fmi2Component, const fmi2ValueReference*, size_t, bool null_values)>
      call;
  fmi2ValueReference count;  // how many variables of the type the model has
};

std::vector<Accessor> accessors() {
  // Room for every request below; a Set writes zeros (valid for each type).
  auto reals = [](size_t n) { return std::vector<fmi2Real>(n, 0.0); };
  auto ints = [](size_t n) { return std::vector<fmi2Integer>(n, 0); };
  auto strings = [](size_t n) { return std::vector<fmi2String>(n, ""); };
  return {
      {"fmi2GetReal", false,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = reals(n);
         return fmi2GetReal(c, vr, n, null_values ? nullptr : v.data());
       },
       DAHLQUIST_NUM_REALS},
      {"fmi2GetInteger", false,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = ints(n);
         return fmi2GetInteger(c, vr, n, null_values ? nullptr : v.data());
       },
       DAHLQUIST_NUM_INTEGERS},
      {"fmi2GetBoolean", false,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = ints(n);
         return fmi2GetBoolean(c, vr, n, null_values ? nullptr : v.data());
       },
       DAHLQUIST_NUM_BOOLEANS},
      {"fmi2GetString", false,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = strings(n);
         return fmi2GetString(c, vr, n, null_values ? nullptr : v.data());
       },
       0},
      {"fmi2SetReal", true,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = reals(n);
         return fmi2SetReal(c, vr, n, null_values ? nullptr : v.data());
       },
       DAHLQUIST_NUM_REALS},
      {"fmi2SetInteger", true,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = ints(n);
         return fmi2SetInteger(c, vr, n, null_values ? nullptr : v.data());
       },
       DAHLQUIST_NUM_INTEGERS},
      {"fmi2SetBoolean", true,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = ints(n);
         return fmi2SetBoolean(c, vr, n, null_values ? nullptr : v.data());
       },
       DAHLQUIST_NUM_BOOLEANS},
      {"fmi2SetString", true,
       [=](fmi2Component c, const fmi2ValueReference* vr, size_t n, bool null_values) {
         auto v = strings(n);
         return fmi2SetString(c, vr, n, null_values ? nullptr : v.data());
       },
       0},
  };
}

// Initialization mode is the one state where every Get and Set is allowed.
TEST(HostileArguments, ValueReferencesOutOfRangeAreRefusedForEveryGetAndSet) {
  for (const Accessor& accessor : accessors()) {
    for (fmi2ValueReference bad :
         {accessor.count, accessor.count + 1, fmi2ValueReference{0x7fffffff},
          fmi2ValueReference{0x80000000}, fmi2ValueReference{UINT_MAX}}) {
      SCOPED_TRACE(std::string(accessor.function) + " vr " + std::to_string(bad));
      Instance fmu;
      drive_to(fmu, CosimState::InitializationMode);
      EXPECT_EQ(accessor.call(fmu.get(), &bad, 1, false), fmi2Error);
      const LogRecord* why = fmu.log().find(
          {accessor.function, "value reference " + std::to_string(bad) + " is out of range"});
      ASSERT_NE(why, nullptr) << fmu.log().dump();
      EXPECT_EQ(why->category, "logStatusError");
    }
  }
}

// A request whose last reference is bad is refused as a whole, so the
// valid ones before it are not written either.
TEST(HostileArguments, SetWithOneBadReferenceAmongGoodOnesWritesNothing) {
  Instance fmu;
  drive_to(fmu, CosimState::InitializationMode);
  const fmi2ValueReference reals[] = {DAHLQUIST_K, DAHLQUIST_U, 99};
  const fmi2Real real_values[] = {4.0, 4.0, 4.0};
  EXPECT_EQ(fmi2SetReal(fmu.get(), reals, 3, real_values), fmi2Error);
  const fmi2ValueReference integers[] = {DAHLQUIST_M, DAHLQUIST_NUM_INTEGERS};
  const fmi2Integer integer_values[] = {9, 9};
  EXPECT_EQ(fmi2SetInteger(fmu.get(), integers, 2, integer_values), fmi2Error);
  const fmi2ValueReference booleans[] = {DAHLQUIST_FROZEN, UINT_MAX};
  const fmi2Boolean boolean_values[] = {fmi2True, fmi2True};
  EXPECT_EQ(fmi2SetBoolean(fmu.get(), booleans, 2, boolean_values), fmi2Error);
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);
  EXPECT_EQ(fmu.real(DAHLQUIST_U), 0.0);
  EXPECT_EQ(fmu.integer(DAHLQUIST_M), 2);
  EXPECT_FALSE(fmu.boolean(DAHLQUIST_FROZEN));
}

// FMI 2.0 numbers value references per base type, so "the vr of a Real
// passed to GetInteger" is detectable only when no Integer has that number.
TEST(HostileArguments, ValueReferenceOfAnotherTypeIsRefusedWhenTheTypeHasNoSuchNumber) {
  Instance fmu;
  drive_to(fmu, CosimState::StepComplete);
  fmi2ValueReference real_vr = DAHLQUIST_U;  // 3: Integers stop at 0, Booleans at 1
  fmi2Integer integer = 0;
  EXPECT_EQ(fmi2GetInteger(fmu.get(), &real_vr, 1, &integer), fmi2Error);
  EXPECT_EQ(fmi2SetInteger(fmu.get(), &real_vr, 1, &integer), fmi2Error);
  fmi2Boolean boolean = fmi2True;
  EXPECT_EQ(fmi2GetBoolean(fmu.get(), &real_vr, 1, &boolean), fmi2Error);
  EXPECT_EQ(fmi2SetBoolean(fmu.get(), &real_vr, 1, &boolean), fmi2Error);
  fmi2String text = nullptr;
  EXPECT_EQ(fmi2GetString(fmu.get(), &real_vr, 1, &text), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetString", "the model has 0 String variables"}))
      << fmu.log().dump();
  // The same number is a valid Integer reference: vr 0 is x as a Real and
  // m as an Integer, and GetInteger answers with m.
  fmi2ValueReference zero = 0;
  EXPECT_EQ(fmi2GetInteger(fmu.get(), &zero, 1, &integer), fmi2OK);
  EXPECT_EQ(integer, 2);
}

TEST(HostileArguments, NullArraysWithEntriesAreRefusedForEveryGetAndSet) {
  for (const Accessor& accessor : accessors()) {
    SCOPED_TRACE(accessor.function);
    Instance fmu;
    drive_to(fmu, CosimState::InitializationMode);
    fmi2ValueReference vr[2] = {0, 0};
    EXPECT_EQ(accessor.call(fmu.get(), nullptr, 2, false), fmi2Error);
    EXPECT_TRUE(fmu.log().contains({accessor.function, "vr is NULL but nvr is 2"}))
        << fmu.log().dump();
    EXPECT_EQ(accessor.call(fmu.get(), vr, 2, true), fmi2Error);
    EXPECT_TRUE(fmu.log().contains({accessor.function, "value is NULL but nvr is 2"}))
        << fmu.log().dump();
  }
}

TEST(HostileArguments, EmptyRequestsWithNullArraysSucceedForEveryGetAndSet) {
  for (const Accessor& accessor : accessors()) {
    SCOPED_TRACE(accessor.function);
    Instance fmu;
    drive_to(fmu, CosimState::InitializationMode);
    EXPECT_EQ(accessor.call(fmu.get(), nullptr, 0, true), fmi2OK) << fmu.log().dump();
    EXPECT_EQ(fmu.log().records.size(), 0u) << fmu.log().dump();
  }
}

TEST(HostileArguments, StatusQueriesWithoutAPlaceForTheAnswerAreRefused) {
  Instance fmu;
  drive_to(fmu, CosimState::StepComplete);
  EXPECT_EQ(fmi2GetStatus(fmu.get(), fmi2DoStepStatus, nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetIntegerStatus(fmu.get(), fmi2LastSuccessfulTime, nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetBooleanStatus(fmu.get(), fmi2Terminated, nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetStringStatus(fmu.get(), fmi2PendingStatus, nullptr), fmi2Error);
  for (const char* function : {"fmi2GetStatus", "fmi2GetRealStatus", "fmi2GetIntegerStatus",
                               "fmi2GetBooleanStatus", "fmi2GetStringStatus"})
    EXPECT_TRUE(fmu.log().contains({function, "value is NULL"})) << function;
  // An fmi2StatusKind outside the enumeration is named as unknown.
  fmi2Real real = 0.0;
  EXPECT_EQ(fmi2GetRealStatus(fmu.get(), static_cast<fmi2StatusKind>(42), &real), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetRealStatus", "unknown fmi2StatusKind", "(42)"}))
      << fmu.log().dump();
}

TEST(HostileArguments, DebugLoggingWithNullCategoriesIsRefused) {
  Instance fmu;
  EXPECT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 2, nullptr), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetDebugLogging", "categories is NULL"}))
      << fmu.log().dump();
  const fmi2String with_null[] = {"logCalls", nullptr};
  EXPECT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 2, with_null), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"unknown log category '(null)'"})) << fmu.log().dump();
  // Neither call switched logCalls on: a later call is not traced.
  size_t logged = fmu.log().records.size();
  EXPECT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.log().records.size(), logged);
}

fmi2Component instantiate(const char* name, fmi2Type type, const char* guid,
                          const fmi2CallbackFunctions* functions) {
  return fmi2Instantiate(name, type, guid, "file:///nowhere", functions, fmi2False, fmi2False);
}

TEST(HostileInstantiate, GuidsThatOnlyResembleTheFmusAreRefused) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  const std::string guid = smc_model.guid;
  std::string changed = guid;
  changed[5] = changed[5] == '0' ? '1' : '0';
  std::string upper = guid;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  ASSERT_NE(upper, guid);  // the GUID has hex letters, so case matters here
  for (const std::string& wrong :
       {std::string(), guid.substr(0, guid.size() - 1), guid + " ", " " + guid, changed, upper}) {
    SCOPED_TRACE("'" + wrong + "'");
    EXPECT_EQ(instantiate("a", fmi2CoSimulation, wrong.c_str(), &callbacks), nullptr);
    EXPECT_TRUE(log.contains({"fmi2Instantiate", "GUID '" + wrong + "' does not match"}))
        << log.dump();
  }
}

TEST(HostileInstantiate, UnknownFmuTypeIsRefused) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  EXPECT_EQ(instantiate("a", static_cast<fmi2Type>(7), smc_model.guid, &callbacks), nullptr);
  EXPECT_TRUE(log.contains({"fmi2Instantiate", "fmuType 7"})) << log.dump();
}

TEST(HostileInstantiate, RefusedInstantiationsAllocateNothing) {
  AllocationCounter counter;
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log, &counter);
  EXPECT_EQ(instantiate(nullptr, fmi2CoSimulation, smc_model.guid, &callbacks), nullptr);
  EXPECT_EQ(instantiate("a", fmi2ModelExchange, smc_model.guid, &callbacks), nullptr);
  EXPECT_EQ(instantiate("a", fmi2CoSimulation, "{wrong}", &callbacks), nullptr);
  EXPECT_EQ(instantiate("a", fmi2CoSimulation, nullptr, &callbacks), nullptr);
  EXPECT_EQ(counter.allocations, 0);
  EXPECT_EQ(log.count(fmi2Error), 4) << log.dump();
}

TEST(HostileInstantiate, NoResourceLocationIsAcceptedBecauseNoResourceIsRead) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  fmi2Component c = fmi2Instantiate("a", fmi2CoSimulation, smc_model.guid, nullptr, &callbacks,
                                    fmi2True, fmi2False);
  ASSERT_NE(c, nullptr) << log.dump();
  EXPECT_EQ(fmi2SetupExperiment(c, fmi2True, 1e-8, 0.0, fmi2False, 0.0), fmi2OK);
  fmi2FreeInstance(c);
}

// FMI 2.0 section 2.1.5 asks for both memory callbacks; an importer giving
// one gets the runtime's calloc/free for both, never a mix of the two.
extern "C" void* allocate_that_must_not_be_used(size_t, size_t) {
  ADD_FAILURE() << "allocateMemory used without its freeMemory";
  return nullptr;
}

TEST(HostileInstantiate, AllocatorWithoutItsFreeFunctionIsNotUsed) {
  LogCapture log;
  fmi2CallbackFunctions callbacks = make_callbacks(&log);
  callbacks.allocateMemory = allocate_that_must_not_be_used;
  callbacks.freeMemory = nullptr;
  fmi2Component c = instantiate("a", fmi2CoSimulation, smc_model.guid, &callbacks);
  ASSERT_NE(c, nullptr) << log.dump();
  fmi2FreeInstance(c);  // LeakSanitizer checks that everything went back
}

}  // namespace
}  // namespace smc::runtime_test
