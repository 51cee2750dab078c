// Implementation of the runtime test harness (see fmu_harness.h).
#include "fmu_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace smc::runtime_test {
namespace {

// FMI 2.0 section 2.1.5: the message is a printf format and "##" stands for
// one '#'. Formats like an importer would, then undoes the '#' escape.
extern "C" void capture_logger(fmi2ComponentEnvironment environment, fmi2String instance_name,
                               fmi2Status status, fmi2String category, fmi2String message, ...) {
  char formatted[8192];
  va_list args;
  va_start(args, message);
  std::vsnprintf(formatted, sizeof formatted, message, args);
  va_end(args);
  std::string text;
  for (const char* p = formatted; *p != '\0'; ++p) {
    text += *p;
    if (p[0] == '#' && p[1] == '#') ++p;
  }
  auto* log = static_cast<LogCapture*>(environment);
  log->records.push_back({instance_name != nullptr ? instance_name : "(null)", status,
                          category != nullptr ? category : "(null)", text});
}

// The allocator counts through a pointer stored in front of each block; the
// C callbacks carry no context argument, so the counter lives in a global
// only this test harness uses.
AllocationCounter* active_counter = nullptr;

extern "C" void* counting_allocate(size_t count, size_t size) {
  if (active_counter != nullptr) ++active_counter->allocations;
  return std::calloc(count, size);
}

extern "C" void counting_free(void* memory) {
  if (memory != nullptr && active_counter != nullptr) ++active_counter->releases;
  std::free(memory);
}

}  // namespace

const LogRecord* LogCapture::find(const std::vector<std::string>& fragments) const {
  for (const LogRecord& record : records) {
    bool all = true;
    for (const std::string& fragment : fragments)
      all = all && record.message.find(fragment) != std::string::npos;
    if (all) return &record;
  }
  return nullptr;
}

bool LogCapture::contains(const std::vector<std::string>& fragments) const {
  return find(fragments) != nullptr;
}

int LogCapture::count(fmi2Status status) const {
  int n = 0;
  for (const LogRecord& record : records) n += record.status == status ? 1 : 0;
  return n;
}

double number_after(const std::string& text, const std::string& marker) {
  size_t at = text.find(marker);
  if (at == std::string::npos) return NAN;
  const char* start = text.c_str() + at + marker.size();
  char* end = nullptr;
  double value = std::strtod(start, &end);
  return end == start ? NAN : value;
}

std::string LogCapture::dump() const {
  std::string text;
  for (const LogRecord& record : records)
    text += "[" + record.category + "] " + record.message + "\n";
  return text;
}

fmi2CallbackFunctions make_callbacks(LogCapture* log, AllocationCounter* counter) {
  if (counter != nullptr) active_counter = counter;
  fmi2CallbackFunctions callbacks{};
  callbacks.logger = capture_logger;
  callbacks.allocateMemory = counter != nullptr ? counting_allocate : nullptr;
  callbacks.freeMemory = counter != nullptr ? counting_free : nullptr;
  callbacks.stepFinished = nullptr;
  callbacks.componentEnvironment = log;
  return callbacks;
}

Instance::Instance(const char* name, fmi2Boolean logging_on, AllocationCounter* counter)
    : callbacks_(make_callbacks(&log_, counter)),
      component_(fmi2Instantiate(name, fmi2CoSimulation, smc_model.guid, "file:///unused",
                                 &callbacks_, fmi2False, logging_on)) {
  EXPECT_NE(component_, nullptr) << log_.dump();
}

Instance::~Instance() { free(); }

void Instance::free() {
  if (component_ != nullptr) fmi2FreeInstance(component_);
  component_ = nullptr;
}

fmi2Status Instance::initialize(double tolerance, double start_time) {
  fmi2Status status =
      fmi2SetupExperiment(component_, fmi2True, tolerance, start_time, fmi2False, 0.0);
  if (status != fmi2OK) return status;
  time_ = start_time;
  status = fmi2EnterInitializationMode(component_);
  if (status != fmi2OK) return status;
  return fmi2ExitInitializationMode(component_);
}

fmi2Status Instance::step_until(double until, double h) {
  while (time_ < until - 1e-9 * h) {
    fmi2Status status = fmi2DoStep(component_, time_, h, fmi2True);
    if (status != fmi2OK) return status;
    time_ += h;
  }
  return fmi2OK;
}

double Instance::real(fmi2ValueReference vr) {
  double value = NAN;
  EXPECT_EQ(fmi2GetReal(component_, &vr, 1, &value), fmi2OK) << log_.dump();
  return value;
}

fmi2Status Instance::set_real(fmi2ValueReference vr, double value) {
  return fmi2SetReal(component_, &vr, 1, &value);
}

int Instance::integer(fmi2ValueReference vr) {
  fmi2Integer value = -1;
  EXPECT_EQ(fmi2GetInteger(component_, &vr, 1, &value), fmi2OK) << log_.dump();
  return value;
}

fmi2Status Instance::set_integer(fmi2ValueReference vr, int value) {
  return fmi2SetInteger(component_, &vr, 1, &value);
}

bool Instance::boolean(fmi2ValueReference vr) {
  fmi2Boolean value = -1;
  EXPECT_EQ(fmi2GetBoolean(component_, &vr, 1, &value), fmi2OK) << log_.dump();
  EXPECT_TRUE(value == fmi2True || value == fmi2False);
  return value == fmi2True;
}

fmi2Status Instance::set_boolean(fmi2ValueReference vr, bool value) {
  fmi2Boolean b = value ? fmi2True : fmi2False;
  return fmi2SetBoolean(component_, &vr, 1, &b);
}

}  // namespace smc::runtime_test
