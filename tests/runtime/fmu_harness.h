// Test harness for the runtime: drives the fmi2* functions the way an
// importer does, with a logger that records every message per instance and
// an allocator that counts what the runtime takes and gives back.
#pragma once

#include <string>
#include <vector>

#include "fmi2/fmi2Functions.h"
#include "smc/model.h"

namespace smc::runtime_test {

struct LogRecord {
  std::string instance;
  fmi2Status status;
  std::string category;
  std::string message;
};

// Receives the runtime's messages through componentEnvironment.
struct LogCapture {
  std::vector<LogRecord> records;

  // True when some message contains every one of the fragments.
  bool contains(const std::vector<std::string>& fragments) const;
  // The first message containing every fragment, or nullptr.
  const LogRecord* find(const std::vector<std::string>& fragments) const;
  // How many messages have this status.
  int count(fmi2Status status) const;
  std::string dump() const;  // all messages, one per line, for failure output
};

// The number printed right after the first `marker` in text ("t=0.69999"
// gives 0.69999), or NaN when there is none: runtime messages print times
// with 17 digits, so tests compare them numerically.
double number_after(const std::string& text, const std::string& marker);

// Counts allocations made through the importer's allocateMemory/freeMemory.
struct AllocationCounter {
  int allocations = 0;
  int releases = 0;
};

// Callbacks whose componentEnvironment is `log`; the allocator fields are
// the counting ones when `counter` is given, else NULL (runtime's calloc).
fmi2CallbackFunctions make_callbacks(LogCapture* log, AllocationCounter* counter = nullptr);

// One instance of the FMU under test, freed at the end of the scope.
class Instance {
 public:
  explicit Instance(const char* name = "instance", fmi2Boolean logging_on = fmi2False,
                    AllocationCounter* counter = nullptr);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  fmi2Component get() const { return component_; }
  const LogCapture& log() const { return log_; }

  // fmi2SetupExperiment + Enter/ExitInitializationMode; returns the first
  // status that is not fmi2OK (or fmi2OK).
  fmi2Status initialize(double tolerance, double start_time = 0.0);
  // Steps of size h from the current time to `until` (within rounding).
  fmi2Status step_until(double until, double h);

  double real(fmi2ValueReference vr);
  fmi2Status set_real(fmi2ValueReference vr, double value);
  int integer(fmi2ValueReference vr);
  fmi2Status set_integer(fmi2ValueReference vr, int value);
  bool boolean(fmi2ValueReference vr);
  fmi2Status set_boolean(fmi2ValueReference vr, bool value);

  double time() const { return time_; }
  // After fmi2SetFMUstate the FMU's time is the saved one: tell the harness.
  void assume_time(double time) { time_ = time; }
  // Frees the instance now (further calls on it are invalid).
  void free();

 private:
  LogCapture log_;
  fmi2CallbackFunctions callbacks_;
  fmi2Component component_;
  double time_ = 0.0;
};

}  // namespace smc::runtime_test
