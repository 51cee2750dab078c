// The C side of FMU logging and memory callbacks; see FmuLogger.h.
#include "importer/FmuLogger.h"

#include <fmt/format.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace smc::importer {
namespace {

// vsnprintf into a string sized by a first, measuring pass.
std::string formatMessage(const char* format, va_list args) {
  if (format == nullptr) return {};
  va_list measuring;
  va_copy(measuring, args);
  int length = std::vsnprintf(nullptr, 0, format, measuring);
  va_end(measuring);
  if (length < 0) return format;  // a broken format: show it unexpanded
  std::vector<char> buffer(static_cast<std::size_t>(length) + 1);
  std::vsnprintf(buffer.data(), buffer.size(), format, args);
  return std::string(buffer.data(), static_cast<std::size_t>(length));
}

}  // namespace

extern "C" {

static void routeLogMessage(fmi2::ComponentEnvironment environment, fmi2::String instanceName,
                            fmi2::Status status, fmi2::String category, fmi2::String message,
                            ...) {
  va_list args;
  va_start(args, message);
  std::string text = formatMessage(message, args);
  va_end(args);
  LogMessage log{instanceName != nullptr ? instanceName : "",
                 status,
                 category != nullptr ? category : "",
                 text};
  // Exceptions must not unwind through the FMU's C frames.
  try {
    if (environment != nullptr) {
      static_cast<LogRouter*>(environment)->deliver(log);
    } else {
      logToStderr(log);  // an FMU that lost our environment pointer
    }
  } catch (...) {
    std::fputs("smc: the log sink threw an exception; message dropped\n", stderr);
  }
}

static void* allocateZeroed(std::size_t count, std::size_t size) {
  return std::calloc(count, size);
}

static void freeAllocated(void* object) { std::free(object); }

}  // extern "C"

void logToStderr(const LogMessage& message) {
  std::string line = fmt::format("{}: {} [{}]: {}\n", message.instanceName,
                                 fmi2::statusName(message.status), message.category,
                                 message.message);
  std::fputs(line.c_str(), stderr);
}

LogRouter::LogRouter(LogSink sink) : sink_(sink ? std::move(sink) : LogSink(logToStderr)) {}

void LogRouter::deliver(const LogMessage& message) {
  if (message.status == fmi2::Status::Discard || message.status == fmi2::Status::Error ||
      message.status == fmi2::Status::Fatal) {
    lastProblem_ = std::string(message.message);
  }
  if (message.status == fmi2::Status::Warning) lastWarning_ = std::string(message.message);
  sink_(message);
}

fmi2::CallbackFunctions LogRouter::callbacks(LogRouter* environment) {
  return fmi2::CallbackFunctions{routeLogMessage, allocateZeroed, freeAllocated, nullptr,
                                 environment};
}

}  // namespace smc::importer
