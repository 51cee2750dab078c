// FMI call wrappers with status checking; see FmuInstance.h.
#include "importer/FmuInstance.h"

#include "importer/ModelDescription.h"

#include <fmt/format.h>

namespace smc::importer {

FmuInstance::FmuInstance(const Fmu& fmu, std::string name, LogSink sink)
    : api_(fmu.functions()),
      name_(std::move(name)),
      router_(std::move(sink)),
      callbacks_(LogRouter::callbacks(&router_)) {}

Result<std::unique_ptr<FmuInstance>> FmuInstance::instantiate(
    const Fmu& fmu, const ModelDescription& description, const std::string& resourcesUri,
    InstanceOptions options) {
  std::string name =
      options.instanceName.empty() ? description.modelIdentifier : options.instanceName;
  std::unique_ptr<FmuInstance> instance(
      new FmuInstance(fmu, std::move(name), std::move(options.logSink)));
  instance->component_ = instance->api_.instantiate(
      instance->name_.c_str(), fmi2::Type::CoSimulation, description.guid.c_str(),
      resourcesUri.c_str(), &instance->callbacks_, options.visible ? fmi2::True : fmi2::False,
      options.loggingOn ? fmi2::True : fmi2::False);
  if (instance->component_ == nullptr) {
    std::string reason = instance->router_.lastProblem();
    return Error{fmt::format("fmi2Instantiate failed for model '{}' (guid {}){}{}",
                             description.modelName, description.guid,
                             reason.empty() ? "" : ": ", reason)};
  }
  return instance;
}

FmuInstance::~FmuInstance() {
  if (component_ != nullptr && !fatal_) api_.freeInstance(component_);
}

Result<fmi2::Status> FmuInstance::judge(const char* call, double time, fmi2::Status status) {
  switch (status) {
  case fmi2::Status::OK:
  case fmi2::Status::Warning:
  case fmi2::Status::Discard: return status;
  case fmi2::Status::Fatal: fatal_ = true; break;
  case fmi2::Status::Error:
  case fmi2::Status::Pending: break;  // we never ask for asynchronous steps
  }
  const std::string& reason = router_.lastProblem();
  return Error{fmt::format("{} returned {} at t={:.10g}{}{}", call, fmi2::statusName(status),
                           time, reason.empty() ? "" : ": ", reason)};
}

Result<fmi2::Status> FmuInstance::setupExperiment(std::optional<double> tolerance,
                                                  double startTime, double stopTime) {
  router_.clearLastProblem();
  fmi2::Status status =
      api_.setupExperiment(component_, tolerance ? fmi2::True : fmi2::False,
                           tolerance.value_or(0.0), startTime, fmi2::True, stopTime);
  return judge("fmi2SetupExperiment", startTime, status);
}

Result<fmi2::Status> FmuInstance::enterInitializationMode(double time) {
  router_.clearLastProblem();
  return judge("fmi2EnterInitializationMode", time, api_.enterInitializationMode(component_));
}

Result<fmi2::Status> FmuInstance::exitInitializationMode(double time) {
  router_.clearLastProblem();
  return judge("fmi2ExitInitializationMode", time, api_.exitInitializationMode(component_));
}

bool FmuInstance::observeEvents(EventObserver observer) {
  if (api_.observeEvents == nullptr) return false;
  eventObserver_ = std::move(observer);
  fmi2::EventObserverFn call = [](void* env, fmi2::Component, fmi2::Real time, fmi2::Boolean after) {
    static_cast<FmuInstance*>(env)->eventObserver_(time, after != fmi2::False);
  };
  return api_.observeEvents(component_, eventObserver_ ? call : nullptr, this) == fmi2::Status::OK;
}

Result<fmi2::Status> FmuInstance::doStep(double time, double stepSize) {
  router_.clearLastProblem();
  return judge("fmi2DoStep", time, api_.doStep(component_, time, stepSize, fmi2::True));
}

Result<fmi2::Status> FmuInstance::terminate(double time) {
  router_.clearLastProblem();
  return judge("fmi2Terminate", time, api_.terminate(component_));
}

Result<fmi2::Status> FmuInstance::getReal(std::span<const fmi2::ValueReference> refs,
                                          std::span<double> values, double time) {
  router_.clearLastProblem();
  return judge("fmi2GetReal", time,
               api_.getReal(component_, refs.data(), refs.size(), values.data()));
}

Result<fmi2::Status> FmuInstance::getInteger(std::span<const fmi2::ValueReference> refs,
                                             std::span<int> values, double time) {
  router_.clearLastProblem();
  return judge("fmi2GetInteger", time,
               api_.getInteger(component_, refs.data(), refs.size(), values.data()));
}

Result<fmi2::Status> FmuInstance::getBoolean(std::span<const fmi2::ValueReference> refs,
                                             std::span<int> values, double time) {
  router_.clearLastProblem();
  return judge("fmi2GetBoolean", time,
               api_.getBoolean(component_, refs.data(), refs.size(), values.data()));
}

Result<fmi2::Status> FmuInstance::setReal(fmi2::ValueReference ref, double value, double time) {
  router_.clearLastProblem();
  return judge("fmi2SetReal", time, api_.setReal(component_, &ref, 1, &value));
}

Result<fmi2::Status> FmuInstance::setInteger(fmi2::ValueReference ref, int value,
                                             double time) {
  router_.clearLastProblem();
  return judge("fmi2SetInteger", time, api_.setInteger(component_, &ref, 1, &value));
}

Result<fmi2::Status> FmuInstance::setBoolean(fmi2::ValueReference ref, bool value,
                                             double time) {
  router_.clearLastProblem();
  fmi2::Boolean flag = value ? fmi2::True : fmi2::False;
  return judge("fmi2SetBoolean", time, api_.setBoolean(component_, &ref, 1, &flag));
}

Result<fmi2::Status> FmuInstance::setString(fmi2::ValueReference ref, const std::string& value,
                                            double time) {
  router_.clearLastProblem();
  fmi2::String text = value.c_str();
  return judge("fmi2SetString", time, api_.setString(component_, &ref, 1, &text));
}

std::optional<bool> FmuInstance::terminatedByFmu() {
  fmi2::Boolean terminated = fmi2::False;
  fmi2::Status status = api_.getBooleanStatus(component_, fmi2::StatusKind::Terminated,
                                              &terminated);
  if (status == fmi2::Status::Fatal) fatal_ = true;
  if (status != fmi2::Status::OK) return std::nullopt;
  return terminated != fmi2::False;
}

std::optional<double> FmuInstance::lastSuccessfulTime() {
  double time = 0.0;
  fmi2::Status status =
      api_.getRealStatus(component_, fmi2::StatusKind::LastSuccessfulTime, &time);
  if (status == fmi2::Status::Fatal) fatal_ = true;
  if (status != fmi2::Status::OK) return std::nullopt;
  return time;
}

Result<fmi2::Status> FmuInstance::reset(double time) {
  router_.clearLastProblem();
  return judge("fmi2Reset", time, api_.reset(component_));
}

Result<fmi2::FMUstate> FmuInstance::getState(double time, fmi2::FMUstate reuse) {
  router_.clearLastProblem();
  fmi2::FMUstate state = reuse;
  Result<fmi2::Status> status = judge("fmi2GetFMUstate", time, api_.getFMUstate(component_, &state));
  if (!status) return status.error();
  if (*status == fmi2::Status::Discard || state == nullptr)
    return Error{fmt::format("fmi2GetFMUstate gave no state at t={:.10g}", time)};
  return state;
}

Result<void> FmuInstance::setState(fmi2::FMUstate state, double time) {
  router_.clearLastProblem();
  Result<fmi2::Status> status = judge("fmi2SetFMUstate", time, api_.setFMUstate(component_, state));
  if (!status) return status.error();
  if (*status == fmi2::Status::Discard)
    return Error{fmt::format("fmi2SetFMUstate returned fmi2Discard at t={:.10g}", time)};
  return {};
}

Result<void> FmuInstance::freeState(fmi2::FMUstate& state, double time) {
  if (fatal_) return Error{"fmi2FreeFMUstate after fmi2Fatal"};
  router_.clearLastProblem();
  Result<fmi2::Status> status = judge("fmi2FreeFMUstate", time, api_.freeFMUstate(component_, &state));
  state = nullptr;
  if (!status) return status.error();
  return {};
}

Result<std::vector<char>> FmuInstance::serializeState(fmi2::FMUstate state, double time) {
  std::vector<char> bytes;
  if (Result<void> written = serializeStateInto(state, bytes, time); !written) return written.error();
  return bytes;
}

Result<void> FmuInstance::serializeStateInto(fmi2::FMUstate state, std::vector<char>& bytes, double time) {
  router_.clearLastProblem();
  std::size_t size = 0;
  Result<fmi2::Status> sized =
      judge("fmi2SerializedFMUstateSize", time, api_.serializedFMUstateSize(component_, state, &size));
  if (!sized) return sized.error();
  if (bytes.size() != size) bytes.resize(size);
  Result<fmi2::Status> written =
      judge("fmi2SerializeFMUstate", time, api_.serializeFMUstate(component_, state, bytes.data(), bytes.size()));
  if (!written) return written.error();
  return {};
}

Result<fmi2::FMUstate> FmuInstance::deserializeState(const std::vector<char>& bytes, double time) {
  router_.clearLastProblem();
  fmi2::FMUstate state = nullptr;
  Result<fmi2::Status> status =
      judge("fmi2DeSerializeFMUstate", time, api_.deSerializeFMUstate(component_, bytes.data(), bytes.size(), &state));
  if (!status) return status.error();
  if (*status == fmi2::Status::Discard || state == nullptr)
    return Error{fmt::format("fmi2DeSerializeFMUstate gave no state at t={:.10g}", time)};
  return state;
}

}  // namespace smc::importer
