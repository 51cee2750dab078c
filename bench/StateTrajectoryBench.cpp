// smc-bench-state-trajectory FMU VARIABLE STEP STOP [TOLERANCE]: whether
// taking FMU states disturbs a simulation, for bench/state-trajectory.sh.
// Runs the FMU twice from its start to STOP in communication steps of STEP,
// once plainly and once taking an fmi2GetFMUstate (into a reused state)
// before every step, and prints one line:
//   <plain seconds> <with-states seconds> <plain VARIABLE> <with-states VARIABLE>
// VARIABLE's final values with 17 significant digits: equal when a state
// changes nothing.
#include "importer/Session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace smc::importer;

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "smc-bench-state-trajectory: %s\n", message.c_str());
  return 1;
}

struct Run {
  double seconds = 0;
  double value = 0;
};

Result<Run> simulate(const char* path, const std::string& variable, double step, double stop,
                     std::optional<double> tolerance, bool takeStates) {
  Result<Session> session = describeFmu(path);
  if (!session) return session.error();
  const auto& variables = session->description.variables;
  auto found = std::find_if(variables.begin(), variables.end(),
                            [&](const ScalarVariable& v) { return v.name == variable; });
  if (found == variables.end()) return Error{"no variable named " + variable};
  if (Result<void> made = instantiate(*session, InstanceOptions{}); !made) return made.error();
  FmuInstance& instance = *session->instance;
  if (Result<void> ready = initializeInstance(instance, 0.0, stop, tolerance, {}); !ready) return ready.error();
  fmi2::FMUstate state = nullptr;
  auto began = std::chrono::steady_clock::now();
  for (std::size_t k = 0;; ++k) {
    const double t = static_cast<double>(k) * step;
    if (t >= stop) break;
    if (takeStates) {
      Result<fmi2::FMUstate> taken = instance.getState(t, state);
      if (!taken) return taken.error();
      state = *taken;
    }
    Result<fmi2::Status> stepped = instance.doStep(t, std::min(step, stop - t));
    if (!stepped) return stepped.error();
  }
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - began;
  Run run;
  run.seconds = elapsed.count();
  const fmi2::ValueReference ref = found->valueReference;
  if (Result<fmi2::Status> read = instance.getReal({&ref, 1}, {&run.value, 1}, stop); !read) return read.error();
  if (state != nullptr)
    if (Result<void> freed = instance.freeState(state, stop); !freed) return freed.error();
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) return fail("usage: smc-bench-state-trajectory FMU VARIABLE STEP STOP [TOLERANCE]");
  const double step = std::atof(argv[3]), stop = std::atof(argv[4]);
  if (!(step > 0) || !(stop > 0)) return fail("STEP and STOP must be positive");
  std::optional<double> tolerance;
  if (argc > 5) tolerance = std::atof(argv[5]);
  Result<Run> plain = simulate(argv[1], argv[2], step, stop, tolerance, false);
  if (!plain) return fail(plain.error().message);
  Result<Run> observed = simulate(argv[1], argv[2], step, stop, tolerance, true);
  if (!observed) return fail(observed.error().message);
  std::printf("%.6f %.6f %.17g %.17g\n", plain->seconds, observed->seconds, plain->value, observed->value);
  return 0;
}
