// One instantiated Co-Simulation slave (FMI 2.0 section 4.2): wraps the
// calls the importer makes and turns their status into Results whose
// message names the call, the simulation time and, when the FMU logged one,
// its reason. fmi2FreeInstance runs on destruction, except after fmi2Fatal,
// when the spec forbids any further call.
#pragma once

#include "importer/Fmi2Api.h"
#include "importer/Fmu.h"
#include "importer/FmuLogger.h"
#include "importer/Result.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <string>
#include <vector>

namespace smc::importer {

struct ModelDescription;

struct InstanceOptions {
  std::string instanceName;  // empty: the model identifier
  bool visible = false;
  bool loggingOn = false;
  LogSink logSink;  // empty: stderr
};

class FmuInstance {
public:
  static Result<std::unique_ptr<FmuInstance>> instantiate(const Fmu& fmu,
                                                          const ModelDescription& description,
                                                          const std::string& resourcesUri,
                                                          InstanceOptions options);
  FmuInstance(const FmuInstance&) = delete;
  FmuInstance& operator=(const FmuInstance&) = delete;
  ~FmuInstance();

  const std::string& name() const { return name_; }
  // What the FMU last logged with status Discard, Error or Fatal during the
  // most recent call, if anything.
  const std::string& lastFmuProblem() const { return router_.lastProblem(); }
  const std::string& lastFmuWarning() const { return router_.lastWarning(); }

  // Each returns the FMU's status when it is OK, Warning or Discard; the
  // caller decides what a Discard means. Error, Fatal and anything else
  // become an Error. `time` is for messages only.
  Result<fmi2::Status> setupExperiment(std::optional<double> tolerance, double startTime,
                                       double stopTime);
  Result<fmi2::Status> enterInitializationMode(double time);
  Result<fmi2::Status> exitInitializationMode(double time);
  Result<fmi2::Status> doStep(double time, double stepSize);
  Result<fmi2::Status> terminate(double time);
  // Back to the instantiated state, as after fmi2Instantiate.
  Result<fmi2::Status> reset(double time);

  Result<fmi2::Status> getReal(std::span<const fmi2::ValueReference> refs,
                               std::span<double> values, double time);
  Result<fmi2::Status> getInteger(std::span<const fmi2::ValueReference> refs,
                                  std::span<int> values, double time);
  Result<fmi2::Status> getBoolean(std::span<const fmi2::ValueReference> refs,
                                  std::span<int> values, double time);
  Result<fmi2::Status> setReal(fmi2::ValueReference ref, double value, double time);
  Result<fmi2::Status> setInteger(fmi2::ValueReference ref, int value, double time);
  Result<fmi2::Status> setBoolean(fmi2::ValueReference ref, bool value, double time);
  Result<fmi2::Status> setString(fmi2::ValueReference ref, const std::string& value,
                                 double time);

  // FMU states (section 2.1.8). getState returns a new state (or updates
  // `reuse`, as fmi2GetFMUstate does when given one); the caller frees it
  // with freeState, or holds it in a SavedState.
  Result<fmi2::FMUstate> getState(double time, fmi2::FMUstate reuse = nullptr);
  Result<void> setState(fmi2::FMUstate state, double time);
  Result<void> freeState(fmi2::FMUstate& state, double time);
  Result<std::vector<char>> serializeState(fmi2::FMUstate state, double time);
  // The same into `bytes`, resized only when its size is not the state's.
  Result<void> serializeStateInto(fmi2::FMUstate state, std::vector<char>& bytes, double time);
  Result<fmi2::FMUstate> deserializeState(const std::vector<char>& bytes, double time);

  // Each event inside doStep calls `observer` twice, with the values just
  // before it (after = false) and just after it; the observer may only call
  // the get functions. False, and nothing is observed, when the FMU does
  // not offer it (only FMUs made by smc do). An empty observer stops it.
  using EventObserver = std::function<void(double time, bool after)>;
  bool observeEvents(EventObserver observer);

  // After a discarded step (section 4.2.3): has the FMU ended the
  // simulation, and when was its last good point? Empty when the FMU
  // cannot say.
  std::optional<bool> terminatedByFmu();
  std::optional<double> lastSuccessfulTime();

private:
  FmuInstance(const Fmu& fmu, std::string name, LogSink sink);
  Result<fmi2::Status> judge(const char* call, double time, fmi2::Status status);

  const Fmi2Functions& api_;
  std::string name_;
  LogRouter router_;
  fmi2::CallbackFunctions callbacks_;  // the FMU may keep a pointer to it
  fmi2::Component component_ = nullptr;
  bool fatal_ = false;
  EventObserver eventObserver_;
};

// An FMU state owned by the importer: freed (through its instance) when it
// goes out of scope. The instance must outlive it.
class SavedState {
public:
  SavedState() = default;
  SavedState(FmuInstance& instance, fmi2::FMUstate state) : instance_(&instance), state_(state) {}
  SavedState(SavedState&& other) noexcept
      : instance_(other.instance_), state_(std::exchange(other.state_, nullptr)) {}
  SavedState& operator=(SavedState&& other) noexcept {
    if (this != &other) {
      release();
      instance_ = other.instance_;
      state_ = std::exchange(other.state_, nullptr);
    }
    return *this;
  }
  SavedState(const SavedState&) = delete;
  SavedState& operator=(const SavedState&) = delete;
  ~SavedState() { release(); }

  fmi2::FMUstate get() const { return state_; }

private:
  void release() {
    if (instance_ && state_) (void)instance_->freeState(state_, 0.0);
  }
  FmuInstance* instance_ = nullptr;
  fmi2::FMUstate state_ = nullptr;
};

}  // namespace smc::importer
