// The run's lifecycle as explicit states, after the orchestration engine of
// the INTO-CPS project: the user's configuration is read (configured), the
// FMUs are validated, connected, loaded, instantiated and initialized
// (initialized), stepped (simulating) to the end (completed). A failure
// while initializing ends in initialization-error, one while stepping in
// simulation-error. Every change of state is one log line, so a CI log
// shows how far a run got.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace smc::cosim {

enum class Phase { Configured, Initialized, Simulating, Completed, InitializationError, SimulationError };

// "configured", "initialization-error", ...
const char* toString(Phase phase);

using LogLine = std::function<void(std::string_view)>;

class Lifecycle {
public:
  explicit Lifecycle(LogLine log);

  Phase phase() const { return phase_; }
  bool failed() const {
    return phase_ == Phase::InitializationError || phase_ == Phase::SimulationError;
  }

  // Moves to `next` and logs "<state>: <detail>". Only the transitions of
  // the state machine are allowed; any other is a bug in the caller.
  void enter(Phase next, std::string_view detail);
  // An error in the current phase: initialization-error before the run
  // started, simulation-error after.
  void fail(std::string_view detail);
  // A line of progress inside the current state.
  void note(std::string_view detail) const;

private:
  LogLine log_;
  Phase phase_ = Phase::Configured;
  bool entered_ = false;
};

}  // namespace smc::cosim
