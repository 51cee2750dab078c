// See Lifecycle.h.
#include "cosim/Lifecycle.h"

#include <fmt/format.h>

#include <cassert>

namespace smc::cosim {
namespace {

// Used by an assert: the transitions are fixed by runCosim, so a wrong one is
// a bug in smc, caught by the tests of Debug builds.
[[maybe_unused]] bool allowed(Phase from, Phase to) {
  switch (from) {
  case Phase::Configured:
    return to == Phase::Initialized || to == Phase::InitializationError;
  case Phase::Initialized:
    return to == Phase::Simulating || to == Phase::InitializationError;
  case Phase::Simulating:
    return to == Phase::Completed || to == Phase::SimulationError;
  case Phase::Completed:
  case Phase::InitializationError:
  case Phase::SimulationError: return false;
  }
  return false;
}

}  // namespace

const char* toString(Phase phase) {
  switch (phase) {
  case Phase::Configured: return "configured";
  case Phase::Initialized: return "initialized";
  case Phase::Simulating: return "simulating";
  case Phase::Completed: return "completed";
  case Phase::InitializationError: return "initialization-error";
  case Phase::SimulationError: return "simulation-error";
  }
  return "unknown";
}

Lifecycle::Lifecycle(LogLine log) : log_(std::move(log)) {}

void Lifecycle::enter(Phase next, std::string_view detail) {
  // The first call announces the initial state itself.
  if (entered_ || next != Phase::Configured) {
    assert(allowed(phase_, next) && "illegal lifecycle transition");
    phase_ = next;
  }
  entered_ = true;
  log_(fmt::format("{}: {}", toString(phase_), detail));
}

void Lifecycle::fail(std::string_view detail) {
  enter(phase_ == Phase::Simulating ? Phase::SimulationError : Phase::InitializationError,
        detail);
}

void Lifecycle::note(std::string_view detail) const { log_(fmt::format("  {}", detail)); }

}  // namespace smc::cosim
