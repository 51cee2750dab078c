/* Messages to the importer's logger (FMI 2.0 section 2.1.5).
 *
 * The logger takes a printf-style format in which '#' is reserved for
 * value-reference references. We format the text ourselves, then escape '%'
 * and '#' so the importer prints it verbatim whatever names or file paths it
 * contains. Errors are on unless the importer switches logStatusError off.
 */
#include "logging.h"

#include <stdio.h>
#include <string.h>


static const char* const category_names[SMC_LOG_CATEGORY_COUNT] = {
    [SMC_LOG_STATUS_ERROR] = "logStatusError",
    [SMC_LOG_STATUS_WARNING] = "logStatusWarning",
    [SMC_LOG_CALLS] = "logCalls",
    [SMC_LOG_MODELICA_MESSAGES] = "logModelicaMessages",
};

static const unsigned all_categories = (1u << SMC_LOG_CATEGORY_COUNT) - 1u;

unsigned smc_initial_log_categories(bool logging_on) {
  /* What the model itself prints (Streams.print through ModelicaMessage)
   * is output the user asked for: on like the errors. */
  return logging_on ? all_categories : (1u << SMC_LOG_STATUS_ERROR) | (1u << SMC_LOG_MODELICA_MESSAGES);
}

/* Bit mask of the named category, or 0 when the name is unknown. */
static unsigned category_bits(const char* name) {
  if (strcmp(name, "logAll") == 0) return all_categories;
  for (int i = 0; i < SMC_LOG_CATEGORY_COUNT; ++i)
    if (strcmp(name, category_names[i]) == 0) return 1u << i;
  return 0;
}

fmi2Status smc_set_debug_logging(SmcInstance* instance, fmi2Boolean logging_on, size_t count,
                                 const fmi2String categories[]) {
  if (count > 0 && categories == NULL) {
    smc_log_error(instance, "fmi2SetDebugLogging: categories is NULL but nCategories is %zu",
                  count);
    return fmi2Error;
  }
  /* No categories means all of them (FMI 2.0 section 2.1.5). */
  unsigned selected = count == 0 ? all_categories : 0;
  for (size_t i = 0; i < count; ++i) {
    unsigned bits = categories[i] != NULL ? category_bits(categories[i]) : 0;
    if (bits == 0) {
      smc_log_error(instance,
                    "fmi2SetDebugLogging: unknown log category '%s'; this FMU knows "
                    "logStatusError, logStatusWarning, logCalls, logModelicaMessages and logAll",
                    categories[i] != NULL ? categories[i] : "(null)");
      return fmi2Error;
    }
    selected |= bits;
  }
  if (logging_on)
    instance->log_categories |= selected;
  else
    instance->log_categories &= ~selected;
  return fmi2OK;
}

/* Copies text into out, doubling '%' and '#' so the logger shows them as is. */
static void escape_message(const char* text, char* out, size_t capacity) {
  size_t n = 0;
  for (const char* p = text; *p != '\0' && n + 2 < capacity; ++p) {
    if (*p == '%' || *p == '#') out[n++] = *p;
    out[n++] = *p;
  }
  out[n] = '\0';
}

static void send(const fmi2CallbackFunctions* functions, const char* instance_name,
                 fmi2Status status, const char* category, const char* format, va_list args) {
  char text[SMC_MESSAGE_CAPACITY];
  char escaped[2 * SMC_MESSAGE_CAPACITY];
  vsnprintf(text, sizeof text, format, args);
  escape_message(text, escaped, sizeof escaped);
  functions->logger(functions->componentEnvironment, instance_name, status, category, escaped);
}

static void log_in_category(const SmcInstance* instance, fmi2Status status, SmcLogCategory category,
                            const char* format, va_list args) {
  if (instance == NULL || (instance->log_categories & (1u << category)) == 0) return;
  send(&instance->callbacks, instance->name, status, category_names[category], format, args);
}

void smc_log_error(const SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  log_in_category(instance, fmi2Error, SMC_LOG_STATUS_ERROR, format, args);
  va_end(args);
}

void smc_log_warning(const SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  log_in_category(instance, fmi2Warning, SMC_LOG_STATUS_WARNING, format, args);
  va_end(args);
}

/* The reason for a call's fmi2Warning or fmi2Discard is logged whatever
 * the categories: FMI 2.0 section 2.1.3 says the logger was called for
 * both, and the importer is expected to show it. */
void smc_warn(SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  send(&instance->callbacks, instance->name, fmi2Warning,
       category_names[SMC_LOG_STATUS_WARNING], format, args);
  va_end(args);
  instance->call_warned = true;
}

void smc_log_discard(const SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  send(&instance->callbacks, instance->name, fmi2Discard,
       category_names[SMC_LOG_STATUS_WARNING], format, args);
  va_end(args);
}

void smc_log_modelica_message(const SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  log_in_category(instance, fmi2OK, SMC_LOG_MODELICA_MESSAGES, format, args);
  va_end(args);
}

void smc_log_call(const SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  log_in_category(instance, fmi2OK, SMC_LOG_CALLS, format, args);
  va_end(args);
}

void smc_log_instantiate_error(const fmi2CallbackFunctions* functions, const char* instance_name,
                               const char* format, ...) {
  if (functions == NULL || functions->logger == NULL) return;
  va_list args;
  va_start(args, format);
  send(functions, instance_name != NULL ? instance_name : "", fmi2Error,
       category_names[SMC_LOG_STATUS_ERROR], format, args);
  va_end(args);
}

void smc_record_failure(SmcInstance* instance, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(instance->failure, sizeof instance->failure, format, args);
  va_end(args);
  ++instance->failure_count;
}

void smc_append_failure_time(SmcInstance* instance, double time) {
  size_t used = strlen(instance->failure);
  if (used + 1 >= sizeof instance->failure) return;
  snprintf(instance->failure + used, sizeof instance->failure - used, " (at t=%.17g)", time);
}
