// libFuzzer harness: fmi2DeSerializeFMUstate on arbitrary bytes, and what
// an importer does next with a state the runtime accepted.
//
// One instance of the runtime linked with the bouncing-ball test model is
// made and initialized once and reused (instantiation allocates the CVODE
// workspace: doing it per input would dominate the run time). Its state
// right after initialization is kept, and every input ends by setting it
// back, so each input starts from the same instance. Per input (layout in
// StateFuzzInput.h): deserialize the bytes; if accepted, set the state,
// read the time, do one step of 0.01, read every value, free the state.
// The runtime may refuse any of these with fmi2Error; it must not crash,
// read out of bounds or hit undefined behaviour. An instance driven into
// an unrecoverable state is replaced.
#include "StateFuzzInput.h"
#include "bouncing_ball.h"

#include <cstdio>
#include <cstdlib>

namespace {

struct FuzzedInstance {
  fmi2Component component = nullptr;
  fmi2FMUstate initial = nullptr;  // the state after initialization
};

FuzzedInstance& instance() {
  static FuzzedInstance fuzzed;
  if (fuzzed.component != nullptr) return fuzzed;
  fuzzed.component = smc::fuzz::newInitializedInstance();
  if (fuzzed.component == nullptr ||
      fmi2GetFMUstate(fuzzed.component, &fuzzed.initial) != fmi2OK) {
    std::fprintf(stderr, "fuzz_deserialize_state: the test model does not initialize\n");
    std::abort();
  }
  return fuzzed;
}

// Back to the state after initialization; a new instance when the runtime
// refuses (its own state is then beyond repair).
void resetInstance(FuzzedInstance& fuzzed) {
  if (fmi2SetFMUstate(fuzzed.component, fuzzed.initial) == fmi2OK) return;
  fmi2FreeInstance(fuzzed.component);  // frees `initial` with it
  fuzzed.component = nullptr;
  fuzzed.initial = nullptr;
}

// What an importer does with a state it deserialized.
void useState(fmi2Component c, fmi2FMUstate state) {
  if (fmi2SetFMUstate(c, state) != fmi2OK) return;
  fmi2Real now = 0.0;
  if (fmi2GetRealStatus(c, fmi2LastSuccessfulTime, &now) == fmi2OK)
    fmi2DoStep(c, now, 0.01, fmi2False);
  fmi2ValueReference reals[BALL_NUM_REALS];
  for (int i = 0; i < BALL_NUM_REALS; ++i) reals[i] = static_cast<fmi2ValueReference>(i);
  fmi2Real realValues[BALL_NUM_REALS];
  fmi2GetReal(c, reals, BALL_NUM_REALS, realValues);
  fmi2ValueReference integer = BALL_BOUNCES;
  fmi2Integer integerValue = 0;
  fmi2GetInteger(c, &integer, 1, &integerValue);
  fmi2ValueReference boolean = BALL_ON_GROUND;
  fmi2Boolean booleanValue = fmi2False;
  fmi2GetBoolean(c, &boolean, 1, &booleanValue);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::vector<unsigned char> bytes(data + 1, data + size);
  if (data[0] & smc::fuzz::kResealChecksum) smc::fuzz::resealChecksum(bytes);
  FuzzedInstance& fuzzed = instance();
  fmi2FMUstate state = nullptr;
  // data() of an empty vector may be null: the runtime must take that too.
  if (fmi2DeSerializeFMUstate(fuzzed.component, reinterpret_cast<const fmi2Byte*>(bytes.data()),
                              bytes.size(), &state) == fmi2OK) {
    useState(fuzzed.component, state);
    fmi2FreeFMUstate(fuzzed.component, &state);
  }
  resetInstance(fuzzed);
  return 0;
}
