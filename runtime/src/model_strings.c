/* String values computed when the model runs (declared in smc/model.h):
 * concatenation, String() of a value and comparison. Each result is new
 * text that lives until the model call that made it returns, like the
 * strings ModelicaAllocateString hands out (modelica_utilities.c holds
 * both). Null, which only a misbehaving external function returns, reads
 * as "". The formats match the compiler's folding of String() on
 * constants (src/flatten/ConstEval.cpp, formatStringOf). */
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

int32_t smc_string_compare(const char* a, const char* b) {
  int order = strcmp(text_or_empty(a), text_or_empty(b));
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}
