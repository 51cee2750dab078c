/* ModelicaUtilities.h as smc provides it to external C code (spec 12.9.6):
 * the functions through which C reports to the simulation and returns
 * Strings to Modelica. smc's FMU runtime defines them; an IncludeDirectory
 * holding a header of this name (the MSL's) comes first on the include
 * path and declares the same functions. */
#ifndef MODELICA_UTILITIES_H
#define MODELICA_UTILITIES_H

#include <stdarg.h>
#include <stddef.h>

#if defined(__cplusplus)
extern "C" {
#endif

/* A message for the user: the FMI logger, category logModelicaMessages. */
void ModelicaMessage(const char* string);
void ModelicaFormatMessage(const char* format, ...) __attribute__((format(printf, 1, 2)));
void ModelicaVFormatMessage(const char* format, va_list args) __attribute__((format(printf, 1, 0)));

/* A warning: logged, and the FMI call returns fmi2Warning. */
void ModelicaWarning(const char* string);
void ModelicaFormatWarning(const char* format, ...) __attribute__((format(printf, 1, 2)));
void ModelicaVFormatWarning(const char* format, va_list args) __attribute__((format(printf, 1, 0)));

/* An error: does not return; the FMI call that ran the model returns
 * fmi2Error with the message in its log. */
_Noreturn void ModelicaError(const char* string);
_Noreturn void ModelicaFormatError(const char* format, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void ModelicaVFormatError(const char* format, va_list args) __attribute__((format(printf, 1, 0)));

/* Memory for a String result of length `len` (the terminating NUL is
 * added): freed by the tool once the external function's caller is done
 * with it. The first raises ModelicaError when no memory is left, the
 * second returns NULL instead. */
char* ModelicaAllocateString(size_t len);
char* ModelicaAllocateStringWithErrorReturn(size_t len);
/* A copy of `string` in such memory. */
char* ModelicaDuplicateString(const char* string);

#if defined(__cplusplus)
}
#endif

#endif /* MODELICA_UTILITIES_H */
