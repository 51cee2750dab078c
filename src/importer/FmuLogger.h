// Routes an FMU's log calls (the variadic, printf-style `logger` callback of
// FMI 2.0 section 2.1.5) to a C++ sink. The FMU hands back the
// componentEnvironment pointer we gave it with every call, and that pointer
// is the LogRouter of the instance, so several FMUs and instances can log at
// once without any global state.
#pragma once

#include "importer/Fmi2Api.h"

#include <functional>
#include <string>
#include <string_view>

namespace smc::importer {

struct LogMessage {
  std::string_view instanceName;
  fmi2::Status status;
  std::string_view category;
  std::string_view message;  // already formatted
};

using LogSink = std::function<void(const LogMessage&)>;

// "<instance>: <status> [<category>]: <message>" on stderr.
void logToStderr(const LogMessage& message);

class LogRouter {
public:
  explicit LogRouter(LogSink sink);

  void deliver(const LogMessage& message);

  // The last message logged with status Discard, Error or Fatal since
  // clearLastProblem(); it is added to the importer's error messages, since
  // it usually says why a call failed.
  const std::string& lastProblem() const { return lastProblem_; }
  // The last message logged with status Warning since clearLastProblem():
  // why a call returned fmi2Warning.
  const std::string& lastWarning() const { return lastWarning_; }
  void clearLastProblem() {
    lastProblem_.clear();
    lastWarning_.clear();
  }

  // The C callbacks to hand to fmi2Instantiate; `environment` must be this.
  static fmi2::CallbackFunctions callbacks(LogRouter* environment);

private:
  LogSink sink_;
  std::string lastProblem_;
  std::string lastWarning_;
};

}  // namespace smc::importer
