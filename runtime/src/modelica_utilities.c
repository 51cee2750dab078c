/* ModelicaUtilities.h for external C code, and the guard that turns
 * ModelicaError into a failed model call (see modelica_utilities.h). */
#include "modelica_utilities.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logging.h"

typedef struct SmcGuard {
  jmp_buf jump;
  SmcInstance* instance;
  struct SmcGuard* outer;
} SmcGuard;

/* A string handed out by ModelicaAllocateString. */
typedef struct SmcStringBlock {
  struct SmcStringBlock* next;
  char text[];
} SmcStringBlock;

/* Per thread: each FMU instance runs on one thread at a time, and a guard
 * lives exactly as long as its smc_call_guarded frame. */
static _Thread_local SmcGuard* innermost;
static _Thread_local SmcStringBlock* allocated_strings;

static void free_allocated_strings(void) {
  while (allocated_strings != NULL) {
    SmcStringBlock* next = allocated_strings->next;
    free(allocated_strings);
    allocated_strings = next;
  }
}

static void leave(SmcGuard* outer) {
  innermost = outer;
  if (innermost == NULL) free_allocated_strings();
}

int32_t smc_call_guarded(SmcInstance* instance, SmcGuardedCall call, void* context) {
  SmcGuard guard;
  guard.instance = instance;
  guard.outer = innermost;
  if (setjmp(guard.jump) != 0) {
    leave(guard.outer);
    return SMC_FAILED;
  }
  innermost = &guard;
  instance->external_error = false;
  int32_t status = call(instance, context);
  leave(guard.outer);
  return status;
}

static SmcInstance* current_instance(void) { return innermost != NULL ? innermost->instance : NULL; }

/* The functions below are what ModelicaUtilities.h declares; external C
 * code calls them by these names. */
void ModelicaMessage(const char* string);
void ModelicaFormatMessage(const char* string, ...);
void ModelicaVFormatMessage(const char* string, va_list args);
void ModelicaWarning(const char* string);
void ModelicaFormatWarning(const char* string, ...);
void ModelicaVFormatWarning(const char* string, va_list args);
_Noreturn void ModelicaError(const char* string);
_Noreturn void ModelicaFormatError(const char* string, ...);
_Noreturn void ModelicaVFormatError(const char* string, va_list args);
char* ModelicaAllocateString(size_t len);
char* ModelicaAllocateStringWithErrorReturn(size_t len);
char* ModelicaDuplicateString(const char* string);

void ModelicaMessage(const char* string) { smc_log_modelica_message(current_instance(), "%s", string); }

void ModelicaVFormatMessage(const char* string, va_list args) {
  char text[SMC_MESSAGE_CAPACITY];
  vsnprintf(text, sizeof text, string, args);
  ModelicaMessage(text);
}

void ModelicaFormatMessage(const char* string, ...) {
  va_list args;
  va_start(args, string);
  ModelicaVFormatMessage(string, args);
  va_end(args);
}

void ModelicaWarning(const char* string) {
  SmcInstance* instance = current_instance();
  if (instance != NULL) smc_warn(instance, "%s", string);
}

void ModelicaVFormatWarning(const char* string, va_list args) {
  char text[SMC_MESSAGE_CAPACITY];
  vsnprintf(text, sizeof text, string, args);
  ModelicaWarning(text);
}

void ModelicaFormatWarning(const char* string, ...) {
  va_list args;
  va_start(args, string);
  ModelicaVFormatWarning(string, args);
  va_end(args);
}

_Noreturn void ModelicaError(const char* string) {
  SmcGuard* guard = innermost;
  if (guard == NULL) {
    /* Every call into model code is guarded, so external code cannot run
     * here; the contract forbids returning. */
    fprintf(stderr, "smc runtime: ModelicaError outside a model call: %s\n", string);
    abort();
  }
  smc_record_failure(guard->instance, "%s", string);
  guard->instance->external_error = true;
  longjmp(guard->jump, 1);
}

_Noreturn void ModelicaVFormatError(const char* string, va_list args) {
  char text[SMC_MESSAGE_CAPACITY];
  vsnprintf(text, sizeof text, string, args);
  ModelicaError(text);
}

_Noreturn void ModelicaFormatError(const char* string, ...) {
  va_list args;
  va_start(args, string);
  ModelicaVFormatError(string, args);
}

char* ModelicaAllocateStringWithErrorReturn(size_t len) {
  if (len > SIZE_MAX - sizeof(SmcStringBlock) - 1) return NULL;
  SmcStringBlock* block = malloc(sizeof(SmcStringBlock) + len + 1);
  if (block == NULL) return NULL;
  block->text[len] = '\0';
  block->next = allocated_strings;
  allocated_strings = block;
  return block->text;
}

char* ModelicaAllocateString(size_t len) {
  char* text = ModelicaAllocateStringWithErrorReturn(len);
  if (text == NULL) ModelicaFormatError("cannot allocate a string of %zu bytes", len);
  return text;
}

char* ModelicaDuplicateString(const char* string) {
  size_t length = strlen(string);
  char* copy = ModelicaAllocateString(length);
  memcpy(copy, string, length);
  return copy;
}

/* ModelicaStandardTables reads tables a user defines in C through usertab;
 * without the user's own (a strong definition wins over this weak one),
 * asking for one is an error. */
int usertab(char* tableName, int nipo, int dim[], int* colWise, double** table) __attribute__((weak));
int usertab(char* tableName, int nipo, int dim[], int* colWise, double** table) {
  (void)nipo;
  (void)dim;
  (void)colWise;
  (void)table;
  ModelicaFormatError("no usertab function defines the table \"%s\"", tableName);
}
