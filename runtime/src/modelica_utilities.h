/* The functions of ModelicaUtilities.h (spec 12.9.6), for external C code
 * linked into the FMU (the MSL's tables, a user's library), and the guard
 * that lets ModelicaError end the FMI call that ran the model.
 *
 * ModelicaError does not return: it records its message as the failure of
 * the innermost guarded model call on this thread and jumps back to it, so
 * the FMI function that called the model returns fmi2Error with the message
 * in its log, as for a failed assert(). Only generated code and SUNDIALS
 * lie between the guard and the external function, and neither holds a
 * resource a jump would leak: SUNDIALS solvers are restarted after any
 * failure. Outside a guarded call (no model code runs there) ModelicaError
 * logs the message and returns.
 *
 * ModelicaMessage text goes to the logger in category logModelicaMessages;
 * ModelicaWarning makes the FMI call return fmi2Warning. Strings from
 * ModelicaAllocateString live until the outermost guarded call on the
 * thread ends. */
#ifndef SMC_RUNTIME_MODELICA_UTILITIES_H
#define SMC_RUNTIME_MODELICA_UTILITIES_H

#include "instance.h"

/* Runs call(instance, context) so that a ModelicaError inside it returns
 * SMC_FAILED with instance->external_error set; else what call returns. */
typedef int32_t (*SmcGuardedCall)(SmcInstance* instance, void* context);
int32_t smc_call_guarded(SmcInstance* instance, SmcGuardedCall call, void* context);

/* Room for a string of `len` characters and its NUL (set), living as
 * ModelicaAllocateString's do; raises ModelicaError when it cannot be had
 * (memory, or the limit on what one call holds), so it never returns null.
 * Only inside a guarded call. */
char* smc_call_string(SmcInstance* instance, size_t len);

/* ModelicaUtilities.h's, for the runtime's own services: ends the guarded
 * call with the message. */
_Noreturn void ModelicaFormatError(const char* string, ...);

#endif /* SMC_RUNTIME_MODELICA_UTILITIES_H */
