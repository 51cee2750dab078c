/* Messages to the importer's logger, filtered by log category.
 *
 * Categories (declared in modelDescription.xml as <LogCategories>):
 *   logStatusError   - every fmi2Error; on by default
 *   logStatusWarning - warnings, e.g. an algebraic loop that failed on a
 *                      solver trial step and may still recover
 *   logCalls         - a trace line for each fmi2 function called
 *   logModelicaMessages - what external C code prints through
 *                      ModelicaMessage (Streams.print); on by default
 * "logAll" names all of them in fmi2SetDebugLogging.
 */
#ifndef SMC_RUNTIME_LOGGING_H
#define SMC_RUNTIME_LOGGING_H

#include <stdarg.h>

#include "instance.h"

typedef enum {
  SMC_LOG_STATUS_ERROR,
  SMC_LOG_STATUS_WARNING,
  SMC_LOG_CALLS,
  SMC_LOG_MODELICA_MESSAGES,
  SMC_LOG_CATEGORY_COUNT
} SmcLogCategory;

/* The longest message text sent to the logger; longer text is cut off. */
enum { SMC_MESSAGE_CAPACITY = 2048 };

#define SMC_PRINTF(fmt_index, args_index) __attribute__((format(printf, fmt_index, args_index)))

/* The categories enabled after fmi2Instantiate(loggingOn). */
unsigned smc_initial_log_categories(bool logging_on);

/* Implements fmi2SetDebugLogging: unknown names are an error and change nothing. */
fmi2Status smc_set_debug_logging(SmcInstance* instance, fmi2Boolean logging_on, size_t count,
                                 const fmi2String categories[]);

/* Formats and sends one message when its category is enabled. */
void smc_log_error(const SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);
void smc_log_warning(const SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);
void smc_log_call(const SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);
void smc_log_modelica_message(const SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);

/* Logs an error before an instance exists (fmi2Instantiate); a NULL
 * `functions` or logger makes it a no-op. */
void smc_log_instantiate_error(const fmi2CallbackFunctions* functions, const char* instance_name,
                               const char* format, ...) SMC_PRINTF(3, 4);

/* A warning that makes the current FMI call return fmi2Warning (the run
 * goes on, but its result is in doubt): logged in every case, and noted in
 * instance->call_warned. */
void smc_warn(SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);
/* Why the current call returns fmi2Discard, logged in every case. */
void smc_log_discard(const SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);

/* Remembers why a model evaluation failed (see SmcInstance.failure). */
void smc_record_failure(SmcInstance* instance, const char* format, ...) SMC_PRINTF(2, 3);

/* Appends " (at t=...)" to the recorded failure: for failures inside the
 * integrator, whose trial time differs from the communication point. */
void smc_append_failure_time(SmcInstance* instance, double time);

#endif /* SMC_RUNTIME_LOGGING_H */
