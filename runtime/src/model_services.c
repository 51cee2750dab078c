/* Runtime services for assert(), terminate() and model failures, called by
 * generated code (declared in smc/model.h).
 *
 * Generated code cannot log and knows nothing of FMI states, so each
 * service only records what happened in the instance; the FMI entry point
 * in progress reports it:
 *   - an assertion of level error, or smc_report_failure, leaves its reason
 *     in instance->failure; the callback then returns SMC_FAILED and the
 *     entry point's fmi2Error message quotes the reason with the time;
 *   - an assertion warning is logged at once, but the same message only
 *     once per FMI call (one fmi2DoStep with all its events), since
 *     compute_outputs and every event iteration check it again;
 *   - terminate() sets a flag; fmi2DoStep finishes the event iteration in
 *     progress and returns fmi2Discard (see simulation.c).
 */
#include <stdio.h>
#include <stdint.h>

#include "instance.h"
#include "logging.h"
#include "smc/model.h"

static SmcInstance* instance_of(SmcModelData* data) {
  return data != NULL ? (SmcInstance*)data->instance : NULL;
}

/* FNV-1a: identifies a warning text without keeping a copy of it. */
static uint64_t text_hash(const char* text) {
  uint64_t hash = 14695981039346656037ull;
  for (const unsigned char* p = (const unsigned char*)text; *p != '\0'; ++p) {
    hash ^= *p;
    hash *= 1099511628211ull;
  }
  return hash;
}

/* True the first time `text` is seen during the current FMI call. When the
 * table is full, further distinct warnings are logged every time rather
 * than dropped. */
static bool first_warning_in_call(SmcInstance* instance, const char* text) {
  uint64_t hash = text_hash(text);
  for (int i = 0; i < instance->warned_count; ++i)
    if (instance->warned[i] == hash) return false;
  if (instance->warned_count < SMC_WARNINGS_PER_STEP)
    instance->warned[instance->warned_count++] = hash;
  return true;
}

void smc_assert_failed(SmcModelData* data, int32_t level, const char* message) {
  SmcInstance* instance = instance_of(data);
  if (instance == NULL) return;
  const char* text = message != NULL ? message : "(no message)";
  if (level == SMC_ASSERT_WARNING) {
    if (first_warning_in_call(instance, text))
      smc_log_warning(instance, "assertion warning at t=%.17g: %s", data->time, text);
    return;
  }
  /* Any other level is an error: failing safe beats ignoring it. */
  smc_record_failure(instance, "assertion failed: %s", text);
}

void smc_terminate(SmcModelData* data, const char* message) {
  SmcInstance* instance = instance_of(data);
  if (instance == NULL || instance->dynamic->terminate_requested) return; /* the first call wins */
  instance->dynamic->terminate_requested = true;
  instance->dynamic->terminate_time = data->time;
  snprintf(instance->dynamic->terminate_message, sizeof instance->dynamic->terminate_message, "%s",
           message != NULL ? message : "");
}

void smc_report_failure(SmcModelData* data, const char* message) {
  SmcInstance* instance = instance_of(data);
  if (instance == NULL) return;
  smc_record_failure(instance, "%s", message != NULL ? message : "(no reason given)");
}
