/* String values computed when the model runs (declared in smc/model.h):
 * concatenation, String() of a value and comparison. Each result is new
 * text that lives until the model call that made it returns, like the
 * strings ModelicaAllocateString hands out (modelica_utilities.c holds
 * both). Null, which only a misbehaving external function returns, reads
 * as "". The formats match the compiler's folding of String() on
 * constants (src/flatten/ConstEval.cpp, formatStringOf). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "instance.h"
#include "modelica_utilities.h"
#include "smc/model.h"

enum { MAX_SIGNIFICANT_DIGITS = 17, MAX_MINIMUM_LENGTH = 1000 };

static SmcInstance* instance_of(SmcModelData* data) {
  return data != NULL ? (SmcInstance*)data->instance : NULL;
}

static const char* text_or_empty(const char* text) { return text != NULL ? text : ""; }

const char* smc_string_concat(SmcModelData* data, const char* a, const char* b) {
  a = text_or_empty(a);
  b = text_or_empty(b);
  size_t first = strlen(a), second = strlen(b);
  if (second == 0) return a;
  if (first == 0) return b;
  /* Two lengths of live strings cannot overflow size_t together. */
  char* joined = smc_call_string(instance_of(data), first + second);
  memcpy(joined, a, first);
  memcpy(joined + first, b, second);
  return joined;
}

/* `text`, padded with blanks to minimum_length on the side leftJustified
 * leaves free (spec 3.7.1.2). */
static const char* padded(SmcModelData* data, const char* text, int32_t minimum_length, int32_t left_justified) {
  size_t length = strlen(text);
  size_t width = minimum_length <= 0                  ? 0
                 : minimum_length > MAX_MINIMUM_LENGTH ? MAX_MINIMUM_LENGTH
                                                       : (size_t)minimum_length;
  size_t total = width > length ? width : length;
  char* result = smc_call_string(instance_of(data), total);
  size_t start = left_justified ? 0 : total - length;
  memset(result, ' ', total);
  memcpy(result + start, text, length);
  return result;
}

const char* smc_string_of_real(SmcModelData* data, double value, int32_t significant_digits,
                               int32_t minimum_length, int32_t left_justified) {
  int digits = significant_digits < 1                        ? 1
               : significant_digits > MAX_SIGNIFICANT_DIGITS ? MAX_SIGNIFICANT_DIGITS
                                                             : (int)significant_digits;
  char text[64];
  snprintf(text, sizeof text, "%.*g", digits, value);
  return padded(data, text, minimum_length, left_justified);
}

const char* smc_string_of_integer(SmcModelData* data, int32_t value, int32_t minimum_length,
                                  int32_t left_justified) {
  char text[16];
  snprintf(text, sizeof text, "%d", (int)value);
  return padded(data, text, minimum_length, left_justified);
}

const char* smc_string_of_boolean(SmcModelData* data, int32_t value, int32_t minimum_length,
                                  int32_t left_justified) {
  return padded(data, value ? "true" : "false", minimum_length, left_justified);
}

/* Whether `format` is "[flags][width][.precision]conversion" with flags
 * from "-+ #0", width and precision at most MAX_MINIMUM_LENGTH and the
 * conversion in `conversions`: then "%<format>" takes exactly one argument
 * of the conversion's type. The compiler checks literal formats alike
 * (src/flatten/ConstEval.cpp, formatStringWith). */
static bool valid_format(const char* format, const char* conversions) {
  const char* at = format;
  while (*at != '\0' && strchr("-+ #0", *at) != NULL) ++at;
  for (int part = 0; part < 2; ++part) {
    long n = 0;
    while (*at >= '0' && *at <= '9') {
      n = n * 10 + (*at++ - '0');
      if (n > MAX_MINIMUM_LENGTH) return false;
    }
    if (part == 0 && *at == '.') ++at;
    else break;
  }
  return at[0] != '\0' && at[1] == '\0' && strchr(conversions, at[0]) != NULL;
}

/* Room for any valid format's text: a width or precision of at most
 * MAX_MINIMUM_LENGTH plus the 309 digits of DBL_MAX and a sign, point and
 * exponent. */
enum { FORMATTED_CAPACITY = 2 * MAX_MINIMUM_LENGTH + 400 };

_Noreturn static void invalid_format(const char* format, const char* what) {
  ModelicaFormatError("\"%s\" is not a format String() can use for %s: [flags][width][.precision] followed by "
                      "one of %s (spec 3.7.1.2)",
                      format, what, strcmp(what, "a Real") == 0 ? "e E f F g G" : "e E f F g G d i o u x X c");
}

const char* smc_string_format_real(SmcModelData* data, double value, const char* format) {
  format = text_or_empty(format);
  if (!valid_format(format, "eEfFgG")) invalid_format(format, "a Real");
  char spec[MAX_MINIMUM_LENGTH];
  if (snprintf(spec, sizeof spec, "%%%s", format) >= (int)sizeof spec) invalid_format(format, "a Real");
  char text[FORMATTED_CAPACITY];
  snprintf(text, sizeof text, spec, value);
  return padded(data, text, 0, 1);
}

const char* smc_string_format_integer(SmcModelData* data, int32_t value, const char* format) {
  format = text_or_empty(format);
  if (valid_format(format, "eEfFgG")) return smc_string_format_real(data, (double)value, format);
  if (!valid_format(format, "diouxXc")) invalid_format(format, "an Integer");
  char spec[MAX_MINIMUM_LENGTH];
  if (snprintf(spec, sizeof spec, "%%%s", format) >= (int)sizeof spec) invalid_format(format, "an Integer");
  char text[FORMATTED_CAPACITY];
  snprintf(text, sizeof text, spec, (int)value);
  return padded(data, text, 0, 1);
}

int32_t smc_string_compare(const char* a, const char* b) {
  int order = strcmp(text_or_empty(a), text_or_empty(b));
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}
