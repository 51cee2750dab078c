/* Messages built at run time by generated code (declared in smc/model.h):
 * the pieces of an assert() or terminate() message that String() makes
 * of model values. The text lives in the instance's message buffer until
 * the next message is begun; what does not fit is cut off. The formats
 * match the compiler's folding of String() on constants
 * (src/flatten/ConstEval.cpp, formatStringOf). */
#include <stdio.h>
#include <string.h>

#include "instance.h"
#include "smc/model.h"

enum { MAX_SIGNIFICANT_DIGITS = 17, MAX_MINIMUM_LENGTH = 1000 };

static SmcInstance* instance_of(SmcModelData* data) {
  return data != NULL ? (SmcInstance*)data->instance : NULL;
}

static void append(SmcInstance* instance, const char* text, size_t length) {
  size_t room = sizeof instance->message - 1 - instance->message_length;
  if (length > room) length = room;
  memcpy(instance->message + instance->message_length, text, length);
  instance->message_length += length;
  instance->message[instance->message_length] = '\0';
}

static void append_blanks(SmcInstance* instance, size_t count) {
  while (count-- > 0) append(instance, " ", 1);
}

/* `text`, padded to minimum_length on the side leftJustified says. */
static void append_padded(SmcModelData* data, const char* text, int32_t minimum_length,
                          int32_t left_justified) {
  SmcInstance* instance = instance_of(data);
  if (instance == NULL) return;
  size_t length = strlen(text);
  size_t width = minimum_length <= 0 ? 0
                 : minimum_length > MAX_MINIMUM_LENGTH ? MAX_MINIMUM_LENGTH
                                                       : (size_t)minimum_length;
  size_t padding = width > length ? width - length : 0;
  if (!left_justified) append_blanks(instance, padding);
  append(instance, text, length);
  if (left_justified) append_blanks(instance, padding);
}

void smc_message_begin(SmcModelData* data) {
  SmcInstance* instance = instance_of(data);
  if (instance == NULL) return;
  instance->message_length = 0;
  instance->message[0] = '\0';
}

void smc_message_append_text(SmcModelData* data, const char* text) {
  SmcInstance* instance = instance_of(data);
  if (instance == NULL || text == NULL) return;
  append(instance, text, strlen(text));
}

void smc_message_append_real(SmcModelData* data, double value, int32_t significant_digits,
                             int32_t minimum_length, int32_t left_justified) {
  int digits = significant_digits < 1                        ? 1
               : significant_digits > MAX_SIGNIFICANT_DIGITS ? MAX_SIGNIFICANT_DIGITS
                                                             : (int)significant_digits;
  char text[64];
  snprintf(text, sizeof text, "%.*g", digits, value);
  append_padded(data, text, minimum_length, left_justified);
}

void smc_message_append_integer(SmcModelData* data, int32_t value, int32_t minimum_length,
                                int32_t left_justified) {
  char text[16];
  snprintf(text, sizeof text, "%d", (int)value);
  append_padded(data, text, minimum_length, left_justified);
}

void smc_message_append_boolean(SmcModelData* data, int32_t value, int32_t minimum_length,
                                int32_t left_justified) {
  append_padded(data, value ? "true" : "false", minimum_length, left_justified);
}

const char* smc_message_text(SmcModelData* data) {
  SmcInstance* instance = instance_of(data);
  return instance != NULL ? instance->message : "";
}
