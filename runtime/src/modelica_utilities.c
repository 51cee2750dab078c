/* ModelicaUtilities.h for external C code, and the guard that turns
 * ModelicaError into a failed model call (see modelica_utilities.h). */
#include "modelica_utilities.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logging.h"

/* A string handed out by ModelicaAllocateString. */
typedef struct SmcStringBlock {
  struct SmcStringBlock* next;
  char text[];
} SmcStringBlock;

typedef struct SmcGuard SmcGuard;

/* Per thread (each FMU instance runs on one thread at a time): the
 * innermost guard, which lives exactly as long as its smc_call_guarded
 * frame and holds the strings handed out under it. A pthread key rather
 * than _Thread_local: the FMU is dlopen'ed and may be dlclose'd, and a
 * key (deleted when the FMU is unloaded) leaves no TLS block behind. */
struct SmcGuard {
  jmp_buf jump;
  SmcInstance* instance;
  struct SmcGuard* outer;
};

static pthread_key_t guard_key;
static pthread_once_t guard_key_once = PTHREAD_ONCE_INIT;
static bool guard_key_created;

static void create_guard_key(void) { guard_key_created = pthread_key_create(&guard_key, NULL) == 0; }

__attribute__((destructor)) static void delete_guard_key(void) {
  if (guard_key_created) pthread_key_delete(guard_key);
}

static SmcGuard* innermost(void) {
  pthread_once(&guard_key_once, create_guard_key);
  return guard_key_created ? pthread_getspecific(guard_key) : NULL;
}

static void set_innermost(SmcGuard* guard) {
  if (guard_key_created) pthread_setspecific(guard_key, guard);
}

/* The guard's fields are set before its setjmp and never changed after,
 * so they are intact when ModelicaError jumps back; the strings hang off
 * the instance (on the heap) for the same reason. */
static void leave(SmcGuard* guard) {
  set_innermost(guard->outer);
  if (guard->outer != NULL) return;
  SmcInstance* instance = guard->instance;
  instance->call_string_bytes = 0;
  while (instance->external_strings != NULL) {
    SmcStringBlock* next = instance->external_strings->next;
    free(instance->external_strings);
    instance->external_strings = next;
  }
}

int32_t smc_call_guarded(SmcInstance* instance, SmcGuardedCall call, void* context) {
  /* Without external C or run-time strings nothing can jump out of the
   * call and no string outlives it: no setjmp, no guard to keep
   * (smc_model.needs_call_guard). */
  if (!smc_model.needs_call_guard) {
    instance->external_error = false;
    return call(instance, context);
  }
  SmcGuard guard;
  guard.instance = instance;
  guard.outer = innermost();
  if (setjmp(guard.jump) != 0) {
    leave(&guard);
    return SMC_FAILED;
  }
  set_innermost(&guard);
  instance->external_error = false;
  int32_t status = call(instance, context);
  leave(&guard);
  return status;
}

static SmcInstance* current_instance(void) {
  SmcGuard* guard = innermost();
  return guard != NULL ? guard->instance : NULL;
}

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

/* One log message is one line: the newline that ends a printed line
 * (Streams.print writes "%s\n") is the logger's to add. */
void ModelicaMessage(const char* string) {
  size_t length = strlen(string);
  if (length > 0 && string[length - 1] == '\n') --length;
  smc_log_modelica_message(current_instance(), "%.*s", (int)(length > INT32_MAX ? INT32_MAX : length), string);
}

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
  SmcGuard* guard = innermost();
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

/* Bounds what one model call may hold in strings, so that a function
 * growing a String in a runaway loop fails the call instead of the host. */
enum { SMC_CALL_STRING_LIMIT = 256 << 20 };

static char* allocate_call_string(SmcInstance* instance, size_t len) {
  if (instance == NULL || len > SMC_CALL_STRING_LIMIT - instance->call_string_bytes) return NULL;
  SmcStringBlock* block = malloc(sizeof(SmcStringBlock) + len + 1);
  if (block == NULL) return NULL;
  instance->call_string_bytes += len;
  block->text[len] = '\0';
  block->next = instance->external_strings;
  instance->external_strings = block;
  return block->text;
}

char* smc_call_string(SmcInstance* instance, size_t len) {
  char* text = allocate_call_string(instance, len);
  if (text == NULL)
    ModelicaFormatError("cannot hold a string of %zu bytes: the strings of one model call are limited to %d MiB",
                        len, SMC_CALL_STRING_LIMIT >> 20);
  return text;
}

char* ModelicaAllocateStringWithErrorReturn(size_t len) {
  /* Outside a model call no external code runs, so no string is asked for. */
  return allocate_call_string(current_instance(), len);
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
