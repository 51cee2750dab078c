// Implementation of the deserialize harness's shared helpers (see
// StateFuzzInput.h). The checksum is computed with xxHash's library, not
// the runtime's state_format.c, from the format's definition
// (tests/support/StateChecksum.h).
#include "StateFuzzInput.h"

#include "smc/model.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

#include "support/StateChecksum.h"

namespace smc::fuzz {
namespace {

// Formats each message as an importer would (so a bad format string in the
// runtime shows up under the sanitizers) and drops it.
extern "C" void formatAndDrop(fmi2ComponentEnvironment, fmi2String, fmi2Status, fmi2String,
                              fmi2String message, ...) {
  char text[1024];
  va_list args;
  va_start(args, message);
  std::vsnprintf(text, sizeof text, message, args);
  va_end(args);
}

const fmi2CallbackFunctions callbacks = {formatAndDrop, nullptr, nullptr, nullptr, nullptr};

}  // namespace

void resealChecksum(std::vector<unsigned char>& bytes) { smc::test::resealSerializedState(bytes); }

fmi2Component newInitializedInstance() {
  fmi2Component c = fmi2Instantiate("fuzz", fmi2CoSimulation, smc_model.guid, "file:///unused",
                                    &callbacks, fmi2False, fmi2False);
  if (c == nullptr) return nullptr;
  if (fmi2SetupExperiment(c, fmi2True, 1e-6, 0.0, fmi2False, 0.0) != fmi2OK ||
      fmi2EnterInitializationMode(c) != fmi2OK || fmi2ExitInitializationMode(c) != fmi2OK) {
    fmi2FreeInstance(c);
    return nullptr;
  }
  return c;
}

}  // namespace smc::fuzz
