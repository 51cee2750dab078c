// smc-bench-fmu-state FMU [REPETITIONS [LIVE]]: the latency of an FMU's
// state functions after initialization, for bench/fmu-state.sh and
// bench/state_goals.py, with LIVE further states held (default 0) while it
// measures. Prints one line:
//   <state bytes> <get+set ns> <serialize+deserialize ns> <serialize ns> <memcpy ns> <get+free ns>
// where get+set is one fmi2GetFMUstate into a reused state plus one
// fmi2SetFMUstate, get+free is one fmi2GetFMUstate into a new state plus
// its fmi2FreeFMUstate, serialize+deserialize is one fmi2SerializeFMUstate
// plus one fmi2DeSerializeFMUstate (and the free of the new state),
// serialize is fmi2SerializeFMUstate alone into a buffer of the right size,
// and memcpy copies that many bytes (the anchor), each the mean over the
// repetitions.
#include "importer/Session.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <string>

using namespace smc::importer;

namespace {

template <typename F>
double nanosecondsPerCall(int repetitions, F&& call) {
  auto began = std::chrono::steady_clock::now();
  for (int i = 0; i < repetitions; ++i)
    if (!call()) return -1;
  std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - began;
  return elapsed.count() / repetitions;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "smc-bench-fmu-state: %s\n", message.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return fail("usage: smc-bench-fmu-state FMU [REPETITIONS [LIVE]]");
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 1000;
  if (repetitions <= 0) return fail("REPETITIONS must be positive");
  const long live = argc > 3 ? std::atol(argv[3]) : 0;
  if (live < 0) return fail("LIVE must not be negative");
  Result<Session> session = describeFmu(argv[1]);
  if (!session) return fail(session.error().message);
  if (Result<void> made = instantiate(*session, InstanceOptions{}); !made) return fail(made.error().message);
  FmuInstance& instance = *session->instance;
  const double t0 = session->description.defaultExperiment.startTime.value_or(0.0);
  if (Result<void> ready = initializeInstance(instance, t0, t0 + 1, std::nullopt, {}); !ready)
    return fail(ready.error().message);

  std::vector<SavedState> held;
  held.reserve(static_cast<size_t>(live));
  for (long i = 0; i < live; ++i) {
    Result<fmi2::FMUstate> state = instance.getState(t0);
    if (!state) return fail(state.error().message);
    held.emplace_back(instance, *state);
  }
  Result<fmi2::FMUstate> first = instance.getState(t0);
  if (!first) return fail(first.error().message);
  SavedState saved(instance, *first);
  double getSet = nanosecondsPerCall(repetitions, [&] {
    return instance.getState(t0, saved.get()) && instance.setState(saved.get(), t0);
  });
  Result<std::vector<char>> bytes = instance.serializeState(saved.get(), t0);
  if (!bytes) return fail(bytes.error().message);
  double serialize = nanosecondsPerCall(repetitions, [&] {
    Result<std::vector<char>> written = instance.serializeState(saved.get(), t0);
    if (!written) return false;
    Result<fmi2::FMUstate> read = instance.deserializeState(*written, t0);
    if (!read) return false;
    SavedState copy(instance, *read);
    return true;
  });
  std::vector<char> buffer(bytes->size()), copy(bytes->size());
  double serializeOnly = nanosecondsPerCall(
      repetitions, [&] { return static_cast<bool>(instance.serializeStateInto(saved.get(), buffer, t0)); });
  double copying = nanosecondsPerCall(repetitions, [&] {
    std::memcpy(copy.data(), buffer.data(), buffer.size());
    asm volatile("" : : "r"(copy.data()) : "memory");  // the copy is used
    return true;
  });
  double getFree = nanosecondsPerCall(repetitions, [&] {
    Result<fmi2::FMUstate> state = instance.getState(t0);
    if (!state) return false;
    SavedState released(instance, *state);
    return true;
  });
  if (getSet < 0 || serialize < 0 || serializeOnly < 0 || getFree < 0)
    return fail("a state function failed during the measurement");
  std::printf("%zu %.0f %.0f %.1f %.1f %.0f\n", bytes->size(), getSet, serialize, serializeOnly, copying, getFree);
  return 0;
}
